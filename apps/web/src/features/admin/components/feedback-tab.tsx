import {
  feedbackStatusSchema,
  storedFeedbackKindSchema,
  type AdminFeedback,
} from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const statusText: Record<Status, MessageDescriptor> = {
  new: msg`New`,
  read: msg`Read`,
  resolved: msg`Resolved`,
};
const kindText: Record<Kind, MessageDescriptor> = {
  bug: msg`Bug`,
  idea: msg`Idea`,
  other: msg`Other`,
  report: msg`Deck report`,
};

/** The feedback tab: messages and deck reports, newest first, filtered, marked read or resolved. */
export function FeedbackTab() {
  const { t, i18n } = useLingui();
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
  const errorMessage = feedback.error?.message ?? '';

  return (
    <section aria-label={t`Feedback`}>
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <label htmlFor={`${id}-status`} className={styles.label}>
            <Trans>Status</Trans>
          </label>
          <select
            id={`${id}-status`}
            className={styles.select}
            value={status}
            onChange={(event) => setStatus(event.target.value as Status | '')}
          >
            <option value="">{t`Any`}</option>
            {feedbackStatusSchema.options.map((option) => (
              <option key={option} value={option}>
                {i18n._(statusText[option])}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filter}>
          <label htmlFor={`${id}-kind`} className={styles.label}>
            <Trans>Kind</Trans>
          </label>
          <select
            id={`${id}-kind`}
            className={styles.select}
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind | '')}
          >
            <option value="">{t`Any`}</option>
            {storedFeedbackKindSchema.options.map((option) => (
              <option key={option} value={option}>
                {i18n._(kindText[option])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {feedback.isPending ? (
        <Spinner label={t`Loading feedback`} />
      ) : feedback.isError ? (
        <p role="alert">{t`The feedback could not be loaded: ${errorMessage}`}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted} role="status">
          {status === 'new'
            ? t`Nothing here marked new.`
            : status === 'read'
              ? t`Nothing here marked read.`
              : status === 'resolved'
                ? t`Nothing here marked resolved.`
                : t`Nothing here.`}
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
            <Trans>Show more feedback</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function FeedbackItem({ item }: { item: AdminFeedback }) {
  const { t, i18n } = useLingui();
  const change = useFeedbackStatus();
  const kind = i18n._(kindText[item.kind]);
  const markedText: Record<Status, string> = {
    new: t`Marked new: ${kind}.`,
    read: t`Marked read: ${kind}.`,
    resolved: t`Marked resolved: ${kind}.`,
  };
  const mark = (status: Status) =>
    change.mutate(
      { id: item.id, status },
      {
        onSuccess: () => toast.success(markedText[status]),
        onError: (error) => toast.failure(error.message),
      },
    );
  const page = item.page;
  const sender = item.sender.username;
  const sentAt = formatDateTime(item.createdAt);
  const label = t`${kind} from ${sender}, ${sentAt}`;
  return (
    <li className={styles.feedbackItem} data-status={item.status} aria-label={label}>
      <div className={styles.row}>
        <span className={styles.badge}>{kind}</span>
        <span
          className={
            item.status === 'new' ? `${styles.badge} ${styles.badgeSuccess}` : styles.badge
          }
        >
          {i18n._(statusText[item.status])}
        </span>
        <span className={styles.muted}>
          {item.sender.username} &lt;{item.sender.email}&gt; · {formatDateTime(item.createdAt)}
        </span>
      </div>
      <p className={styles.feedbackMessage}>{item.message}</p>
      {item.page ? (
        <p className={styles.muted}>
          <Trans>Page: {page}</Trans>
        </p>
      ) : null}
      <div className={styles.row}>
        {item.status !== 'read' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => mark('read')}
            disabled={change.isPending}
          >
            <Trans>Mark read</Trans>
          </Button>
        ) : null}
        {item.status !== 'resolved' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => mark('resolved')}
            disabled={change.isPending}
          >
            <Trans>Mark resolved</Trans>
          </Button>
        ) : null}
        {item.status !== 'new' ? (
          <Button size="sm" variant="ghost" onClick={() => mark('new')} disabled={change.isPending}>
            <Trans>Mark new</Trans>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
