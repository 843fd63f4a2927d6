import type { ReviewBody, ReviewResult } from '@glossa/contract';
import { studyLimits } from '@glossa/contract/values';
import { t } from '@lingui/core/macro';
import { ApiError } from '../../../lib/api-client';
import { noteOwnStudyWrite } from '../../../lib/own-study-writes';
import type { OutboxEntry } from './outbox-storage';
import { postOverride, postReview } from './study-requests';

export interface OutboxTransport {
  review(body: ReviewBody): Promise<ReviewResult>;
  override(clientReviewId: string): Promise<ReviewResult>;
}

export const defaultTransport: OutboxTransport = { review: postReview, override: postOverride };

/** Network failures, server errors and rate limits may pass on a later try; other refusals not. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.code === 'network_error' ||
    error.code === 'invalid_response' ||
    error.status >= 500 ||
    error.status === 429
  );
}

export function isSignedOut(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : t`Something went wrong.`;
}

/** What the server made of one waiting answer. */
export interface SentEntry {
  /** The server's result: the truth that replaces the device's score. */
  result: ReviewResult;
  /** Why "I was right" was not applied (the answer itself counted), or null. */
  overrideError: string | null;
}

/**
 * An answer that waited on the device longer than this is sent with the time it was given, so
 * that the server schedules it from then (docs/decisions/0014-answer-time.md). One sent sooner is
 * scheduled from when the server receives it: nothing is gained from the device's clock then,
 * which may be wrong.
 */
export const SEND_ANSWER_TIME_AFTER_MS = 60_000;

/** Whether an answer waited on the device longer than the outbox keeps one (studyLimits). */
export const tooOldToSend = (entry: OutboxEntry, now: number) =>
  now - entry.answeredAt > studyLimits.answerAgeMaxMs;

/**
 * Sends one waiting answer with its own clientReviewId and elapsedMs (and, when it waited, the
 * time it was given), then "I was right" if it was asked and the server scored the answer wrong
 * (only "I was right" when the server already has the answer). Throws when the answer did not
 * count.
 */
export async function sendEntry(
  transport: OutboxTransport,
  entry: OutboxEntry,
  now: number,
): Promise<SentEntry> {
  // Each write's live event, which reaches this tab too, is then known as this tab's own.
  if (entry.reviewSent) {
    noteOwnStudyWrite(entry.clientReviewId);
    return { result: await transport.override(entry.clientReviewId), overrideError: null };
  }
  const waited = now - entry.answeredAt > SEND_ANSWER_TIME_AFTER_MS;
  noteOwnStudyWrite(entry.clientReviewId);
  let result = await transport.review({
    cardId: entry.cardId,
    ...(entry.direction === 'reverse' ? { direction: 'reverse' as const } : {}),
    guess: entry.guess,
    clientReviewId: entry.clientReviewId,
    elapsedMs: entry.elapsedMs,
    ...(waited ? { answeredAt: new Date(entry.answeredAt).toISOString() } : {}),
  });
  let overrideError: string | null = null;
  if (entry.override && !result.success) {
    try {
      noteOwnStudyWrite(entry.clientReviewId);
      result = await transport.override(entry.clientReviewId);
    } catch (error) {
      if (isRetryable(error) || isSignedOut(error)) throw error;
      // The answer counted as the server scored it; only "I was right" was refused.
      overrideError = errorMessage(error);
    }
  }
  return { result, overrideError };
}
