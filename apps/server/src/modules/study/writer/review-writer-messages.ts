import type { ReviewBody, ReviewResult, UndoResult } from '@glossa/contract';
import type { GuessScore } from '@glossa/srs';
import type { Config } from '../../../config';
import { AppError } from '../../../errors';

// What the review writer (review-writer.ts) and its thread (review-writer.worker.ts) send each
// other, apart from both so that the thread loads neither the other side nor its thread starter.

export interface ReviewWriterData {
  database: Config['database'];
  lanes: number;
  maxBatch: number;
}

/**
 * The guess scored before the write queue (scoring is the costly part of an answer, and the
 * writer's thread serves every learner), with what it was scored against: the writer uses it
 * while the card still has those answers in that language, and scores again otherwise.
 */
export interface ScoredGuess {
  answers: string[];
  language: string;
  /** Its score, expected variant and diff; whether it succeeds is the engine's (settings). */
  scored: GuessScore;
}

/** One review submission, as plain data. */
export interface ReviewJob {
  userId: string;
  body: ReviewBody;
  /** When the server received it (epoch ms): the review's time unless answeredAt says when. */
  now: number;
  /** When the learner answered (epoch ms, given by the device, within bounds): see ReviewInput. */
  answeredAt?: number;
  /** Null when the card was not found to score (the writer then answers why). */
  scored: ScoredGuess | null;
}

/** "I was right" on a review, or its undo, as plain data. */
export interface RevisionJob {
  userId: string;
  /** The review's own clientReviewId. */
  clientReviewId: string;
  /** When the server received it (epoch ms). */
  now: number;
  /** An override's chosen grade (absent: "I was right", close). */
  grade?: 1 | 2 | 3 | 4;
}

/** Every study write the writer takes: a review, an override or an undo. */
export type StudyWrite =
  | ({ kind: 'review' } & ReviewJob)
  | ({ kind: 'override' } & RevisionJob)
  | ({ kind: 'undo' } & RevisionJob);

export type WriterAnswer =
  { id: number; result: ReviewResult | UndoResult } | { id: number; error: DescribedError };

type DescribedError =
  | { app: true; code: AppError['code']; message: string; issues?: AppError['issues'] }
  | { app: false; message: string; code?: string };

/** An error as plain data, to cross between threads. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof AppError) {
    return { app: true, code: error.code, message: error.message, issues: error.issues };
  }
  const code = (error as { code?: unknown } | null)?.code;
  return {
    app: false,
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

export function rebuildError(described: DescribedError): Error {
  if (described.app) return new AppError(described.code, described.message, described.issues);
  return Object.assign(new Error(described.message), { code: described.code });
}

/** Every answer carries the writer's commit counts as they were when it was sent. */
export type StatedAnswer = WriterAnswer & { stats: { commits: number; requests: number } };
