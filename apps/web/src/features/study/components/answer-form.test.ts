import { scoredLength, studyLimits } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { withinGuessLimit } from './answer-form';

describe('the answer field', () => {
  it('keeps a guess to the characters the server scores, counted as it counts them', () => {
    expect(withinGuessLimit('house')).toBe('house');
    expect(withinGuessLimit('x'.repeat(studyLimits.guessMax + 20))).toBe(
      'x'.repeat(studyLimits.guessMax),
    );
    // ß is scored as ss, an emoji with its skin tone as one character.
    expect(withinGuessLimit('ß'.repeat(studyLimits.guessMax))).toBe(
      'ß'.repeat(studyLimits.guessMax / 2),
    );
    const emoji = withinGuessLimit('👍🏽'.repeat(studyLimits.guessMax + 1));
    expect(scoredLength(emoji)).toBe(studyLimits.guessMax);
  });
});
