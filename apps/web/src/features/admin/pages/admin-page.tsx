import { Tabs } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useAccount } from '../../../lib/auth';
import styles from './admin-page.module.css';

type AdminTab = 'users' | 'feedback';

const tabPaths: Record<AdminTab, string> = {
  users: paths.app.adminUsers.getHref(),
  feedback: paths.app.adminFeedback.getHref(),
};

/** /app/admin and /app/admin/users show users; /app/admin/feedback shows feedback. */
function tabOf(pathname: string): AdminTab {
  return pathname.replace(/\/+$/, '') === paths.app.adminFeedback.path ? 'feedback' : 'users';
}

/** The admin area: users and feedback, for admins only. */
export function AdminPage() {
  const { data: account, isPending, isError } = useAccount();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  if (isPending) {
    return (
      <Page title="Admin">
        <PageSpinner label="Checking your role" />
      </Page>
    );
  }
  if (isError || account.role !== 'admin') {
    return (
      <Page title="Admin">
        <EmptyState icon="admin" title="Admins only">
          <p>This area is for the admins of this Glossa instance.</p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title="Admin" description={<p>Manage the people on this instance and read feedback.</p>}>
      <Tabs.Root
        value={tabOf(pathname)}
        onValueChange={(value) => {
          if (value === 'users' || value === 'feedback') void navigate(tabPaths[value]);
        }}
        activationMode="manual"
      >
        <Tabs.List className={styles.list} aria-label="Admin sections">
          <Tabs.Trigger className={styles.trigger} value="users">
            Users
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.trigger} value="feedback">
            Feedback
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className={styles.content} value="users">
          <EmptyState icon="user" title="Users" headingLevel={2}>
            <p>
              The list of accounts will be here: search by name or e-mail, grant premium without
              payment, make someone an admin, disable an account or end its sessions.
            </p>
            <p>It arrives with the next release of Glossa.</p>
          </EmptyState>
        </Tabs.Content>
        <Tabs.Content className={styles.content} value="feedback">
          <EmptyState icon="message" title="Feedback" headingLevel={2}>
            <p>
              The bugs, ideas and other messages that learners send from the app will be here, with
              the page they were on, to mark as read or resolved.
            </p>
            <p>It arrives with the next release of Glossa.</p>
          </EmptyState>
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}

export default AdminPage;
