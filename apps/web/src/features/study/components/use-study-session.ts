import type { ReviewResult, StudyQueueItem } from '@glossa/contract';
import { defaultSchedulerSettings } from '@glossa/contract/values';
import { loadConventions } from '@glossa/srs';
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getAppState, setCardCombo } from '../../../lib/app-state';
import { useSession, useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { errorMessage } from '../api/outbox-send';
import type { OutboxEntry } from '../api/outbox-storage';
import { reviewOutbox, type Delivery } from '../api/review-outbox';
import { useReviewOutboxStatus } from '../api/use-review-outbox';
import type { Celebration } from './combo-celebration';
import {
  answerFromServer,
  answerScoredHere,
  conventionsHere,
  type SessionAnswer,
} from './session-answer';
import { isMilestone } from './study-format';
import { useAnswerCorrections } from './use-answer-corrections';

export interface StudySessionOptions {
  items: StudyQueueItem[];
  /** The passing score kept with a queue from this device, for when the learner's is unknown. */
  keptMinimumScore?: number | null;
  /** Called once when the last card is answered (the summary shows). */
  onFinished: () => void;
  /**
   * Practise: answers are scored on this device only, as explore's "try 5 cards": nothing goes
   * to the outbox or the server (no schedule, no review log, no combo).
   */
  practice?: boolean;
  /** Each card answered for the first time in this session, by its kind. */
  onAnswered?: (kind: 'due' | 'new') => void;
}

function newClientReviewId(): string {
  return crypto.randomUUID();
}

/** The first sentence of both storage failures' toasts, in the interface's language then. */
const storageRefused = () =>
  t`Your answer could not be kept on this device (its storage is full or blocked).`;

/** The server could not be reached (or the browser was offline and nothing was tried). */
function unreachable(error: unknown): boolean {
  return error === null || (error instanceof ApiError && error.code === 'network_error');
}

function withoutWaiting(items: StudyQueueItem[], userId: string | null): StudyQueueItem[] {
  if (!userId) return items;
  const waiting = new Set(reviewOutbox.entries(userId).map((entry) => entry.cardId));
  return waiting.size > 0 ? items.filter((item) => !waiting.has(item.cardId)) : items;
}

/**
 * The state of one pass through a queue: the card shown, its answer, the results so far, and
 * where the focus goes. Every answer goes into the outbox and is sent from there, so answers
 * reach the server in the order given: online, the result shows as soon as the server answers;
 * without a network (or behind answers still waiting) the loop goes on, answers scored here,
 * and the server's result replaces the device's as each one syncs.
 */
export function useStudySession({
  items: queueItems,
  keptMinimumScore = null,
  onFinished,
  practice = false,
  onAnswered,
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
  /** The guess of the card answered last, which its result shows (the form keeps it until then). */
  const [answeredGuess, setAnsweredGuess] = useState('');
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  const shownAt = useRef(0);
  /** One id per shown card: a retry after a failed call resends it, so it is counted once. */
  const clientReviewId = useRef('');
  const answerRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const finishedRef = useRef(false);
  const againRef = useRef<HTMLButtonElement>(null);
  /** An answer is on its way to the server and the learner waits for its result. */
  const [sending, setSending] = useState(false);
  /** Each answer of this session as it went into the outbox, for "I was right" once it synced. */
  const given = useRef(new Map<string, OutboxEntry>());

  const total = items.length;
  const finished = total > 0 && index >= total;
  const card = finished ? null : items[index];
  const result = results.length > index ? results[index] : null;

  // The tables of the card language's typing conventions (kana, Chinese characters, spellings)
  // load while the learner reads the card, so this device scores as the server does.
  const language = card?.toLanguageCode;
  useEffect(() => {
    if (language) loadConventions(language).catch(() => undefined);
  }, [language]);

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
          if (event.type === 'synced') {
            return answerFromServer(event.result, answer.comboBefore, answer.conventions);
          }
          return { ...answer, sync: 'refused', refusal: event.message };
        }),
      );
    });
  }, [userId]);

  // The page's counts go down as each card gets its first result (an undo then a new answer of
  // the same card counts once).
  const counted = useRef(new Set<number>());
  const onAnsweredRef = useRef(onAnswered);
  useEffect(() => {
    onAnsweredRef.current = onAnswered;
  });
  useEffect(() => {
    const answeredCard = results.length > index ? items[index] : undefined;
    if (!answeredCard || counted.current.has(index)) return;
    counted.current.add(index);
    onAnsweredRef.current?.(answeredCard.kind);
  }, [results.length, index, items]);

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

  /** Shows the answer as this device scored it; it waits in the outbox until the server has it. */
  const scoreHere = (item: StudyQueueItem, entry: OutboxEntry, comboBefore: number) => {
    const answer = answerScoredHere(
      item,
      entry.guess,
      entry.clientReviewId,
      minimumScore,
      comboBefore,
    );
    setResults((list) => [...list.slice(0, index), answer]);
    noteCombo(answer.combo, comboBefore);
  };

  /** What became of an answer the learner waited for. */
  const showDelivery = (
    item: StudyQueueItem,
    entry: OutboxEntry,
    comboBefore: number,
    delivery: Delivery,
  ) => {
    if (delivery.status === 'synced') {
      const answer = answerFromServer(
        delivery.result,
        comboBefore,
        conventionsHere(item, entry.guess),
      );
      setResults((list) => [...list.slice(0, index), answer]);
      noteCombo(delivery.result.combo.current, comboBefore);
    } else if (delivery.status === 'rejected') {
      toast.failure(delivery.message);
    } else if (unreachable(delivery.error)) {
      // Not reached (or no answer came back): it stays in the outbox with its id, so it counts
      // once either way.
      scoreHere(item, entry, comboBefore);
    } else if (userId) {
      // The server failed on it: taken back, so the learner may answer again (with the same id).
      void reviewOutbox.withdraw(userId, entry.clientReviewId);
      toast.failure(errorMessage(delivery.error));
    }
  };

  const onAnswer = (guess: string) => {
    if (!card || !userId || sending) return;
    setAnsweredGuess(guess);
    if (practice) {
      const comboBefore = results.at(-1)?.combo ?? 0;
      const answer = answerScoredHere(card, guess, newClientReviewId(), minimumScore, comboBefore);
      setResults((list) => [...list.slice(0, index), { ...answer, sync: 'practice' }]);
      return;
    }
    const entry: OutboxEntry = {
      cardId: card.cardId,
      direction: card.direction,
      guess,
      clientReviewId: clientReviewId.current,
      elapsedMs: Math.min(86_400_000, Math.max(0, Math.round(performance.now() - shownAt.current))),
      answeredAt: Date.now(),
      override: false,
    };
    const comboBefore = getAppState().cardCombo;
    given.current.set(entry.clientReviewId, entry);
    // Offline, or behind answers still waiting: scored here at once, sent in its turn.
    if (!navigator.onLine || reviewOutbox.status(userId).pending > 0) {
      try {
        reviewOutbox.enqueue(userId, entry);
      } catch {
        toast.failure(`${storageRefused()} ${t`Try again once online.`}`);
        return;
      }
      scoreHere(card, entry, comboBefore);
      void reviewOutbox.flush(userId);
      return;
    }
    setSending(true);
    reviewOutbox.deliver(userId, entry).then(
      (delivery) => {
        setSending(false);
        showDelivery(card, entry, comboBefore, delivery);
      },
      () => {
        setSending(false);
        toast.failure(`${storageRefused()} ${t`It was not sent.`}`);
      },
    );
  };

  const backToPrompt = () => {
    setResults((list) => list.slice(0, index));
    setCelebration(null);
  };

  const { pendingAction, onOverride, onUndo, onGrade } = useAnswerCorrections({
    userId,
    result,
    given,
    syncedResults,
    noteCombo,
    replaceResult,
    backToPrompt,
  });

  const onNext = () => {
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
    answeredGuess,
    celebration,
    online,
    /** Answers of this device still waiting for the server. */
    waiting: outbox.pending,
    submitting: sending,
    pendingAction,
    answerRef,
    nextRef,
    againRef,
    onAnswer,
    onNext,
    onOverride,
    onGrade,
    onUndo,
  };
}
