import type { ReviewBody, StudyQueue, StudyQueueQuery } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getAppState } from '../../../lib/app-state';
import { readSession } from '../../../lib/session';
import type * as QueueStorage from './queue-storage';

export const studyQueueKeyRoot = ['study', 'queue'] as const;

/** What a queue is for: today's cards, studying ahead, or practice (nothing sent). */
export type StudyMode = StudyQueueQuery['mode'];

/**
 * A queue to study; `savedAt` is set when it is the copy kept on this device (when it was sent),
 * `minimumScore` when that copy knew the learner's passing score.
 */
type SessionQueue = StudyQueue & { savedAt: number | null; minimumScore: number | null };

function signedInUserId(): string | null {
  return readSession()?.decodedAccessToken.payload.userId ?? null;
}

/** The kept queues' module (zod and the queue's schema), loaded with the first queue. */
function loadQueueStorage(): Promise<typeof QueueStorage> {
  const loading = import('./queue-storage');
  loading.catch(() => undefined); // Awaited where it is needed; not an unhandled rejection.
  return loading;
}

/**
 * The server's queue, kept on the device for the next time; when the server cannot be reached
 * (no answer at all, not an error it sent), the queue kept last time instead.
 */
async function fetchQueue(
  categoryId: string | null,
  mode: StudyMode,
  signal: AbortSignal,
): Promise<SessionQueue> {
  const userId = signedInUserId();
  // Only today's queue is kept on the device (studying ahead and practice need the server).
  if (mode !== 'study') {
    const queue = await apiRequest(api.study.queue, {
      query: { categoryId: categoryId ?? undefined, mode },
      signal,
    });
    return { ...queue, savedAt: null, minimumScore: null };
  }
  // The kept queue's schema loads with the queue, apart from the page's first paint (decision
  // 0031); the service worker keeps the chunk, so it loads offline too.
  const keeping = loadQueueStorage();
  try {
    const queue = await apiRequest(api.study.queue, {
      query: { categoryId: categoryId ?? undefined },
      signal,
    });
    const { writeStoredQueue } = await keeping;
    // Not once the learner signed out meanwhile: signing out leaves no cards on the device.
    if (userId && signedInUserId() === userId) {
      const minimumScore = getAppState().user?.guessSuccessMinimumScore ?? null;
      writeStoredQueue(localStorage, userId, categoryId, {
        savedAt: Date.now(),
        queue,
        minimumScore,
      });
    }
    return { ...queue, savedAt: null, minimumScore: null };
  } catch (error) {
    const unreachable = error instanceof ApiError && error.code === 'network_error';
    const storage = userId && unreachable ? await keeping.catch(() => null) : null;
    const kept =
      userId && storage ? storage.readStoredQueue(localStorage, userId, categoryId) : null;
    if (!kept) throw error;
    return { ...kept.queue, savedAt: kept.savedAt, minimumScore: kept.minimumScore };
  }
}

/**
 * GET /api/study/queue: due cards first, then new ones (everything, or one category); offline,
 * the queue kept on the device, so a session opened without a network (a reload) goes on.
 */
export function studyQueueQueryOptions(categoryId: string | null, mode: StudyMode = 'study') {
  return queryOptions({
    queryKey: [...studyQueueKeyRoot, categoryId ?? 'all', mode] as const,
    queryFn: ({ signal }) => fetchQueue(categoryId, mode, signal),
    // Runs offline too (instead of waiting paused for a network): the kept queue is read then.
    networkMode: 'always',
    // A session works on the queue as it was when it started; it is fetched again for the next.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Coming back online must not restart a session answered offline; only a queue that could
    // not be loaded at all (offline, nothing kept) is asked for again.
    refetchOnReconnect: (query) => query.state.data === undefined,
  });
}

/** POST /api/study/reviews: the review outbox's transport, the one road of every answer. */
export function postReview(body: ReviewBody) {
  return apiRequest(api.study.review, { body });
}

/**
 * POST /api/study/reviews/{clientReviewId}/override: "I was right", sent by the outbox too; with a
 * grade, the grade the learner chose (decision 0030).
 */
export function postOverride(clientReviewId: string, grade?: 1 | 2 | 3 | 4) {
  return apiRequest(api.study.override, {
    params: { clientReviewId },
    ...(grade === undefined ? {} : { body: { grade } }),
  });
}

/**
 * POST /api/study/reviews/{clientReviewId}/undo. It fails at once when the network is down
 * instead of waiting paused for it, so undo says why it cannot run.
 */
export function useUndoReview() {
  return useMutation({
    mutationFn: (clientReviewId: string) =>
      apiRequest(api.study.undo, { params: { clientReviewId } }),
    networkMode: 'always',
  });
}
