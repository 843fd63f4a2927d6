import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { StudyQueue } from '@glossa/contract';
import { Button, ButtonLink } from '../../../components/button';
import { EmptyState, LoadFailed } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { formatRelative, formatTimeOfDay } from '../../../lib/dates';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import { resourceKeys } from '../../../lib/resource-keys';
import { useAnswerDrawn } from '../../../lib/use-answer-drawn';
import { useOnline } from '../../../lib/use-online';
import { reviewOutbox } from '../api/review-outbox';
import { useStudySettings } from '../api/study-settings-requests';
import { studyQueueKeyRoot, studyQueueQueryOptions, type StudyMode } from '../api/study-requests';
import { useReviewOutboxStatus } from '../api/use-review-outbox';
import { SyncStatus } from '../components/sync-status';
import studyStyles from '../study.module.css';
import styles from './study-page.module.css';

/**
 * The session (the answer form, the scorer and the scheduler of @glossa/srs, the result, the
 * summary) loads with the page, beside the queue, not before the page shows (decision 0031).
 */
const loadStudySession = () => import('../components/study-session');
const StudySession = lazy(() =>
  loadStudySession().then((module) => ({ default: module.StudySession })),
);

/**
 * Where study starts: today's limits and what is on offer, from the queue (the one source of the
 * counts), less what this session has answered so far.
 */
