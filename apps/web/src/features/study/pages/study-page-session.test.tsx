import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, renderStudy, stubServer, studyPageHarness } from './study-page-test-support';

studyPageHarness();

describe('study page', () => {
  it('shows the summary after the last card and invalidates the cards', async () => {
    stubServer();
    const user = userEvent.setup();
    const { queryClient } = renderStudy();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await answer(user, 'the apple');
    await screen.findByText(/(Exactly right|Right, with a slip) — score/);
    await user.keyboard('{Enter}');
    await answer(user, 'a cat');
    await screen.findByText(/(Not right|Partly right|Close) — score/);
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    const summary = await screen.findByRole('region', { name: 'Session complete' });
    const stat = (label: string) =>
      within(summary).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(stat('Answered')).toBe('2');
    expect(stat('Right')).toBe('1');
    expect(stat('Accuracy')).toBe('50%');
    expect(stat('Best combo')).toBe('1');
    expect(within(summary).getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cards'] });

    await user.click(within(summary).getByRole('button', { name: 'Study again' }));
    expect(await screen.findByText('Card 1 of 2')).toBeTruthy();
  });

  it('speaks the prompt in its language when speech synthesis exists', async () => {
    stubServer();
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', {
      speak,
      cancel: vi.fn(),
      getVoices: () => [{ lang: 'fr-FR' }, { lang: 'en-US' }],
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(public text: string) {}
      },
    );
    const user = userEvent.setup();
    renderStudy();
    await user.click(await screen.findByRole('button', { name: /Say “la pomme” aloud/ }));
    expect(speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'la pomme', lang: 'fr' }));
  });

  it('says so when the browser cannot read aloud, instead of a button doing nothing', async () => {
    stubServer();
    renderStudy();
    await screen.findByText('la pomme');
    expect(screen.queryByRole('button', { name: /aloud/ })).toBeNull();
    const speak = screen.getByRole('button', { name: 'Speak' });
    expect(speak.getAttribute('aria-disabled')).toBe('true');
    expect(speak.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('This browser cannot read aloud.')).toBeTruthy();
  });

  it('says when there is no voice for the language (issue 16, item 6)', async () => {
    stubServer();
    vi.stubGlobal('speechSynthesis', {
      speak: vi.fn(),
      cancel: vi.fn(),
      getVoices: () => [{ lang: 'en-US' }],
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal('SpeechSynthesisUtterance', vi.fn());
    renderStudy();
    await screen.findByText('la pomme');
    expect(screen.getByRole('button', { name: 'Speak' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    // For screen readers at once, as the button's description; on screen once pressed (shown
    // when the browser said so, it pushed the answer form down on every card).
    expect(screen.getByText('No voice for French on this device.')).toBeTruthy();
    const noteShown = () =>
      screen
        .queryAllByRole('status')
        .some((status) => status.textContent === 'No voice for French on this device.');
    expect(noteShown()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Speak' }));
    expect(noteShown()).toBe(true);
  });

  it('pressed before any voice is listed, Speak says there is none and keeps focus', async () => {
    stubServer();
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', {
      speak,
      cancel: vi.fn(),
      getVoices: () => [],
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    vi.stubGlobal('SpeechSynthesisUtterance', vi.fn());
    const user = userEvent.setup();
    renderStudy();
    const button = await screen.findByRole('button', { name: /Say “la pomme” aloud/ });
    await user.click(button);
    expect(await screen.findByText('No voice for French on this device.')).toBeTruthy();
    expect(speak).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Speak' }));
  });

  it('shows an empty state when nothing is due', async () => {
    stubServer({ queue: [] });
    renderStudy();
    expect(await screen.findByRole('heading', { name: 'Nothing to study right now' })).toBeTruthy();
  });

  it('studies one category from the URL', async () => {
    const fetch = stubServer();
    renderStudy('/app/study?category=cat-1');
    await screen.findByText('la pomme');
    expect(fetch.mock.calls.some(([input]) => input === '/api/study/queue?categoryId=cat-1')).toBe(
      true,
    );
  });
});
