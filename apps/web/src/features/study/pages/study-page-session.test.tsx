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
    await screen.findByText(/Right — score/);
    await user.keyboard('{Enter}');
    await answer(user, 'a cat');
    await screen.findByText(/Not quite/);
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
    vi.stubGlobal('speechSynthesis', { speak, cancel: vi.fn() });
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

  it('hides the speak button without speech synthesis', async () => {
    stubServer();
    renderStudy();
    await screen.findByText('la pomme');
    expect(screen.queryByRole('button', { name: /aloud/ })).toBeNull();
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
