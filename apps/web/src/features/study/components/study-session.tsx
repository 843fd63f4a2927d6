import type { ReviewResult, StudyQueueItem } from '@glossa/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, ButtonLink, buttonClassName } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { paths } from '../../../config/paths';
import { setCardCombo } from '../../../lib/app-state';
import { toast } from '../../../lib/toast';
import { useOverrideReview, useSubmitReview, useUndoReview } from '../api/study-requests';
import styles from '../study.module.css';
import { AnswerDiff } from './answer-diff';
import { SpeakButton } from './speak-button';
import { dueInWords, isMilestone, languageDirection, languageName, percent } from './study-format';

export interface StudySessionProps {
  items: StudyQueueItem[];
  /** Called once when the last card is answered (the summary shows). */
  onFinished: () => void;
  onStudyAgain: () => void;
}

function newClientReviewId(): string {
  return crypto.randomUUID();
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** One pass through a queue: prompt, answer, result, next; then the summary. */
export function StudySession({ items, onFinished, onStudyAgain }: StudySessionProps) {
  const [index, setIndex] = useState(0);
  /** The result of each answered card, in order (index i is items[i]). */
  const [results, setResults] = useState<ReviewResult[]>([]);
  const [guess, setGuess] = useState('');
  const [celebration, setCelebration] = useState<{ combo: number; key: number } | null>(null);
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
  const finished = index >= total;
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

  const noteCombo = (next: ReviewResult, previousCombo: number) => {
    setCardCombo(next.combo.current);
    if (next.combo.current !== previousCombo && isMilestone(next.combo.current)) {
      setCelebration({ combo: next.combo.current, key: Date.now() });
    }
  };

  const onAnswer = (event: FormEvent) => {
    event.preventDefault();
    if (!card || submit.isPending) return;
    const elapsedMs = Math.min(
      86_400_000,
      Math.max(0, Math.round(performance.now() - shownAt.current)),
    );
    const previousCombo = results.at(-1)?.combo.current ?? -1;
    submit.mutate(
      { cardId: card.cardId, guess, clientReviewId: clientReviewId.current, elapsedMs },
      {
        onSuccess: (answer) => {
          setResults((list) => [...list.slice(0, index), answer]);
          noteCombo(answer, previousCombo);
        },
        onError: (error) => toast.failure(errorMessage(error)),
      },
    );
  };

  const onOverride = () => {
    if (!result) return;
    override.mutate(result.clientReviewId, {
      onSuccess: (answer) => {
        setResults((list) => list.map((item, i) => (i === index ? answer : item)));
        noteCombo(answer, result.combo.current);
      },
      onError: (error) => toast.failure(errorMessage(error)),
    });
  };

  const onUndo = () => {
    if (!result) return;
    undo.mutate(result.clientReviewId, {
      onSuccess: (undone) => {
        setCardCombo(undone.combo.current);
        setResults((list) => list.slice(0, index));
        setGuess('');
        setCelebration(null);
      },
      onError: (error) => toast.failure(errorMessage(error)),
    });
  };

  const onNext = () => {
    setGuess('');
    setIndex((value) => value + 1);
  };

  // Enter anywhere outside a control moves on once the result shows (focus sits on "Next").
  const showingResult = result !== null && !override.isPending && !undo.isPending;
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

  const answered = results.length;
  const right = results.filter((item) => item.success).length;
  const bestCombo = results.reduce((best, item) => Math.max(best, item.combo.current), 0);
  const done = Math.min(answered, total);

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
      <Panel as="section" aria-labelledby="study-summary" className={styles.summary}>
        <h2 id="study-summary" className={styles.sectionTitle}>
          Session complete
        </h2>
        <dl className={styles.stats}>
          <div>
            <dt>Answered</dt>
            <dd>{answered}</dd>
          </div>
          <div>
            <dt>Right</dt>
            <dd>{right}</dd>
          </div>
          <div>
            <dt>Accuracy</dt>
            <dd>{answered ? percent(right / answered) : '—'}</dd>
          </div>
          <div>
            <dt>Best combo</dt>
            <dd>{bestCombo}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <button
            ref={againRef}
            type="button"
            className={buttonClassName({})}
            onClick={onStudyAgain}
          >
            Study again
          </button>
          <ButtonLink to={paths.app.dashboard.getHref()} variant="secondary">
            Back to the dashboard
          </ButtonLink>
        </div>
        {live}
      </Panel>
    );
  }

  if (!card) return null;
  const fromDir = languageDirection(card.fromLanguageCode);
  const toDir = languageDirection(card.toLanguageCode);
  const others = result ? result.answers.filter((answer) => answer !== result.expected) : [];

  return (
    <div className={styles.session}>
      <div className={styles.progressRow}>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Session progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${total} cards answered`}
        >
          <div className={styles.progressFill} style={{ width: `${(done / total) * 100}%` }} />
        </div>
        <span className={styles.muted}>
          Card {index + 1} of {total}
        </span>
      </div>

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
          <form className={styles.answerForm} onSubmit={onAnswer}>
            <label htmlFor={answerId} className={styles.label}>
              Your answer in {languageName(card.toLanguageCode)}
            </label>
            <div className={styles.answerRow}>
              <input
                id={answerId}
                ref={answerRef}
                className={styles.input}
                value={guess}
                onChange={(event) => setGuess(event.target.value)}
                lang={card.toLanguageCode}
                dir={toDir}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                maxLength={1000}
                aria-describedby={`${answerId}-hint`}
                readOnly={submit.isPending}
              />
              <Button type="submit" loading={submit.isPending}>
                Answer
              </Button>
            </div>
            <p id={`${answerId}-hint`} className={styles.muted}>
              Press Enter to answer.
            </p>
          </form>
        ) : (
          <section aria-label="Result" className={styles.result}>
            <p
              id={`${answerId}-verdict`}
              className={result.success ? styles.success : styles.failure}
            >
              <span aria-hidden="true">{result.success ? '✓ ' : '✗ '}</span>
              {result.success ? 'Right' : 'Not quite'} — score {percent(result.score)}
              {result.kind === 'override' ? ' (counted as right)' : ''}
            </p>
            <h3 className={styles.smallTitle}>Your answer compared</h3>
            <AnswerDiff diff={result.diff} lang={card.toLanguageCode} dir={toDir} />
            <dl className={styles.facts}>
              <dt>Expected</dt>
              <dd lang={card.toLanguageCode} dir={toDir}>
                {result.expected}
              </dd>
              {others.length > 0 ? (
                <>
                  <dt>Also accepted</dt>
                  <dd>
                    <ul className={styles.others} lang={card.toLanguageCode} dir={toDir}>
                      {others.map((answer) => (
                        <li key={answer}>{answer}</li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
              <dt>Next review</dt>
              <dd>
                <time dateTime={result.dueAt} title={new Date(result.dueAt).toLocaleString()}>
                  {dueInWords(result.dueAt)}
                </time>
              </dd>
            </dl>
            <div className={styles.actions}>
              <button
                ref={nextRef}
                type="button"
                className={buttonClassName({})}
                onClick={onNext}
                aria-describedby={`${answerId}-verdict`}
                disabled={override.isPending || undo.isPending}
              >
                {index + 1 === total ? 'Finish' : 'Next card'}
              </button>
              {!result.success ? (
                <Button variant="secondary" onClick={onOverride} loading={override.isPending}>
                  I was right
                </Button>
              ) : null}
              <Button variant="ghost" onClick={onUndo} loading={undo.isPending}>
                Undo
              </Button>
            </div>
            <p className={styles.muted}>Press Enter for the next card.</p>
          </section>
        )}
      </Panel>
      {live}
    </div>
  );
}
