import type { AdminUser, AdminUserSort } from '@glossa/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { adminUsersQueryOptions } from '../api/admin-requests';
import styles from './admin.module.css';
import { ManageUserDialog } from './manage-user-dialog';

const sortText: Record<AdminUserSort, string> = {
  created: 'Newest first',
  username: 'Username, A to Z',
  email: 'E-mail, A to Z',
};

const defaultOrder: Record<AdminUserSort, 'asc' | 'desc'> = {
  created: 'desc',
  username: 'asc',
  email: 'asc',
};

/** The users tab: search by username or e-mail prefix, sort, and manage one user at a time. */
export function UsersTab({ selfId }: { selfId: string }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('created');
  const debounced = useDebouncedValue(q.trim(), 250);
  const users = useInfiniteQuery(
    adminUsersQueryOptions({ q: debounced, sort, order: defaultOrder[sort] }),
  );
  const [managed, setManaged] = useState<AdminUser | null>(null);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-label="Users">
      <div className={styles.toolbar}>
        <div className={`${styles.filter} ${styles.grow}`}>
          <label htmlFor={`${id}-q`} className={styles.label}>
            Search by username or e-mail (beginning)
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={styles.input}
            value={q}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className={styles.filter}>
          <label htmlFor={`${id}-sort`} className={styles.label}>
            Sort
          </label>
          <select
            id={`${id}-sort`}
            className={styles.select}
            value={sort}
            onChange={(event) => setSort(event.target.value as AdminUserSort)}
          >
            {(Object.keys(sortText) as AdminUserSort[]).map((option) => (
              <option key={option} value={option}>
                {sortText[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <p role="alert">The users could not be loaded: {users.error.message}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted} role="status">
          No user’s username or e-mail begins with “{debounced}”.
        </p>
      ) : (
        <div
          className={styles.tableWrap}
          role="region"
          aria-labelledby={`${id}-caption`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling table must take focus to scroll by keyboard
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption id={`${id}-caption`}>
              <VisuallyHidden>Users, {sortText[sort].toLowerCase()}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role and plan</th>
                <th scope="col">Created</th>
                <th scope="col">Last active</th>
                <th scope="col">Cards</th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <div className={styles.nameCell}>
                      <span>
                        {user.username}
                        {user.disabled ? (
                          <>
                            {' '}
                            <span className={`${styles.badge} ${styles.badgeWarning}`}>
                              Disabled
                            </span>
                          </>
                        ) : null}
                      </span>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setManaged(user)}
                        aria-label={`Manage ${user.username}`}
                      >
                        Manage
                      </Button>
                    </div>
                  </th>
                  <td className={styles.email}>
                    {user.email}{' '}
                    <span className={styles.muted}>
                      {user.emailVerified ? '(verified)' : '(not verified)'}
                    </span>
                  </td>
                  <td>
                    <span className={styles.badge}>
                      {user.role === 'admin' ? 'Admin' : 'Learner'}
                    </span>
                    <span className={styles.badge}>
                      {user.plan === 'premium' ? 'Premium' : 'Free'}
                    </span>
                    {user.isFreeloaded ? (
                      <span className={`${styles.badge} ${styles.badgeSuccess}`}>Free premium</span>
                    ) : null}
                  </td>
                  <td>{formatDate(user.createdAt)}</td>
                  <td>{user.lastActiveAt ? formatDateTime(user.lastActiveAt) : 'Never'}</td>
                  <td>{user.cardCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.hasNextPage ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void users.fetchNextPage()}
            loading={users.isFetchingNextPage}
          >
            Show more users
          </Button>
        </div>
      ) : null}
      {managed ? (
        <ManageUserDialog
          user={items.find((item) => item.id === managed.id) ?? managed}
          isSelf={managed.id === selfId}
          onClose={() => setManaged(null)}
        />
      ) : null}
    </section>
  );
}
