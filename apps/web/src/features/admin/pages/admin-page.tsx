import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useAccount, useUser } from '../../../lib/auth';
import { newFeedbackCountQueryOptions } from '../api/admin-requests';
import { AuditTab } from '../components/audit-tab';
import { FeedbackTab } from '../components/feedback-tab';
import { UsersTab } from '../components/users-tab';
import styles from './admin-page.module.css';

type AdminTab = 'users' | 'feedback' | 'audit';

const tabPaths: Record<AdminTab, string> = {
  users: paths.app.adminUsers.getHref(),
  feedback: paths.app.adminFeedback.getHref(),
  audit: `${paths.app.admin.getHref()}?tab=audit`,
};

/**
 * /app/admin and /app/admin/users show users; /app/admin/feedback shows feedback; the audit log
 * is /app/admin?tab=audit (the seed names no path of its own for it).
 */
function tabOf(pathname: string, search: string): AdminTab {
  if (pathname.replace(/\/+$/, '') === paths.app.adminFeedback.path) return 'feedback';
  return new URLSearchParams(search).get('tab') === 'audit' ? 'audit' : 'users';
}

/** The admin area: users and feedback, for admins only. */
export function AdminPage() {
  const { t } = useLingui();
  const { data: account, isPending, isError } = useAccount();
  const { pathname, search } = useLocation();
  const { data: user } = useUser();
  const isAdmin = account?.role === 'admin';
  const { data: count } = useQuery(newFeedbackCountQueryOptions(isAdmin));
  const newCount = count?.new ?? 0;
  const tab = tabOf(pathname, search);
  const navigate = useNavigate();

  if (isPending) {
    return (
      <Page title={t`Admin`}>
        <PageSpinner label={t`Checking your role`} />
      </Page>
    );
  }
  if (isError || account.role !== 'admin') {
    return (
      <Page title={t`Admin`}>
        <EmptyState icon="admin" title={t`Admins only`}>
          <p>
            <Trans>This area is for the admins of this Glossa instance.</Trans>
          </p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page
      title={t`Admin`}
      description={
        <p>
          <Trans>Manage the people on this instance, read feedback, see what admins did.</Trans>
        </p>
      }
    >
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          if (value === 'users' || value === 'feedback' || value === 'audit') {
            void navigate(tabPaths[value]);
          }
        }}
        activationMode="manual"
      >
        <Tabs.List className={styles.list} aria-label={t`Admin sections`}>
          <Tabs.Trigger className={styles.trigger} value="users">
            <Trans>Users</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.trigger} value="feedback">
            <Trans>Feedback</Trans>
            {newCount ? (
              <span
                className={styles.count}
                aria-label={t`, ${plural(newCount, { one: '# new', other: '# new' })}`}
              >
                {newCount}
              </span>
            ) : null}
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.trigger} value="audit">
            <Trans>Audit log</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className={styles.content} value="users">
          {user ? <UsersTab selfId={user.id} /> : null}
        </Tabs.Content>
        <Tabs.Content className={styles.content} value="feedback">
          <FeedbackTab />
        </Tabs.Content>
        <Tabs.Content className={styles.content} value="audit">
          <AuditTab />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}

export default AdminPage;
