import { api, type ReviewResult } from '@glossa/contract';
import { scoreGuess } from '@glossa/srs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import {
  answer,
  firstBody,
  item,
  later,
  renderStudy,
  studyPageHarness,
  studyReads,
} from './study-page-test-support';

studyPageHarness();

/** A card asked both ways (decision 0027): the forward item, then the reverse one of another. */
const forward = { ...item('card-1', 'la pomme', ['the apple']), notes: 'Une pomme rouge.' };
const reverse = {
  ...item('card-2', 'le chat', ['the cat', 'a cat']),
  notes: 'Le chat dort.',
  direction: 'reverse' as const,
};

function reverseResult(body: { clientReviewId: string; guess: string }): ReviewResult {
  const scored = scoreGuess(body.guess, ['le chat'], { language: 'fr' });
  return {
    clientReviewId: body.clientReviewId,
    cardId: 'card-2',
    direction: 'reverse',
    kind: 'review',
    score: scored.score,
    success: scored.success,
    grade: scored.success ? (scored.score >= 1 ? 3 : 2) : 1,
    expected: 'le chat',
    answers: ['le chat'],
    diff: scored.diff,
    dueAt: later,
    period: 2,
    combo: { current: 1, best: 1, bestAt: null },
    reviewedAt: new Date().toISOString(),
  };
}

describe('study page: the reverse direction', () => {
  it('says which way each card is asked, shows the translation and takes the term', async () => {
    const fetch = studyReads(fakeApi(), [reverse, forward]).on(api.study.review, ({ body }) =>
      ok(reverseResult(body)),
    ).fetch;
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderStudy();

    const card = await screen.findByRole('region', { name: 'Card' });
    const direction = await within(card).findByTestId('study-direction');
    // Seen: "English → French" and a Reverse badge; heard: the same in words.
    expect(direction.textContent).toContain('English → French');
    expect(within(direction).getByText('Reverse: asked from English to French')).toBeTruthy();
    // The prompt is the answers, in English; the notes (they often hold the term) wait.
    const prompt = within(card).getByText('the cat · a cat');
    expect(prompt.getAttribute('lang')).toBe('en');
    expect(within(card).queryByText('Le chat dort.')).toBeNull();
    const field = within(card).getByRole('textbox', { name: /your answer in français/i });
    expect(field.getAttribute('lang')).toBe('fr');

    await answer(user, 'chat');
    expect(firstBody(fetch)).toMatchObject({
      cardId: 'card-2',
      direction: 'reverse',
      guess: 'chat',
    });
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText(/score \d+%/)).toBeTruthy();
    // The notes show once answered.
    expect(within(card).getByText('Le chat dort.')).toBeTruthy();

    await user.keyboard('{Enter}');
    const next = await within(card).findByTestId('study-direction');
    await waitFor(() => expect(next.textContent).toContain('French → English'));
    expect(next.textContent).not.toContain('Reverse');
    expect(within(card).getByText('la pomme').getAttribute('lang')).toBe('fr');
    expect(within(card).getByText('Une pomme rouge.')).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: /your answer in english/i })).toBeTruthy();
  });
});
