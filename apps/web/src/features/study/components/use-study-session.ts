import {
  defaultSchedulerSettings,
  type ReviewBody,
  type ReviewResult,
  type StudyQueueItem,
} from '@glossa/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getAppState, setCardCombo } from '../../../lib/app-state';
import { useSession, useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { errorMessage } from '../api/outbox-send';
import { reviewOutbox } from '../api/review-outbox';
import { useSubmitReview } from '../api/study-requests';
import { useReviewOutboxStatus } from '../api/use-review-outbox';
import type { Celebration } from './combo-celebration';
import { answerFromServer, answerScoredHere, type SessionAnswer } from './session-answer';
import { isMilestone } from './study-format';
import { useAnswerCorrections } from './use-answer-corrections';

export interface StudySessionOptions {
  items: StudyQueueItem[];
  /** The passing score kept with a queue from this device, for when the learner's is unknown. */
  keptMinimumScore?: number | null;
  /** Called once when the last card is answered (the summary shows). */
  onFinished: () => void;
}

function newClientReviewId(): string {
  return crypto.randomUUID();
}

function withoutWaiting(items: StudyQueueItem[], userId: string | null): StudyQueueItem[] {
  if (!userId) return items;
  const waiting = new Set(reviewOutbox.entries(userId).map((entry) => entry.cardId));
  return waiting.size > 0 ? items.filter((item) => !waiting.has(item.cardId)) : items;
}

/**
 * The state of one pass through a queue: the card shown, its answer, the results so far, and
 * where the focus goes. Without a network the loop goes on: answers are scored here and wait in
 * the outbox, and the server's result replaces the device's as each one syncs.
 */
export function useStudySession({
  items: queueItems,
  keptMinimumScore = null,
  onFinished,
}: StudySessionOptions) {
  const userId = useSession()?.decodedAccessToken.payload.userId ?? null;
  // Cards whose answers still wait on this device stay out: the server's queue still lists them.
  // Read once, so the list never shifts under the learner.
  const [items] = useState(() => withoutWaiting(queueItems, userId));
  const { data: user } = useUser();
  const minimumScore =
    user?.guessSuccessMinimumScore ??
    keptMinimumScore ??
    defaultSchedulerSettings.guessSuccessMinimumScore;
  const online = useOnline();
  const outbox = useReviewOutboxStatus(userId);

  const [index, setIndex] = useState(0);
  /** The result of each answered card, in order (index i is items[i]). */
  const [results, setResults] = useState<SessionAnswer[]>([]);
  const [guess, setGuess] = useState('');
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  const shownAt = useRef(0);
  /** One id per shown card: a retry after a failed call resends it, so it is counted once. */
  const clientReviewId = useRef('');
  const answerRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const finishedRef = useRef(false);
  const againRef = useRef<HTMLButtonElement>(null);

  const submit = useSubmitReview();

  const total = items.length;
  const finished = total > 0 && index >= total;
  const card = finished ? null : items[index];
  const result = results.length > index ? results[index] : null;

  // The clock of a card starts when it is shown for answering.
  useEffect(() => {
    if (!finished && !result) {
      shownAt.current = performance.now();
      clientReviewId.current = newClientReviewId();
      answerRef.current?.focus();
    } else if (result) {
      nextRef.current?.focus();
    }
  }, [index, finished, result]);

  // The server's result, once an answer given offline reaches it, replaces the device's.
  const syncedResults = useRef(new Map<string, ReviewResult>());
  useEffect(() => {
    if (!userId) return;
    return reviewOutbox.onEvent((event) => {
      if (event.userId !== userId) return;
      if (event.type === 'synced')
        syncedResults.current.set(event.entry.clientReviewId, event.result);
      setResults((list) =>
        list.map((answer) => {
          if (answer.clientReviewId !== event.entry.clientReviewId) return answer;
          if (event.type === 'synced') return answerFromServer(event.result, answer.comboBefore);
          return { ...answer, sync: 'refused', refusal: event.message };
        }),
      );
    });
  }, [userId]);

  // Leaving mid-session (another category, another page) still refreshes what was answered.
  const answeredRef = useRef(0);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    answeredRef.current = results.length;
    onFinishedRef.current = onFinished;
  });
  useEffect(
    () => () => {
      if (!finishedRef.current && answeredRef.current > 0) onFinishedRef.current();
    },
    [],
  );

  useEffect(() => {
    if (finished && !finishedRef.current) {
      finishedRef.current = true;
      againRef.current?.focus();
      onFinished();
    }
  }, [finished, onFinished]);

  const noteCombo = (combo: number, before: number) => {
    setCardCombo(combo);
    if (combo !== before && isMilestone(combo)) setCelebration({ combo, key: Date.now() });
  };

  const replaceResult = (clientId: string, next: (answer: SessionAnswer) => SessionAnswer) =>
    setResults((list) =>
      list.map((item) => (item.clientReviewId === clientId ? next(item) : item)),
    );

  /** Scores the answer here and keeps it in the outbox until the server has it. */
  const keepOffline = (item: StudyQueueItem, body: ReviewBody, comboBefore: number) => {
    if (!userId) return;
    try {
      reviewOutbox.enqueue(userId, { ...body, answeredAt: Date.now(), override: false });
    } catch {
      toast.failure(
        'Your answer could not be kept on this device (its storage is full or blocked). Try again once online.',
      );
      return;
    }
    const answer = answerScoredHere(
      item,
      body.guess,
      body.clientReviewId,
      minimumScore,
      comboBefore,
    );
    setResults((list) => [...list.slice(0, index), answer]);
    noteCombo(answer.combo, comboBefore);
    void reviewOutbox.flush(userId);
  };

  const onAnswer = (event: FormEvent) => {
    event.preventDefault();
    if (!card || submit.isPending) return;
    const body: ReviewBody = {
      cardId: card.cardId,
      guess,
      clientReviewId: clientReviewId.current,
      elapsedMs: Math.min(86_400_000, Math.max(0, Math.round(performance.now() - shownAt.current))),
    };
    const comboBefore = getAppState().cardCombo;
    // Answers reach the server in the order given: behind any still waiting, or offline.
    if (userId && (!navigator.onLine || reviewOutbox.status(userId).pending > 0)) {
      keepOffline(card, body, comboBefore);
      return;
    }
    submit.mutate(body, {
      onSuccess: (answer) => {
        setResults((list) => [...list.slice(0, index), answerFromServer(answer, comboBefore)]);
        noteCombo(answer.combo.current, comboBefore);
      },
      onError: (error) => {
        // Not reached (or no answer came back): kept with its id, so it counts once either way.
        if (error instanceof ApiError && error.code === 'network_error' && userId) {
          keepOffline(card, body, comboBefore);
        } else {
          toast.failure(errorMessage(error));
        }
      },
    });
  };

  const backToPrompt = () => {
    setResults((list) => list.slice(0, index));
    setGuess('');
    setCelebration(null);
  };

  const { pendingAction, onOverride, onUndo } = useAnswerCorrections({
    userId,
    result,
    syncedResults,
    noteCombo,
    replaceResult,
    backToPrompt,
  });

  const onNext = () => {
    setGuess('');
    setIndex((value) => value + 1);
  };

  // Enter anywhere outside a control moves on once the result shows (focus sits on "Next").
  const showingResult = result !== null && pendingAction === null;
  useEffect(() => {
    if (!showingResult) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('button, a, input, select, textarea, [role="button"]')) return;
      event.preventDefault();
      setGuess('');
      setIndex((value) => value + 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [showingResult]);

  return {
    total,
    index,
    card,
    result,
    results,
    finished,
    guess,
    setGuess,
    celebration,
    online,
    /** Answers of this device still waiting for the server. */
    waiting: outbox.pending,
    submitting: submit.isPending,
    pendingAction,
    answerRef,
    nextRef,
    againRef,
    onAnswer,
    onNext,
    onOverride,
    onUndo,
  };
}
