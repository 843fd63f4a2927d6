import type { AdminAuditEntry } from '@glossa/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/dates';
import { auditQueryOptions } from '../api/admin-requests';
import styles from './admin.module.css';

const actionText: Record<AdminAuditEntry['action'], string> = {
  'user.freeloaded': 'Free premium',
  'user.role': 'Role',
  'user.disabled': 'Disabled',
  'user.verification_resent': 'Verification e-mail sent',
  'user.deleted': 'Account deleted',
  'feedback.status': 'Feedback status',
};

const show = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ') || '—';

/** The audit log: every admin action, newest first; kept when its target is deleted. */
export function AuditTab() {
  const audit = useInfiniteQuery(auditQueryOptions());
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Audit log">
      {audit.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : audit.isError ? (
        <p role="alert">The audit log could not be loaded: {audit.error.message}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>No admin action yet.</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling table must take focus to scroll by keyboard
        <div className={styles.tableWrap} role="region" aria-label="Audit log" tabIndex={0}>
          <table className={styles.table}>
            <caption>
              <VisuallyHidden>Admin actions, newest first</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">On</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.actor.username}</td>
                  <td>{actionText[entry.action]}</td>
                  <td>{entry.target.username || `feedback ${entry.target.id.slice(0, 8)}`}</td>
                  <td>{show(entry.before)}</td>
                  <td>{show(entry.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void audit.fetchNextPage()}
            loading={audit.isFetchingNextPage}
          >
            Show older actions
          </Button>
        </div>
      ) : null}
    </section>
  );
}
