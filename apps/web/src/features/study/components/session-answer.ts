import type { ReviewResult, StudyQueueItem } from '@glossa/contract';
import { gradeFromScore, nextComboCount, scoreGuess } from '@glossa/srs';
import { askedOf } from './study-format';

/** One answered card of a session, as the server scored it or, offline, as this device did. */
export interface SessionAnswer {
  clientReviewId: string;
  cardId: string;
  kind: 'review' | 'override';
  score: number;
  success: boolean;
  /**
   * 1 missed, 2 close, 3 exact, 4 exact and quick (decision 0030): the server's, or as this device
   * grades it while the answer waits (never quick: the threshold is the server's).
   */
  grade: 1 | 2 | 3 | 4;
  expected: string;
  answers: string[];
  diff: ReviewResult['diff'];
  /** The typing conventions read in the guess ("ae for ä"); empty when none or not told. */
  conventions: NonNullable<ReviewResult['conventions']>;
  /** The next review and its interval in days; null until the server has scheduled the card. */
  dueAt: string | null;
  period: number | null;
  /** The combo after this answer, and before it (what undo restores). */
  combo: number;
  comboBefore: number;
  /**
   * `synced`: the server's result; `pending`: scored here, waiting in the outbox; `refused`: the
   * server would not take it (the card is gone), so it did not count; `practice`: scored here in
   * practise, never sent (no schedule, no log, no combo).
   */
  sync: 'synced' | 'pending' | 'refused' | 'practice';
  /** Why the server refused it. */
  refusal: string | null;
}

/**
 * The typing conventions of a guess as this device reads them: the feedback names them when the
 * server's result does not (a server from before them).
 */
export function conventionsHere(item: StudyQueueItem, guess: string): SessionAnswer['conventions'] {
  const { expected, answerLanguage } = askedOf(item);
  return scoreGuess(guess, expected, { language: answerLanguage }).conventions ?? [];
}

export function answerFromServer(
  result: ReviewResult,
  comboBefore: number,
  /** The conventions read here, when the server's result does not name them. */
  conventions: SessionAnswer['conventions'] = [],
): SessionAnswer {
  return {
    clientReviewId: result.clientReviewId,
    cardId: result.cardId,
    kind: result.kind,
    score: result.score,
    success: result.success,
    grade: result.grade as SessionAnswer['grade'],
    expected: result.expected,
    answers: result.answers,
    diff: result.diff,
    conventions: result.conventions ?? conventions,
    dueAt: result.dueAt,
    period: result.period,
    combo: result.combo.current,
    comboBefore,
    sync: 'synced',
    refusal: null,
  };
}

/** Scores a guess on the device with the engine the server uses and the learner's pass mark. */
export function answerScoredHere(
  item: StudyQueueItem,
  guess: string,
  clientReviewId: string,
  minimumScore: number,
  comboBefore: number,
): SessionAnswer {
  // What the item's direction asks for: its answers, or (reverse) its front (decision 0027).
  const { expected, answerLanguage } = askedOf(item);
  const scored = scoreGuess(guess, expected, { language: answerLanguage, minimumScore });
  return {
    clientReviewId,
    cardId: item.cardId,
    kind: 'review',
    score: scored.score,
    success: scored.success,
    grade: gradeFromScore(scored.score, { guessSuccessMinimumScore: minimumScore }),
    expected: scored.expected,
    answers: expected,
    diff: scored.diff,
    conventions: scored.conventions ?? [],
    dueAt: null,
    period: null,
    combo: nextComboCount(comboBefore, scored.success),
    comboBefore,
    sync: 'pending',
    refusal: null,
  };
}

/** "I was right" on an answer still waiting: counted as right, the combo goes on. */
export function overriddenHere(answer: SessionAnswer): SessionAnswer {
  return {
    ...answer,
    kind: 'override',
    success: true,
    grade: 2,
    combo: nextComboCount(answer.comboBefore, true),
  };
}
