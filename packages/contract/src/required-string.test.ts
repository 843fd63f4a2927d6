import { describe, expect, it } from 'vitest';
import { loginBodySchema, reviewBodySchema } from './index';

const review = { cardId: 'c1', guess: 'casa', clientReviewId: 'review-0001', elapsedMs: 1200 };
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('requiredString', () => {
  it('says a missing or null field is required', () => {
    const { guess: _missing, ...withoutGuess } = review;
    expect(messageOf(reviewBodySchema.safeParse(withoutGuess))).toBe('guess is required');
    expect(messageOf(reviewBodySchema.safeParse({ ...review, guess: null }))).toBe(
      'guess is required',
    );
  });

  it('says a field of another type must be text', () => {
    expect(messageOf(reviewBodySchema.safeParse({ ...review, guess: 1 }))).toBe(
      'guess must be text',
    );
    expect(messageOf(loginBodySchema.safeParse({ login: ['ana'], password: 'x' }))).toBe(
      'Username or e-mail must be text',
    );
  });

  it('keeps the field’s other rules', () => {
    expect(reviewBodySchema.safeParse(review).success).toBe(true);
    expect(messageOf(loginBodySchema.safeParse({ login: '', password: 'x' }))).toBe(
      'Username or e-mail is required',
    );
  });
});