function TodayLine({
  queue,
  answered,
}: {
  queue: StudyQueue;
  answered: { due: number; new: number };
}) {
  const { t } = useLingui();
  const { today } = queue;
  const due = Math.max(0, queue.dueCount - answered.due);
  const fresh = Math.max(0, queue.newCount - answered.new);
  const parts = [
    t`${plural(due, { one: '# review due', other: '# reviews due' })}`,
    t`${plural(fresh, { one: '# new card', other: '# new cards' })}`,
  ];
  if (today) {
    const newStudied = today.newStudied + answered.new;
    const reviewsDone = today.reviewsDone + answered.due;
    const { newCardsPerDay, reviewsPerDay } = today;
    parts.push(
      t`${plural(newCardsPerDay, {
        one: `${newStudied} of # new card today`,
        other: `${newStudied} of # new cards today`,
      })}`,
      t`${plural(reviewsPerDay, {
        one: `${reviewsDone} of # review today`,
        other: `${reviewsDone} of # reviews today`,
      })}`,
    );
  }
  const size = queue.items.length;
  const more = queue.dueCount + queue.newCount - size;
  return (
    <span className={studyStyles.muted} data-testid="study-today">
      {parts.join(' · ')}
      {more > 0 ? ` ${t`(this session: the first ${size})`}` : ''}
    </span>
  );
}

const modeNotes = {
  ahead: msg`Studying ahead: these cards are not due yet. Your answers count as reviews.`,
  practise: msg`Practice: your answers are not saved and no schedule changes.`,
} as const satisfies Record<Exclude<StudyMode, 'study'>, unknown>;

/** When the next card is due, and what studying ahead and practising do meanwhile. */
function NextDue({ at, inCategory }: { at: string; inCategory: boolean }) {
  const relative = formatRelative(at);
  const time = formatTimeOfDay(at);
  return (
    <p>
      {inCategory ? (
        <Trans>
          Next card due{' '}
          <time dateTime={at}>
            {relative}, at {time}
          </time>{' '}
          in this category.
        </Trans>
      ) : (
        <Trans>
          Next card due{' '}
          <time dateTime={at}>
            {relative}, at {time}
          </time>
          .
        </Trans>
      )}{' '}
      <Trans>
        Study ahead reviews the cards due soonest (they count as reviews); practise goes through
        your cards without changing their schedule.
      </Trans>
    </p>
  );
}

/** The study loop: pick everything or a category, answer the queue, see the summary. */
export function StudyPage() {
  const { t, i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = searchParams.get('category') || null;
  const categories = useQuery(categoryTreeQueryOptions());
  const [mode, setMode] = useState<StudyMode>('study');
  const queue = useQuery(studyQueueQueryOptions(categoryId, mode));
  // The queue is drawn in a background render (the spinner stays meanwhile), the top's line too.
  const drawn = useAnswerDrawn(queue.isPending);
  const shownQueue = drawn ? queue.data : undefined;
  // Fetched while the queue is on its way, in a task of its own: its dozen preload links cost a
  // phone as much as a part of the page's first render.
  useEffect(() => {
    const timer = setTimeout(() => void loadStudySession(), 0);
    return () => clearTimeout(timer);
  }, []);
  // At first use, the learner's time zone comes from the browser (their day starts there).
  useStudySettings();
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [answered, setAnswered] = useState({ due: 0, new: 0 });
  const selectId = useId();
  const userId = useSession()?.decodedAccessToken.payload.userId ?? null;
  const online = useOnline();
  const outbox = useReviewOutboxStatus(userId);

  const onFinished = useCallback(() => {
    // Schedules changed: card lists, the next queue and the dashboard's figures are read again.
    void queryClient.invalidateQueries({ queryKey: resourceKeys.cards });
    void queryClient.invalidateQueries({ queryKey: studyQueueKeyRoot, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: [...resourceKeys.study, 'summary'] });
  }, [queryClient]);

  const onAnswered = useCallback(
    (kind: 'due' | 'new') => setAnswered((counts) => ({ ...counts, [kind]: counts[kind] + 1 })),
    [],
  );

  const studyAgain = useCallback(() => {
    void queue.refetch().then(() => {
      setAnswered({ due: 0, new: 0 });
      setRound((value) => value + 1);
    });
  }, [queue]);

  const chooseCategory = (value: string) => {
    setSearchParams(value ? { category: value } : {}, { replace: true });
    setAnswered({ due: 0, new: 0 });
    setRound((current) => current + 1);
  };

  const chooseMode = (next: StudyMode) => {
    setAnswered({ due: 0, new: 0 });
    setMode(next);
    // A fresh queue each time: what is due ahead or to practise changed with every answer.
    void queryClient.invalidateQueries({ queryKey: studyQueueKeyRoot, refetchType: 'none' });
    setRound((current) => current + 1);
  };

  let body;
  if (queue.isPending || !drawn || (queue.isFetching && queue.isStale)) {
    body = <PageSpinner label={t`Loading your cards`} />;
  } else if (queue.isError) {
    body = (
      <LoadFailed
        icon="study"
        title={t`Your cards could not be loaded`}
        error={queue.error}
        onRetry={() => void queue.refetch()}
      />
    );
  } else if (queue.data.items.length === 0) {
    const nextDueAt = queue.data.today?.nextDueAt ?? null;
    const inCategory = categoryId !== null;
    body = (
      <EmptyState
        icon="study"
        title={
          mode === 'study'
            ? t`Nothing to study right now`
            : mode === 'ahead'
              ? t`No card to study ahead`
              : t`No card to practise`
        }
        action={
          <div className={studyStyles.actions}>
            {mode === 'study' ? (
              <>
                <Button onClick={() => chooseMode('ahead')}>
                  <Trans>Study ahead</Trans>
                </Button>
                <Button variant="secondary" onClick={() => chooseMode('practise')}>
                  <Trans>Practise</Trans>
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => chooseMode('study')}>
                <Trans>Back to today’s cards</Trans>
              </Button>
            )}
            <ButtonLink to={paths.app.dashboard.getHref()} variant="ghost">
              <Trans>Back to the dashboard</Trans>
            </ButtonLink>
          </div>
        }
      >
        {mode !== 'study' ? (
          <p>
            {inCategory ? (
              <Trans>You have not studied any card in this category yet.</Trans>
            ) : (
              <Trans>You have not studied any card yet.</Trans>
            )}
          </p>
        ) : nextDueAt ? (
          <NextDue at={nextDueAt} inCategory={inCategory} />
        ) : (
          <p>
            {inCategory ? (
              <Trans>No card is waiting in this category.</Trans>
            ) : (
              <Trans>No card is waiting.</Trans>
            )}{' '}
            <Trans>Add cards to study them.</Trans>
          </p>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <Suspense fallback={<PageSpinner label={t`Loading your cards`} />}>
        <StudySession
          key={`${categoryId ?? 'all'}:${mode}:${round}:${queue.dataUpdatedAt}`}
          items={queue.data.items}
          keptMinimumScore={queue.data.minimumScore}
          onFinished={onFinished}
          onStudyAgain={studyAgain}
          onAnswered={mode === 'practise' ? undefined : onAnswered}
          practice={mode === 'practise'}
        />
      </Suspense>
    );
  }

  return (
    <Page
      title={t`Study`}
      description={
        <p>
          <Trans>Answer your due cards; Glossa schedules each one.</Trans>
        </p>
      }
    >
      <div className={styles.scope}>
        <label htmlFor={selectId} className={studyStyles.label}>
          <Trans>Study</Trans>
        </label>
        <select
          id={selectId}
          className={studyStyles.select}
          value={categoryId ?? ''}
          onChange={(event) => chooseCategory(event.target.value)}
        >
          <option value="">{t`Everything`}</option>
          {categoryId && !categories.data?.some((item) => item.id === categoryId) ? (
            <option value={categoryId}>{t`This category`}</option>
          ) : null}
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {'\u00a0\u00a0'.repeat(Math.max(0, category.depth - 1))}
              {category.name}
            </option>
          ))}
        </select>
        {shownQueue && mode === 'study' ? (
          <TodayLine queue={shownQueue} answered={answered} />
        ) : null}
      </div>
      {mode !== 'study' ? (
        <div className={styles.mode} role="status">
          <p>{i18n._(modeNotes[mode])}</p>
          <Button variant="secondary" size="sm" onClick={() => chooseMode('study')}>
            <Trans>Back to today’s cards</Trans>
          </Button>
        </div>
      ) : null}
      <SyncStatus
        status={outbox}
        online={online}
        savedAt={shownQueue?.savedAt ?? null}
        onSyncNow={() => {
          if (userId) void reviewOutbox.flush(userId, { immediate: true });
        }}
      />
      {body}
    </Page>
  );
}

export default StudyPage;
