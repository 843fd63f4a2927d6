import {
  feedbackStatusSchema,
  storedFeedbackKindSchema,
  type AdminFeedback,
} from '@glossa/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { adminFeedbackQueryOptions, useFeedbackStatus } from '../api/admin-requests';
import styles from './admin.module.css';

type Status = AdminFeedback['status'];
type Kind = AdminFeedback['kind'];

const statusText: Record<Status, string> = { new: 'New', read: 'Read', resolved: 'Resolved' };
const kindText: Record<Kind, string> = {
  bug: 'Bug',
  idea: 'Idea',
  other: 'Other',
  report: 'Deck report',
};

/** The feedback tab: messages and deck reports, newest first, filtered, marked read or resolved. */
export function FeedbackTab() {
  const id = useId();
  const [status, setStatus] = useState<Status | ''>('new');
  const [kind, setKind] = useState<Kind | ''>('');
  const feedback = useInfiniteQuery(
    adminFeedbackQueryOptions({
      ...(status ? { status } : {}),
      ...(kind ? { kind } : {}),
    }),
  );
  const items = feedback.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-label="Feedback">
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <label htmlFor={`${id}-status`} className={styles.label}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={styles.select}
            value={status}
            onChange={(event) => setStatus(event.target.value as Status | '')}
          >
            <option value="">Any</option>
            {feedbackStatusSchema.options.map((option) => (
              <option key={option} value={option}>
                {statusText[option]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filter}>
          <label htmlFor={`${id}-kind`} className={styles.label}>
            Kind
          </label>
          <select
            id={`${id}-kind`}
            className={styles.select}
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind | '')}
          >
            <option value="">Any</option>
            {storedFeedbackKindSchema.options.map((option) => (
              <option key={option} value={option}>
                {kindText[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {feedback.isPending ? (
        <Spinner label="Loading feedback" />
      ) : feedback.isError ? (
        <p role="alert">The feedback could not be loaded: {feedback.error.message}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted} role="status">
          Nothing here{status ? ` marked ${statusText[status].toLowerCase()}` : ''}.
        </p>
      ) : (
        <ul className={styles.feedbackList}>
          {items.map((item) => (
            <FeedbackItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {feedback.hasNextPage ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void feedback.fetchNextPage()}
            loading={feedback.isFetchingNextPage}
          >
            Show more feedback
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function FeedbackItem({ item }: { item: AdminFeedback }) {
  const change = useFeedbackStatus();
  const mark = (status: Status) =>
    change.mutate(
      { id: item.id, status },
      {
        onSuccess: () =>
          toast.success(`Marked ${statusText[status].toLowerCase()}: ${kindText[item.kind]}.`),
        onError: (error) => toast.failure(error.message),
      },
    );
  const label = `${kindText[item.kind]} from ${item.sender.username}, ${formatDateTime(item.createdAt)}`;
  return (
    <li className={styles.feedbackItem} data-status={item.status} aria-label={label}>
      <div className={styles.row}>
        <span className={styles.badge}>{kindText[item.kind]}</span>
        <span
          className={
            item.status === 'new' ? `${styles.badge} ${styles.badgeSuccess}` : styles.badge
          }
        >
          {statusText[item.status]}
        </span>
        <span className={styles.muted}>
          {item.sender.username} &lt;{item.sender.email}&gt; · {formatDateTime(item.createdAt)}
        </span>
      </div>
      <p className={styles.feedbackMessage}>{item.message}</p>
      {item.page ? <p className={styles.muted}>Page: {item.page}</p> : null}
      <div className={styles.row}>
        {item.status !== 'read' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => mark('read')}
            disabled={change.isPending}
          >
            Mark read
          </Button>
        ) : null}
        {item.status !== 'resolved' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => mark('resolved')}
            disabled={change.isPending}
          >
            Mark resolved
          </Button>
        ) : null}
        {item.status !== 'new' ? (
          <Button size="sm" variant="ghost" onClick={() => mark('new')} disabled={change.isPending}>
            Mark new
          </Button>
        ) : null}
      </div>
    </li>
  );
}
