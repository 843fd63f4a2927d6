import type { StudyQueueItem } from '@glossa/contract';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { Button, buttonClassName } from '../../../components/button';
import studyStyles from '../study.module.css';
import styles from './study-result.module.css';
import { AnswerDiff, expectedText } from '../../../components/answer-diff';
import type { SessionAnswer } from './session-answer';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { verdictOf } from '../../../lib/verdict';
import { askedOf, languageDirection } from './study-format';

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

/** What each grade is called on the study screen and in the override's choice. */
const gradeLabels = {
  1: msg`Missed`,
  // An id of its own: "Close" alone would share its translation with the buttons that close.
  2: msg({ id: 'grade.close', message: 'Close' }),
  3: msg`Exact`,
  4: msg`Exact and quick`,
} as const;

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
  const { t, i18n } = useLingui();
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
    note = t`Practice: this answer is not saved and the card’s schedule is unchanged.`;
  } else if (result.sync === 'pending') {
    note = t`Scored on this device. It is kept here and sent when you are back online.`;
  } else if (result.sync === 'refused') {
    const refusal = result.refusal;
    note = refusal
      ? t`The server did not save this answer: ${refusal}.`
      : t`The server did not save this answer: it was refused.`;
  } else if (blocked) {
    note = t`Undo and “I was right” need a connection: this answer has already reached the server.`;
  }
  const verdict = verdictOf(result.score, result.success);
  const score = Math.round(result.score * 100);
  const period = result.period;
  const nextIn =
    period === null
      ? null
      : t`${plural(period, { one: 'Next in # day', other: 'Next in # days' })}`;

  return (
    <section aria-label={t`Result`} className={styles.result}>
      <p id={verdictId} className={result.success ? styles.success : styles.failure}>
        <span aria-hidden="true">{result.success ? '✓ ' : '✗ '}</span>
        <Trans>
          {verdict} — score {score}%
        </Trans>
        {result.kind === 'override' ? ' ' : null}
        {result.kind === 'override'
          ? result.success
            ? t`(counted as right)`
            : t`(counted as missed)`
          : null}
        {result.sync === 'pending' ? (
          <span className={styles.syncBadge}>
            <Trans>Offline — will sync</Trans>
          </span>
        ) : null}
        {result.sync === 'refused' ? (
          <span className={styles.syncBadge}>
            <Trans>Not saved</Trans>
          </span>
        ) : null}
        {practice ? (
          <span className={styles.syncBadge}>
            <Trans>Practice</Trans>
          </span>
        ) : null}
      </p>
      {note ? (
        <p id={noteId} className={studyStyles.muted}>
          {note}
        </p>
      ) : null}
      <h3 className={studyStyles.smallTitle}>
        <Trans>Your answer compared</Trans>
      </h3>
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
            <dt>
              <Trans>On the card</Trans>
            </dt>
            <dd lang={answerLanguage} dir={toDir}>
              {result.expected}
            </dd>
          </>
        ) : null}
        {others.length > 0 ? (
          <>
            <dt>
              <Trans>Also accepted</Trans>
            </dt>
            <dd>
              <ul className={styles.others} lang={answerLanguage} dir={toDir}>
                {others.map((answer) => (
                  <li key={answer}>{answer}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt>
          <Trans>Grade</Trans>
        </dt>
        <dd data-testid="answer-grade">
          {i18n._(gradeLabels[result.grade])}
          {result.kind === 'override' ? ` ${t`(your choice)`}` : ''}
        </dd>
        <dt>
          <Trans>Next review</Trans>
        </dt>
        <dd data-testid="next-review">
          {result.dueAt ? (
            <>
              {nextIn !== null ? `${nextIn} — ` : ''}
              <time dateTime={result.dueAt} title={formatDateTime(result.dueAt)}>
                {formatRelative(result.dueAt)}
              </time>
            </>
          ) : result.sync === 'refused' || practice ? (
            t`Unchanged`
          ) : (
            t`Set when this answer syncs`
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
          {isLast ? t`Finish` : t`Next card`}
        </button>
        {!result.success && result.sync !== 'refused' && !practice ? (
          <Button
            variant="secondary"
            onClick={onOverride}
            loading={pendingAction === 'override'}
            disabled={blocked || busy}
            aria-describedby={blocked ? noteId : undefined}
          >
            <Trans>I was right</Trans>
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
            {/* An id of its own: the card's history says "Undo" of an answer taken back (a noun). */}
            <Trans id="study.undo">Undo</Trans>
          </Button>
        )}
      </div>
      {result.sync === 'synced' && result.kind === 'review' ? (
        <fieldset className={styles.grades} disabled={blocked || busy}>
          <legend>
            <Trans>Change the grade</Trans>
          </legend>
          {grades.map((grade) => (
            <button
              key={grade}
              type="button"
              className={buttonClassName({ variant: 'ghost' })}
              aria-pressed={grade === result.grade}
              disabled={grade === result.grade}
              onClick={() => onGrade(grade)}
            >
              {i18n._(gradeLabels[grade])}
            </button>
          ))}
        </fieldset>
      ) : null}
      <p className={studyStyles.muted}>
        <Trans>Press Enter for the next card.</Trans>
      </p>
    </section>
  );
}
