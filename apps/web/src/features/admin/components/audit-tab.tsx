import type { AdminAuditEntry } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/dates';
import { auditQueryOptions } from '../api/admin-requests';
import styles from './admin.module.css';

const actionText: Record<AdminAuditEntry['action'], MessageDescriptor> = {
  'user.freeloaded': msg`Free premium`,
  'user.role': msg`Role`,
  'user.disabled': msg`Disabled`,
  'user.verification_resent': msg`Verification e-mail sent`,
  'user.deleted': msg`Account deleted`,
  'feedback.status': msg`Feedback status`,
};

const show = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ') || '—';

/** An action's target that is a feedback message: its id's first characters. */
function feedbackTarget(id: string): string {
  const shortId = id.slice(0, 8);
  return t`feedback ${shortId}`;
}

/** The audit log: every admin action, newest first; kept when its target is deleted. */
export function AuditTab() {
  const { t, i18n } = useLingui();
  const audit = useInfiniteQuery(auditQueryOptions());
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const errorMessage = audit.error?.message ?? '';
  return (
    <section aria-label={t`Audit log`}>
      {audit.isPending ? (
        <Spinner label={t`Loading the audit log`} />
      ) : audit.isError ? (
        <p role="alert">{t`The audit log could not be loaded: ${errorMessage}`}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No admin action yet.</Trans>
        </p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling table must take focus to scroll by keyboard
        <div className={styles.tableWrap} role="region" aria-label={t`Audit log`} tabIndex={0}>
          <table className={styles.table}>
            <caption>
              <VisuallyHidden>
                <Trans>Admin actions, newest first</Trans>
              </VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Admin</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">
                  <Trans comment="The column of what an admin action was done on">On</Trans>
                </th>
                <th scope="col">
                  <Trans>Before</Trans>
                </th>
                <th scope="col">
                  <Trans>After</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.actor.username}</td>
                  <td>{i18n._(actionText[entry.action])}</td>
                  <td>{entry.target.username || feedbackTarget(entry.target.id)}</td>
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
            <Trans>Show older actions</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
