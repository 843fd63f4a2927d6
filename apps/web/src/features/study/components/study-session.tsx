import type { StudyQueueItem } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Panel } from '../../../components/panel';
import studyStyles from '../study.module.css';
import styles from './study-session.module.css';
import { AnswerForm } from './answer-form';
import { ComboCelebration } from './combo-celebration';
import { SessionProgress } from './session-progress';
import { SpeakButton } from './speak-button';
import { askedOf, languageDirection } from './study-format';
import { StudyResult } from './study-result';
import { StudySummary } from './study-summary';
import { useStudySession } from './use-study-session';

export interface StudySessionProps {
  items: StudyQueueItem[];
  /** The passing score kept with a queue from this device (useStudySession). */
  keptMinimumScore?: number | null;
  /** Called once when the last card is answered (the summary shows). */
  onFinished: () => void;
  onStudyAgain: () => void;
  /** Practise: scored here, nothing sent (useStudySession). */
  practice?: boolean;
  /** Each answer given, by the kind of card it answered (the page's counts go down with it). */
  onAnswered?: (kind: 'due' | 'new') => void;
}

// The session renders again on every keystroke: its fixed texts are elements made once, which
// React does not render again.
const reverseText = <Trans>Reverse</Trans>;
// An id of its own: "New" elsewhere is masculine in Spanish and French; a card is feminine.
const newText = <Trans id="study.card.new">New</Trans>;

/**
 * One pass through a queue: prompt, answer, result, next; then the summary. Without a network the
 * loop goes on: answers are scored here and wait in the outbox, and the server's result replaces
 * the device's as each one syncs (the state is in useStudySession).
 */
export function StudySession({
  items,
  keptMinimumScore,
  onFinished,
  onStudyAgain,
  practice = false,
  onAnswered,
}: StudySessionProps) {
  const { t } = useLingui();
  const session = useStudySession({ items, keptMinimumScore, onFinished, practice, onAnswered });
  const { total, index, card, result, results } = session;
  const answerId = useId();

  const done = Math.min(results.length, total);
  const live = <ComboCelebration celebration={session.celebration} />;

  if (session.finished) {
    return (
      <StudySummary
        results={results}
        waiting={session.waiting}
        againRef={session.againRef}
        onStudyAgain={onStudyAgain}
        live={live}
      />
    );
  }

  if (total === 0) {
    return (
      <EmptyState icon="study" title={t`These cards wait to sync`}>
        <p>
          <Trans>
            You answered them on this device; once your answers reach the server, they come back
            when they are due.
          </Trans>
        </p>
      </EmptyState>
    );
  }

  if (!card) return null;
  // What this item asks: the front, or in reverse the answers (decision 0027).
  const asked = askedOf(card);
  const promptDir = languageDirection(asked.promptLanguage);
  const reverse = card.direction === 'reverse';

  return (
    // While a card is asked or its feedback shows, study owns the keyboard: no global shortcut
    // (keyboardOwnerAttribute, lib/shortcuts.ts).
    <div className={styles.session} data-keyboard-owner="study">
      <SessionProgress done={done} index={index} total={total} />

      <Panel as="section" aria-label={t`Card`} className={styles.card}>
        <p className={styles.language} data-testid="study-direction">
          <span aria-hidden="true">{asked.label}</span>
          <span className={styles.visuallyHidden}>{asked.spoken}</span>
          {reverse ? (
            <span className={`${styles.badge} ${styles.reverseBadge}`} aria-hidden="true">
              {reverseText}
            </span>
          ) : null}
          {card.kind === 'new' ? <span className={styles.badge}>{newText}</span> : null}
        </p>
        <div className={styles.promptRow}>
          <p className={styles.prompt} lang={asked.promptLanguage} dir={promptDir}>
            {asked.prompt.join(' · ')}
          </p>
          <SpeakButton text={asked.prompt.join(', ')} lang={asked.promptLanguage} />
        </div>
        {/* In reverse the notes (often an example with the term) wait for the answer. */}
        {card.notes && (!reverse || result) ? (
          <p className={studyStyles.muted}>{card.notes}</p>
        ) : null}

        {!result ? (
          <AnswerForm
            key={`${index}:${card.cardId}:${card.direction}`}
            card={card}
            id={answerId}
            inputRef={session.answerRef}
            onSubmit={session.onAnswer}
            submitting={session.submitting}
          />
        ) : (
          <StudyResult
            card={card}
            result={result}
            guess={session.answeredGuess}
            idPrefix={answerId}
            isLast={index + 1 === total}
            online={session.online}
            pendingAction={session.pendingAction}
            nextRef={session.nextRef}
            onNext={session.onNext}
            onOverride={session.onOverride}
            onGrade={session.onGrade}
            onUndo={session.onUndo}
          />
        )}
      </Panel>
      {live}
    </div>
  );
}
