import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { EmptyState, LoadFailed } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import { resourceKeys } from '../../../lib/resource-keys';
import { useOnline } from '../../../lib/use-online';
import { reviewOutbox } from '../api/review-outbox';
import { studyQueueKeyRoot, studyQueueQueryOptions } from '../api/study-requests';
import { useReviewOutboxStatus } from '../api/use-review-outbox';
import { StudySession } from '../components/study-session';
import { SyncStatus } from '../components/sync-status';
import studyStyles from '../study.module.css';
import styles from './study-page.module.css';

/** The study loop: pick everything or a category, answer the queue, see the summary. */
export function StudyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = searchParams.get('category') || null;
  const categories = useQuery(categoryTreeQueryOptions());
  const queue = useQuery(studyQueueQueryOptions(categoryId));
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const selectId = useId();
  const userId = useSession()?.decodedAccessToken.payload.userId ?? null;
  const online = useOnline();
  const outbox = useReviewOutboxStatus(userId);

  const onFinished = useCallback(() => {
    // Schedules changed: card lists and the next queue must be read again.
    void queryClient.invalidateQueries({ queryKey: resourceKeys.cards });
    void queryClient.invalidateQueries({ queryKey: studyQueueKeyRoot, refetchType: 'none' });
  }, [queryClient]);

  const studyAgain = useCallback(() => {
    void queue.refetch().then(() => setRound((value) => value + 1));
  }, [queue]);

  const chooseCategory = (value: string) => {
    setSearchParams(value ? { category: value } : {}, { replace: true });
    setRound((current) => current + 1);
  };

  let body;
  if (queue.isPending || (queue.isFetching && queue.isStale)) {
    body = <PageSpinner label="Loading your cards" />;
  } else if (queue.isError) {
    body = (
      <LoadFailed
        icon="study"
        title="Your cards could not be loaded"
        error={queue.error}
        onRetry={() => void queue.refetch()}
      />
    );
  } else if (queue.data.items.length === 0) {
    body = (
      <EmptyState
        icon="study"
        title="Nothing to study right now"
        action={
          <ButtonLink to={paths.app.dashboard.getHref()} variant="secondary">
            Back to the dashboard
          </ButtonLink>
        }
      >
        <p>No card is due{categoryId ? ' in this category' : ''}. Come back later, or add cards.</p>
      </EmptyState>
    );
  } else {
    body = (
      <StudySession
        key={`${categoryId ?? 'all'}:${round}:${queue.dataUpdatedAt}`}
        items={queue.data.items}
        keptMinimumScore={queue.data.minimumScore}
        onFinished={onFinished}
        onStudyAgain={studyAgain}
      />
    );
  }

  return (
    <Page title="Study" description={<p>Answer your due cards; Glossa schedules each one.</p>}>
      <div className={styles.scope}>
        <label htmlFor={selectId} className={studyStyles.label}>
          Study
        </label>
        <select
          id={selectId}
          className={studyStyles.select}
          value={categoryId ?? ''}
          onChange={(event) => chooseCategory(event.target.value)}
        >
          <option value="">Everything</option>
          {categoryId && !categories.data?.some((item) => item.id === categoryId) ? (
            <option value={categoryId}>This category</option>
          ) : null}
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {'\u00a0\u00a0'.repeat(Math.max(0, category.depth - 1))}
              {category.name}
            </option>
          ))}
        </select>
        {queue.data && queue.data.items.length > 0 ? (
          <span className={studyStyles.muted}>
            {queue.data.dueCount} due · {queue.data.newCount} new
          </span>
        ) : null}
      </div>
      <SyncStatus
        status={outbox}
        online={online}
        savedAt={queue.data?.savedAt ?? null}
        onSyncNow={() => {
          if (userId) void reviewOutbox.flush(userId, { immediate: true });
        }}
      />
      {body}
    </Page>
  );
}

export default StudyPage;
