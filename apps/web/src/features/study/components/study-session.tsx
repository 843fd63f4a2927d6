import {
  defaultSchedulerSettings,
  type ReviewBody,
  type ReviewResult,
  type StudyQueueItem,
} from '@glossa/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Panel } from '../../../components/panel';
import { ApiError } from '../../../lib/api-client';
import { getAppState, setCardCombo } from '../../../lib/app-state';
import { useSession, useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { reviewOutbox } from '../api/review-outbox';
import { useOverrideReview, useSubmitReview, useUndoReview } from '../api/study-requests';
import { useReviewOutboxStatus } from '../api/use-review-outbox';
import styles from '../study.module.css';
import {
  answerFromServer,
  answerScoredHere,
  overriddenHere,
  type SessionAnswer,
} from './session-answer';
import { AnswerForm } from './answer-form';
import { SessionProgress } from './session-progress';
import { SpeakButton } from './speak-button';
import { isMilestone, languageDirection, languageName } from './study-format';
import { StudyResult } from './study-result';
import { StudySummary } from './study-summary';

export interface StudySessionProps {
  items: StudyQueueItem[];
  /** Called once when the last card is answered (the summary shows). */
  onFinished: () => void;
  onStudyAgain: () => void;
}

function newClientReviewId(): string {
  return crypto.randomUUID();
}

function withoutWaiting(items: StudyQueueItem[], userId: string | null): StudyQueueItem[] {
  if (!userId) return items;
  const waiting = new Set(reviewOutbox.entries(userId).map((entry) => entry.cardId));
  return waiting.size > 0 ? items.filter((item) => !waiting.has(item.cardId)) : items;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * One pass through a queue: prompt, answer, result, next; then the summary. Without a network the
 * loop goes on: answers are scored here and wait in the outbox, and the server's result replaces
 * the device's as each one syncs.
 */
export function StudySession({ items: queueItems, onFinished, onStudyAgain }: StudySessionProps) {
  const userId = useSession()?.decodedAccessToken.payload.userId ?? null;
  // Cards whose answers still wait on this device stay out: the server's queue still lists them.
  // Read once, so the list never shifts under the learner.
  const [items] = useState(() => withoutWaiting(queueItems, userId));
  const { data: user } = useUser();
  const minimumScore =
    user?.guessSuccessMinimumScore ?? defaultSchedulerSettings.guessSuccessMinimumScore;
  const online = useOnline();
  const outbox = useReviewOutboxStatus(userId);

  const [index, setIndex] = useState(0);
  /** The result of each answered card, in order (index i is items[i]). */
  const [results, setResults] = useState<SessionAnswer[]>([]);
  const [guess, setGuess] = useState('');
  const [celebration, setCelebration] = useState<{ combo: number; key: number } | null>(null);
  /** Undo or "I was right" of an answer still in the outbox, waiting for its lock. */
  const [localAction, setLocalAction] = useState<'override' | 'undo' | null>(null);
  const shownAt = useRef(0);
  /** One id per shown card: a retry after a failed call resends it, so it is counted once. */
  const clientReviewId = useRef('');
  const answerRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const finishedRef = useRef(false);
  const againRef = useRef<HTMLButtonElement>(null);
  const answerId = useId();

  const submit = useSubmitReview();
  const override = useOverrideReview();
  const undo = useUndoReview();

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

  const overrideOnServer = (target: SessionAnswer) => {
    override.mutate(target.clientReviewId, {
      onSuccess: (answer: ReviewResult) => {
        replaceResult(target.clientReviewId, () => answerFromServer(answer, target.comboBefore));
        noteCombo(answer.combo.current, target.combo);
      },
      onError: (error) => toast.failure(errorMessage(error)),
    });
  };

  const undoOnServer = (target: SessionAnswer) => {
    undo.mutate(target.clientReviewId, {
      onSuccess: (undone) => {
        setCardCombo(undone.combo.current);
        backToPrompt();
      },
      onError: (error) => toast.failure(errorMessage(error)),
    });
  };

  const backToPrompt = () => {
    setResults((list) => list.slice(0, index));
    setGuess('');
    setCelebration(null);
  };

  const onOverride = () => {
    if (!result) return;
    if (result.sync !== 'pending' || !userId) {
      overrideOnServer(result);
      return;
    }
    setLocalAction('override');
    void reviewOutbox.markOverride(userId, result.clientReviewId).then((outcome) => {
      setLocalAction(null);
      if (outcome === 'changed') {
        replaceResult(result.clientReviewId, overriddenHere);
        noteCombo(result.comboBefore + 1, result.combo);
        return;
      }
      // It reached the server meanwhile: override there, unless the server scored it right.
      const server = syncedResults.current.get(result.clientReviewId);
      if (!server?.success) overrideOnServer(result);
    });
  };

  const onUndo = () => {
    if (!result) return;
    if (result.sync === 'refused') {
      setCardCombo(result.comboBefore);
      backToPrompt();
      return;
    }
    if (result.sync !== 'pending' || !userId) {
      undoOnServer(result);
      return;
    }
    setLocalAction('undo');
    void reviewOutbox.withdraw(userId, result.clientReviewId).then((outcome) => {
      setLocalAction(null);
      if (outcome === 'changed') {
        setCardCombo(result.comboBefore);
        backToPrompt();
      } else {
        undoOnServer(result);
      }
    });
  };

  const onNext = () => {
    setGuess('');
    setIndex((value) => value + 1);
  };

  const pendingAction =
    localAction ?? (override.isPending ? 'override' : undo.isPending ? 'undo' : null);

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

  const done = Math.min(results.length, total);

  const live = (
    <div className={styles.live} aria-live="polite" role="status">
      {celebration ? (
        <p key={celebration.key} className={styles.celebration}>
          <span aria-hidden="true" className={styles.burst}>
            🎉
          </span>{' '}
          Combo of {celebration.combo}! Keep going.
        </p>
      ) : null}
    </div>
  );

  if (finished) {
    return (
      <StudySummary
        results={results}
        waiting={outbox.pending}
        againRef={againRef}
        onStudyAgain={onStudyAgain}
        live={live}
      />
    );
  }

  if (total === 0) {
    return (
      <EmptyState icon="study" title="These cards wait to sync">
        <p>
          You answered them on this device; once your answers reach the server, they come back when
          they are due.
        </p>
      </EmptyState>
    );
  }

  if (!card) return null;
  const fromDir = languageDirection(card.fromLanguageCode);

  return (
    <div className={styles.session}>
      <SessionProgress done={done} index={index} total={total} />

      <Panel as="section" aria-label="Card" className={styles.card}>
        <p className={styles.language}>
          {languageName(card.fromLanguageCode)}
          {card.kind === 'new' ? <span className={styles.badge}>New</span> : null}
        </p>
        <div className={styles.promptRow}>
          <p className={styles.prompt} lang={card.fromLanguageCode} dir={fromDir}>
            {card.front}
          </p>
          <SpeakButton text={card.front} lang={card.fromLanguageCode} />
        </div>
        {card.notes ? <p className={styles.muted}>{card.notes}</p> : null}

        {!result ? (
          <AnswerForm
            card={card}
            id={answerId}
            inputRef={answerRef}
            guess={guess}
            onGuessChange={setGuess}
            onSubmit={onAnswer}
            submitting={submit.isPending}
          />
        ) : (
          <StudyResult
            card={card}
            result={result}
            idPrefix={answerId}
            isLast={index + 1 === total}
            online={online}
            pendingAction={pendingAction}
            nextRef={nextRef}
            onNext={onNext}
            onOverride={onOverride}
            onUndo={onUndo}
          />
        )}
      </Panel>
      {live}
    </div>
  );
}
