import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeToken, ok, renderPage, stubFetch, userFixture } from '../../../test/render';
import StudyPage from './study-page';

const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
const now = new Date().toISOString();

function item(id: string, front: string, answers: string[]) {
  return {
    cardId: id,
    categoryId: null,
    front,
    answers,
    notes: '',
    fromLanguageCode: 'fr',
    toLanguageCode: 'en',
    kind: 'new' as const,
    progress: null,
  };
}

const items = [
  item('card-1', 'la pomme', ['the apple', 'an apple']),
  item('card-2', 'le chat', ['the cat']),
];

function combo(current: number) {
  return { current, best: Math.max(current, 3), bestAt: null };
}

interface Body {
  cardId: string;
  guess: string;
  clientReviewId: string;
  elapsedMs: number;
}

function reviewResult(body: Body, success: boolean, current: number, kind = 'review') {
  return {
    clientReviewId: body.clientReviewId,
    cardId: body.cardId,
    kind,
    score: success ? 1 : 0.5,
    success,
    expected: body.cardId === 'card-1' ? 'the apple' : 'the cat',
    answers: body.cardId === 'card-1' ? ['the apple', 'an apple'] : ['the cat'],
    diff: success
      ? [{ kind: 'good', text: body.guess }]
      : [
          { kind: 'good', text: 'the a' },
          { kind: 'wrong', text: 'x' },
          { kind: 'missing', text: 'ple' },
        ],
    dueAt: later,
    period: 3,
    combo: combo(current),
    reviewedAt: now,
  };
}

function stubServer({ queue = items, startCombo = 0 } = {}) {
  let current = startCombo;
  const reviews = new Map<string, Body>();
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/categories') return ok({ items: [] });
    if (url === '/api/user/info') return ok(userFixture);
    if (url.startsWith('/api/study/queue')) return ok({ items: queue, dueCount: 0, newCount: 2 });
    if (method === 'POST' && url === '/api/study/reviews') {
      const review = body as Body;
      reviews.set(review.clientReviewId, review);
      const success = review.guess.startsWith('the');
      current = success ? current + 1 : 0;
      return ok(reviewResult(review, success, current));
    }
    const match = /^\/api\/study\/reviews\/([^/]+)\/(override|undo)$/.exec(url);
    const review = match ? reviews.get(match[1] ?? '') : undefined;
    if (method === 'POST' && match && review) {
      if (match[2] === 'override') {
        current += 1;
        return ok(reviewResult(review, true, current, 'override'));
      }
      current = Math.max(0, current - 1);
      return ok({
        clientReviewId: review.clientReviewId,
        cardId: review.cardId,
        progress: null,
        combo: combo(current),
      });
    }
    return failure(404, 'not_found', 'Not found');
  });
}

function firstBody(fetch: ReturnType<typeof stubFetch>): Body {
  const init = postsTo(fetch, '/api/study/reviews')[0]?.[1];
  return JSON.parse(String(init?.body)) as Body;
}

function postsTo(fetch: ReturnType<typeof stubFetch>, url: string | RegExp) {
  return fetch.mock.calls.filter(
    ([input, init]) =>
      init?.method === 'POST' &&
      (typeof url === 'string' ? input === url : url.test(String(input))),
  );
}

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function renderStudy(url = '/app/study') {
  return renderPage('/app/study', url, <StudyPage />);
}

async function answer(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = await screen.findByRole('textbox', { name: /your answer/i });
  await waitFor(() => expect(document.activeElement).toBe(field));
  await user.type(field, `${text}{Enter}`);
}

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

    expect(await screen.findByText(/Not quite — score 50%/)).toBeTruthy();
    const body = firstBody(fetch);
    expect(body).toEqual({
      cardId: 'card-1',
      guess: 'an axple',
      clientReviewId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as unknown,
      elapsedMs: expect.any(Number) as unknown,
    });
    expect(body.elapsedMs).toBeGreaterThanOrEqual(0);

    const diff = screen.getByTestId('answer-diff');
    expect(diff.querySelector('[data-kind="wrong"]')?.textContent).toContain('x');
    expect(diff.textContent).toContain('wrong:');
    expect(diff.textContent).toContain('missing:');
    expect(screen.getByText('the apple')).toBeTruthy();
    expect(screen.getByText('an apple')).toBeTruthy();
    expect(screen.getByText('in 3 days')).toBeTruthy();
  });

  it('Enter moves to the next card', async () => {
    stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    expect(await screen.findByText(/Right — score 100%/)).toBeTruthy();
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
    await screen.findByText(/Right — score/);
    expect(getAppState().cardCombo).toBe(10);
    expect(screen.getByText(/Combo of 10!/).closest('[aria-live="polite"]')).not.toBeNull();

    await user.keyboard('{Enter}');
    await answer(user, 'a cat');
    await screen.findByText(/Not quite/);
    expect(getAppState().cardCombo).toBe(0);
  });

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

  it('resends the same client id when an answer fails', async () => {
    let calls = 0;
    const fetch = stubFetch(({ url, body }) => {
      if (url === '/api/categories') return ok({ items: [] });
      if (url === '/api/user/info') return ok(userFixture);
      if (url.startsWith('/api/study/queue')) return ok({ items, dueCount: 0, newCount: 2 });
      calls += 1;
      if (calls === 1) return failure(500, 'internal_error', 'Boom');
      return ok(reviewResult(body as Body, true, 1));
    });
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    await waitFor(() => expect(calls).toBe(1));
    await user.type(screen.getByRole('textbox', { name: /your answer/i }), '{Enter}');
    await screen.findByText(/Right — score/);
    const ids = postsTo(fetch, '/api/study/reviews').map(
      ([, init]) => (JSON.parse(String(init?.body)) as Body).clientReviewId,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
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
