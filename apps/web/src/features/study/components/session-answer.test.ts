import { describe, expect, it } from 'vitest';
import { answerScoredHere } from './session-answer';
import { askedOf } from './study-format';

const card = {
  cardId: 'card-1',
  categoryId: null,
  front: 'le chat',
  answers: ['the cat', 'a cat'],
  notes: '',
  fromLanguageCode: 'fr',
  toLanguageCode: 'en',
  kind: 'due' as const,
  progress: null,
};

/** What each direction asks, and an answer scored on the device (offline, practice): 0027. */
describe('a queue item’s direction', () => {
  it('asks forward for an answer in the to-language, in reverse for the front', () => {
    expect(askedOf({ ...card, direction: 'forward' })).toEqual({
      prompt: ['le chat'],
      promptLanguage: 'fr',
      expected: ['the cat', 'a cat'],
      answerLanguage: 'en',
      label: 'French → English',
      spoken: 'Asked from French to English',
    });
    expect(askedOf({ ...card, direction: 'reverse' })).toEqual({
      prompt: ['the cat', 'a cat'],
      promptLanguage: 'en',
      expected: ['le chat'],
      answerLanguage: 'fr',
      label: 'English → French',
      spoken: 'Reverse: asked from English to French',
    });
  });

  it('scores a reverse answer here against the front, its article weighing little', () => {
    const reverse = { ...card, direction: 'reverse' as const };
    const close = answerScoredHere(reverse, 'chat', 'review-0001', 0.85, 0);
    expect(close).toMatchObject({ expected: 'le chat', answers: ['le chat'], success: true });
    expect(close.score).toBeLessThan(1);
    const wrong = answerScoredHere(reverse, 'the cat', 'review-0002', 0.85, 0);
    expect(wrong.success).toBe(false);
    // Forward, the same guess is right.
    const right = answerScoredHere({ ...card, direction: 'forward' }, 'the cat', 'r-3', 0.85, 0);
    expect([right.success, right.expected]).toEqual([true, 'the cat']);
  });
});
