import type { Card, CardHistoryEntry, Direction, DirectionSchedule } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { Panel } from '../../../components/panel';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { cardScheduleQueryOptions } from '../api/schedule-requests';
import cardStyles from '../card.module.css';
import styles from './card-schedule.module.css';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import {
  days,
  directionLabel,
  duration,
  knownLevel,
  percent,
  timesForgotten,
} from './schedule-format';
import { HistoryChart } from './history-chart';

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <>
      {formatRelative(iso, now)}{' '}
      <time dateTime={iso} className={styles.absolute}>
        ({formatDateTime(iso)})
      </time>
    </>
  );
}

function ScheduleFacts({
  schedule,
  answered,
  now,
}: {
  schedule: DirectionSchedule;
  /** Whether any answer in this direction was logged (then every one was undone). */
  answered: boolean;
  now: number;
}) {
  const { t } = useLingui();
  const { progress, recall } = schedule;
  if (!progress) {
    return (
      <p className={styles.muted}>
        {schedule.direction === 'reverse'
          ? t`Not studied this way yet. It comes in your study queue as a new card on a day after you first answer it the other way.`
          : t`Not studied yet. It comes in your study queue as a new card.`}
        {answered ? ` ${t`Every answer to it was undone.`}` : ''}
      </p>
    );
  }
  const overdue = progress.dueAt !== null && Date.parse(progress.dueAt) <= now;
  const stability = 2 ** progress.elevation;
  const memoryDuration = duration(stability);
  const stabilityDays = days(stability);
  // In a learner's words first; the model's numbers for the curious, folded away.
  return (
    <div className={styles.factsBlock}>
      {schedule.asked ? null : (
        <p className={styles.muted}>
          <Trans>
            Not asked this way now: its schedule is kept, and goes on if you ask the card both ways
            again.
          </Trans>
        </p>
      )}
      <dl className={cardStyles.facts}>
        {progress.suspended ? (
          <>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <Trans>Suspended: it does not come back until resumed</Trans>
            </dd>
          </>
        ) : null}
        <dt>{t`Next review`}</dt>
        <dd>
          {progress.dueAt === null ? t`Not scheduled` : <When iso={progress.dueAt} now={now} />}
          {overdue ? (
            <span className={styles.factHint}>
              <Trans>due now: it is in your queue</Trans>
            </span>
          ) : null}
        </dd>
        <dt>{t`How well you know it`}</dt>
        <dd>
          {knownLevel(progress.elevation)}
          <span className={styles.factHint}>
            <Trans>it stays in your memory {memoryDuration} for now</Trans>
          </span>
        </dd>
        <dt>{t`Times forgotten`}</dt>
        <dd>
          {timesForgotten(progress.lapses)}
          <span className={styles.factHint}>
            <Trans>a miss the first time you see a card does not count: that is learning it</Trans>
          </span>
        </dd>
        <dt>{t`Answers given`}</dt>
        <dd>{progress.reps}</dd>
        <dt>{t`Last answered`}</dt>
        <dd>
          {progress.lastReviewAt === null ? (
            t`Never`
          ) : (
            <When iso={progress.lastReviewAt} now={now} />
          )}
        </dd>
      </dl>
      <details className={styles.details}>
        <summary className={styles.summary}>
          <Trans>The scheduler’s numbers</Trans>
        </summary>
        <dl className={cardStyles.facts}>
          <dt>{t`Recall now`}</dt>
          <dd>
            <span className={styles.recall}>
              {recall === null ? t`Unknown` : percent(recall)}
              {recall === null ? null : (
                <span className={styles.recallBar} aria-hidden="true">
                  <span style={{ width: percent(recall) }} />
                </span>
              )}
            </span>
            <span className={styles.factHint}>
              <Trans>
                the predicted chance that you remember it now: near 100 % right after an answer,
                falling until the card is due
              </Trans>
            </span>
          </dd>
          <dt>{t`Period`}</dt>
          <dd>{days(progress.period)}</dd>
          <dt>{t`Elevation`}</dt>
          <dd>
            {progress.elevation.toFixed(2)}
            <span className={styles.factHint}>
              <Trans>memory stability about {stabilityDays}</Trans>
            </span>
          </dd>
          <dt>{t`Reviews`}</dt>
          <dd>{progress.reps}</dd>
          <dt>{t`Lapses`}</dt>
          <dd>{progress.lapses}</dd>
        </dl>
      </details>
    </div>
  );
}

function Guess({ text, language }: { text: string; language: string }) {
  return text.trim() === '' ? (
    <span className={styles.muted}>
      <Trans>(no answer)</Trans>
    </span>
  ) : (
    <q lang={language} dir="auto" className={styles.guess}>
      {text}
    </q>
  );
}

function Outcome({ success }: { success: boolean }) {
  return (
    <span className={success ? styles.right : styles.wrong}>
      <Icon name={success ? 'check' : 'close'} size={14} />
      {success ? <Trans>Right</Trans> : <Trans>Wrong</Trans>}
    </span>
  );
}

