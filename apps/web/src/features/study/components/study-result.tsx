import type { StudyQueueItem } from '@glossa/contract';
import type { Ref } from 'react';
import { Button, buttonClassName } from '../../../components/button';
import studyStyles from '../study.module.css';
import styles from './study-result.module.css';
import { AnswerDiff, expectedText } from '../../../components/answer-diff';
import { gradeLabels, nextInterval, type SessionAnswer } from './session-answer';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { verdictOf } from '../../../lib/verdict';
import { askedOf, languageDirection, percent } from './study-format';

export interface StudyResultProps {
  card: StudyQueueItem;
  result: SessionAnswer;
  /** The guess as the learner typed it. */
  guess: string;
  /** The id prefix of the session's answer field (the verdict and notes hang off it). */
  idPrefix: string;
  isLast: boolean;
  online: boolean;
  pendingAction: 'override' | 'undo' | null;
  nextRef: Ref<HTMLButtonElement>;
  onNext: () => void;
  onOverride: () => void;
  onUndo: () => void;
  /** Sets the answer's grade on the server (an override, decision 0030). */
  onGrade: (grade: SessionAnswer['grade']) => void;
}

const grades = [1, 2, 3, 4] as const;

/** The score of one answer with its diff, the accepted answers, the schedule and the actions. */
export function StudyResult({
  card,
  result,
  guess,
  idPrefix,
  isLast,
  online,
  pendingAction,
  nextRef,
  onNext,
  onOverride,
  onUndo,
  onGrade,
}: StudyResultProps) {
  // The answer's language: the card's to-language, or its from-language in reverse (0027).
  const answerLanguage = askedOf(card).answerLanguage;
  const toDir = languageDirection(answerLanguage);
  const others = result.answers.filter((answer) => answer !== result.expected);
  const verdictId = `${idPrefix}-verdict`;
  const noteId = `${idPrefix}-sync-note`;
  // An answer the server has cannot be changed without it; one still waiting is changed here.
  const needsServer = result.sync === 'synced';
  const blocked = needsServer && !online;
  const busy = pendingAction !== null;

  const practice = result.sync === 'practice';
  let note: string | null = null;
  if (practice) {
    note = 'Practice: this answer is not saved and the card’s schedule is unchanged.';
  } else if (result.sync === 'pending') {
    note = 'Scored on this device. It is kept here and sent when you are back online.';
  } else if (result.sync === 'refused') {
    note = `The server did not save this answer: ${result.refusal ?? 'it was refused'}.`;
  } else if (blocked) {
    note = 'Undo and “I was right” need a connection: this answer has already reached the server.';
  }

  return (
    <section aria-label="Result" className={styles.result}>
      <p id={verdictId} className={result.success ? styles.success : styles.failure}>
        <span aria-hidden="true">{result.success ? '✓ ' : '✗ '}</span>
        {verdictOf(result.score, result.success)} — score {percent(result.score)}
        {result.kind === 'override'
          ? result.success
            ? ' (counted as right)'
            : ' (counted as missed)'
          : ''}
        {result.sync === 'pending' ? (
          <span className={styles.syncBadge}>Offline — will sync</span>
        ) : null}
        {result.sync === 'refused' ? <span className={styles.syncBadge}>Not saved</span> : null}
        {practice ? <span className={styles.syncBadge}>Practice</span> : null}
      </p>
      {note ? (
        <p id={noteId} className={studyStyles.muted}>
          {note}
        </p>
      ) : null}
      <h3 className={studyStyles.smallTitle}>Your answer compared</h3>
      <AnswerDiff
        diff={result.diff}
        conventions={result.conventions}
        guess={guess}
        lang={answerLanguage}
        dir={toDir}
      />
      <dl className={styles.facts}>
        {/* The diff shows the answer as compared; the card's wording when it says more. */}
        {result.expected !== expectedText(result.diff) ? (
          <>
            <dt>On the card</dt>
            <dd lang={answerLanguage} dir={toDir}>
              {result.expected}
            </dd>
          </>
        ) : null}
        {others.length > 0 ? (
          <>
            <dt>Also accepted</dt>
            <dd>
              <ul className={styles.others} lang={answerLanguage} dir={toDir}>
                {others.map((answer) => (
                  <li key={answer}>{answer}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt>Grade</dt>
        <dd data-testid="answer-grade">
          {gradeLabels[result.grade]}
          {result.kind === 'override' ? ' (your choice)' : ''}
        </dd>
        <dt>Next review</dt>
        <dd data-testid="next-review">
          {result.dueAt ? (
            <>
              {result.period !== null ? `${capitalised(nextInterval(result.period))} — ` : ''}
              <time dateTime={result.dueAt} title={formatDateTime(result.dueAt)}>
                {formatRelative(result.dueAt)}
              </time>
            </>
          ) : result.sync === 'refused' || practice ? (
            'Unchanged'
          ) : (
            'Set when this answer syncs'
          )}
        </dd>
      </dl>
      <div className={studyStyles.actions}>
        <button
          ref={nextRef}
          type="button"
          className={buttonClassName({})}
          onClick={onNext}
          aria-describedby={note ? `${verdictId} ${noteId}` : verdictId}
          disabled={busy}
        >
          {isLast ? 'Finish' : 'Next card'}
        </button>
        {!result.success && result.sync !== 'refused' && !practice ? (
          <Button
            variant="secondary"
            onClick={onOverride}
            loading={pendingAction === 'override'}
            disabled={blocked || busy}
            aria-describedby={blocked ? noteId : undefined}
          >
            I was right
          </Button>
        ) : null}
        {practice ? null : (
          <Button
            variant="ghost"
            onClick={onUndo}
            loading={pendingAction === 'undo'}
            disabled={blocked || busy}
            aria-describedby={blocked ? noteId : undefined}
          >
            Undo
          </Button>
        )}
      </div>
      {result.sync === 'synced' && result.kind === 'review' ? (
        <fieldset className={styles.grades} disabled={blocked || busy}>
          <legend>Change the grade</legend>
          {grades.map((grade) => (
            <button
              key={grade}
              type="button"
              className={buttonClassName({ variant: 'ghost' })}
              aria-pressed={grade === result.grade}
              disabled={grade === result.grade}
              onClick={() => onGrade(grade)}
            >
              {gradeLabels[grade]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <p className={studyStyles.muted}>Press Enter for the next card.</p>
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
