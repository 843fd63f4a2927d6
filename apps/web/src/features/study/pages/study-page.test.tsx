import { api } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import {
  answer,
  firstBody,
  postsTo,
  renderStudy,
  reviewResult,
  stubServer,
  studyPageHarness,
  studyReads,
  type Body,
} from './study-page-test-support';

studyPageHarness();

describe('study page', () => {
  it('answers a card: posts the body, shows the score, diff and answers', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderStudy();

    expect(await screen.findByText('la pomme')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /your answer/i });
    expect(field.getAttribute('lang')).toBe('en');
    expect(field.getAttribute('dir')).toBe('ltr');
    await answer(user, 'an axple');

    expect(await screen.findByText(/Partly right — score 50%/)).toBeTruthy();
    const body = firstBody(fetch);
    expect(body).toEqual({
      cardId: 'card-1',
      guess: 'an axple',
      clientReviewId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as unknown,
      elapsedMs: expect.any(Number) as unknown,
    });
    expect(body.elapsedMs).toBeGreaterThanOrEqual(0);

    // The guess as typed, its wrong letter marked, and the expected answer beside it.
    expect(screen.getByTestId('answer-typed').textContent).toBe('an axple');
    expect(
      screen.getByTestId('answer-typed').querySelector('[data-kind="wrong"]')?.textContent,
    ).toBe('x');
    expect(screen.getByTestId('answer-expected').textContent).toBe('an apple');
    expect(screen.getByTestId('answer-diff').textContent).toContain(
      'You typed “an axple”; expected “an apple”. “x” typed for “p”.',
    );
    expect(screen.getByText('the apple')).toBeTruthy();
    expect(screen.getByText('an apple')).toBeTruthy();
    expect(screen.getByText('in 3 days')).toBeTruthy();
  });

  it('Enter moves to the next card', async () => {
    stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    expect(await screen.findByText(/Exactly right — score 100%/)).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next card' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('le chat')).toBeTruthy();
    expect(screen.getByText('Card 2 of 2')).toBeTruthy();
  });

  it('"I was right" calls override and counts the answer as right', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'an aple');
    await user.click(await screen.findByRole('button', { name: 'I was right' }));

    expect(await screen.findByText(/counted as right/)).toBeTruthy();
    const overrides = postsTo(fetch, /\/override$/);
    expect(overrides).toHaveLength(1);
    const { clientReviewId } = firstBody(fetch);
    expect(overrides[0]?.[0]).toBe(`/api/study/reviews/${clientReviewId}/override`);
    expect(screen.queryByRole('button', { name: 'I was right' })).toBeNull();
    expect(getAppState().cardCombo).toBe(1);
  });

  it('shows the grade and the next interval, and lets the learner choose another grade', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    expect((await screen.findByTestId('answer-grade')).textContent).toBe('Exact');
    expect(screen.getByTestId('next-review').textContent).toMatch(/^Next in 3 days — /);
    const choice = screen.getByRole('group', { name: 'Change the grade' });
    expect(within(choice).getByRole('button', { name: 'Exact' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(choice).getByRole('button', { name: 'Exact and quick' }));

    await waitFor(() =>
      expect(screen.getByTestId('answer-grade').textContent).toBe('Exact and quick (your choice)'),
    );
    expect(screen.getByTestId('next-review').textContent).toMatch(/^Next in 16 days — /);
    const overrides = postsTo(fetch, /\/override$/);
    expect(overrides).toHaveLength(1);
    expect(JSON.parse(String(overrides[0]?.[1]?.body))).toEqual({ grade: 4 });
    // Once changed, the choice is gone; undo still takes the answer back.
    expect(screen.queryByRole('group', { name: 'Change the grade' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('textbox', { name: /your answer/i })).toBeTruthy();
    expect(postsTo(fetch, /\/undo$/)).toHaveLength(1);
  });

  it('undo calls undo and shows the card again', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    const field = await screen.findByRole('textbox', { name: /your answer/i });
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.getByText('la pomme')).toBeTruthy();
    expect(screen.getByText('Card 1 of 2')).toBeTruthy();
    expect(postsTo(fetch, /\/undo$/)).toHaveLength(1);
    expect(getAppState().cardCombo).toBe(0);
  });

  it('updates the combo in app state and celebrates milestones', async () => {
    stubServer({ startCombo: 9 });
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    await screen.findByText(/(Exactly right|Right, with a slip) — score/);
    expect(getAppState().cardCombo).toBe(10);
    expect(screen.getByText(/Combo of 10!/).closest('[aria-live="polite"]')).not.toBeNull();

    await user.keyboard('{Enter}');
    await answer(user, 'a cat');
    await screen.findByText(/(Not right|Partly right|Close) — score/);
    expect(getAppState().cardCombo).toBe(0);
  });

  it('resends the same client id when an answer fails', async () => {
    let calls = 0;
    const { fetch } = studyReads(fakeApi()).on(api.study.review, ({ body }) => {
      calls += 1;
      if (calls === 1) return failure(500, 'internal_error', 'Boom');
      return ok(reviewResult(body, true, 1));
    });
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    await waitFor(() => expect(calls).toBe(1));
    await user.type(screen.getByRole('textbox', { name: /your answer/i }), '{Enter}');
    await screen.findByText(/(Exactly right|Right, with a slip) — score/);
    const ids = postsTo(fetch, '/api/study/reviews').map(
      ([, init]) => (JSON.parse(String(init?.body)) as Body).clientReviewId,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});