function HistoryItem({
  entry,
  language,
  way,
}: {
  entry: CardHistoryEntry;
  language: string;
  /** The direction in words ("English → Spanish"), when the card has two; null otherwise. */
  way: string | null;
}) {
  const time = (
    <time dateTime={entry.reviewedAt} className={styles.historyTime}>
      {formatDateTime(entry.reviewedAt)}
      {way ? <span className={styles.way}>{way}</span> : null}
    </time>
  );
  if (entry.kind === 'override') {
    return (
      <li className={styles.historyItem}>
        {time}
        <span className={styles.historyText}>
          <Trans>
            “I was right” on <Guess text={entry.guess} language={language} />
          </Trans>
        </span>
        <span className={styles.marks}>
          <span className={styles.mark}>
            <Trans>Override</Trans>
          </span>
        </span>
      </li>
    );
  }
  if (entry.kind === 'undo') {
    return (
      <li className={styles.historyItem}>
        {time}
        <span className={styles.historyText}>
          <Trans>
            Took back <Guess text={entry.guess} language={language} />
          </Trans>
        </span>
        <span className={styles.marks}>
          <span className={styles.mark}>
            <Trans>Undo</Trans>
          </span>
        </span>
      </li>
    );
  }
  const score = percent(entry.score);
  return (
    <li className={entry.undone ? `${styles.historyItem} ${styles.undone}` : styles.historyItem}>
      {time}
      <span className={styles.historyText}>
        <Guess text={entry.guess} language={language} />{' '}
        <span className={styles.score}>
          <Trans>score {score}</Trans>
        </span>
      </span>
      <span className={styles.marks}>
        <Outcome success={entry.success} />
        {entry.overridden ? (
          <span className={styles.mark}>
            <Trans>Counted as right</Trans>
          </span>
        ) : null}
        {entry.undone ? (
          <span className={styles.mark}>
            <Trans>Undone</Trans>
          </span>
        ) : null}
      </span>
    </li>
  );
}

/**
 * The learner's own schedule of the card, one per direction it is asked (decision 0027), and
 * every answer they gave it, newest first, each saying which way it went.
 */
export function CardSchedule({ card }: { card: Card }) {
  const { t } = useLingui();
  const schedule = useQuery(cardScheduleQueryOptions(card.id));
  const scheduleId = useId();
  const historyId = useId();
  // The time of the answer: "due in" then agrees with the recall the server predicted for it.
  const now = schedule.dataUpdatedAt;

  // 403: a card the learner may read but not study (a public category they are no member of).
  const notStudied = schedule.error instanceof ApiError && schedule.error.status === 403;
  const errorMessage = schedule.error?.message ?? '';
  if (schedule.isPending || schedule.isError) {
    return (
      <Panel as="section" aria-labelledby={scheduleId}>
        <h2 id={scheduleId} className={cardStyles.sectionTitle}>
          <Trans>Schedule</Trans>
        </h2>
        {schedule.isPending ? (
          <Spinner label={t`Loading the schedule`} />
        ) : notStudied ? (
          <p className={styles.muted}>
            <Trans>
              Only members of this card’s category study it, so you have no schedule for it.
            </Trans>
          </p>
        ) : (
          <div className={styles.retry}>
            <p className={styles.muted}>{t`The schedule could not be loaded: ${errorMessage}`}</p>
            <Button variant="secondary" size="sm" onClick={() => void schedule.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
      </Panel>
    );
  }

  const { history, historyTotal, directions } = schedule.data;
  const both = directions.length > 1;
  const shown = history.length;
  const way = (direction: Direction) => directionLabel(card, direction);
  // What was typed: an answer forward, the front in reverse.
  const typedIn = (direction: Direction) =>
    direction === 'reverse' ? card.fromLanguageCode : card.toLanguageCode;
  const answered = (direction: Direction) =>
    history.some((entry) => entry.direction === direction) ||
    (direction === 'forward' && historyTotal > history.length);
  return (
    <>
      <Panel as="section" aria-labelledby={scheduleId}>
        <h2 id={scheduleId} className={cardStyles.sectionTitle}>
          {both ? t`Schedules` : t`Schedule`}
        </h2>
        {both ? (
          directions.map((direction) => (
            <section
              key={direction.direction}
              aria-labelledby={`${scheduleId}-${direction.direction}`}
              className={styles.direction}
              data-testid={`schedule-${direction.direction}`}
            >
              <h3 id={`${scheduleId}-${direction.direction}`} className={styles.directionTitle}>
                {way(direction.direction)}
                <span className={styles.directionHint}>
                  {direction.direction === 'forward'
                    ? t`shown the front, you type an answer`
                    : t`reverse: shown the answers, you type the front`}
                </span>
              </h3>
              <ScheduleFacts
                schedule={direction}
                answered={answered(direction.direction)}
                now={now}
              />
            </section>
          ))
        ) : directions[0] ? (
          <ScheduleFacts schedule={directions[0]} answered={historyTotal > 0} now={now} />
        ) : null}
      </Panel>
      <Panel as="section" aria-labelledby={historyId}>
        <h2 id={historyId} className={cardStyles.sectionTitle}>
          <Trans>History</Trans>
        </h2>
        {history.length === 0 ? (
          <p className={styles.muted}>
            <Trans>No answer yet.</Trans>
          </p>
        ) : (
          <>
            {historyTotal > history.length ? (
              <p className={styles.muted}>
                {t`The latest ${shown} of ${plural(historyTotal, { one: '# entry', other: '# entries' })}.`}
              </p>
            ) : null}
            <HistoryChart history={history} />
            <ol className={styles.history} aria-labelledby={historyId}>
              {history.map((entry) => (
                <HistoryItem
                  key={entry.id}
                  entry={entry}
                  language={typedIn(entry.direction)}
                  way={both ? way(entry.direction) : null}
                />
              ))}
            </ol>
          </>
        )}
      </Panel>
    </>
  );
}
