import type { AdminUser, AdminUserSort } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatDate, formatDateTime, getDateLocale } from '../../../lib/dates';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { adminUsersQueryOptions } from '../api/admin-requests';
import styles from './admin.module.css';
import { ManageUserDialog } from './manage-user-dialog';

const sortText: Record<AdminUserSort, MessageDescriptor> = {
  created: msg`Newest first`,
  username: msg`Username, A to Z`,
  email: msg`E-mail, A to Z`,
};

/** The table's caption for each order. */
const captionText: Record<AdminUserSort, MessageDescriptor> = {
  created: msg`Users, newest first`,
  username: msg`Users, username, A to Z`,
  email: msg`Users, e-mail, A to Z`,
};

const defaultOrder: Record<AdminUserSort, 'asc' | 'desc'> = {
  created: 'desc',
  username: 'asc',
  email: 'asc',
};

/** The users tab: search by username or e-mail prefix, sort, and manage one user at a time. */
export function UsersTab({ selfId }: { selfId: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('created');
  const debounced = useDebouncedValue(q.trim(), 250);
  const users = useInfiniteQuery(
    adminUsersQueryOptions({ q: debounced, sort, order: defaultOrder[sort] }),
  );
  const [managed, setManaged] = useState<AdminUser | null>(null);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  const errorMessage = users.error?.message ?? '';
  const locale = getDateLocale();
  const manageLabel = (username: string) => t`Manage ${username}`;

  return (
    <section aria-label={t`Users`}>
      <div className={styles.toolbar}>
        <div className={`${styles.filter} ${styles.grow}`}>
          <label htmlFor={`${id}-q`} className={styles.label}>
            <Trans>Search by username or e-mail (beginning)</Trans>
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
            <Trans>Sort</Trans>
          </label>
          <select
            id={`${id}-sort`}
            className={styles.select}
            value={sort}
            onChange={(event) => setSort(event.target.value as AdminUserSort)}
          >
            {(Object.keys(sortText) as AdminUserSort[]).map((option) => (
              <option key={option} value={option}>
                {i18n._(sortText[option])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {users.isPending ? (
        <Spinner label={t`Loading users`} />
      ) : users.isError ? (
        <p role="alert">{t`The users could not be loaded: ${errorMessage}`}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted} role="status">
          <Trans>No user’s username or e-mail begins with “{debounced}”.</Trans>
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
              <VisuallyHidden>{i18n._(captionText[sort])}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Username</Trans>
                </th>
                <th scope="col">
                  <Trans>E-mail</Trans>
                </th>
                <th scope="col">
                  <Trans>Role and plan</Trans>
                </th>
                <th scope="col">
                  <Trans>Created</Trans>
                </th>
                <th scope="col">
                  <Trans>Last active</Trans>
                </th>
                <th scope="col">
                  <Trans>Cards</Trans>
                </th>
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
                              <Trans>Disabled</Trans>
                            </span>
                          </>
                        ) : null}
                      </span>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setManaged(user)}
                        aria-label={manageLabel(user.username)}
                      >
                        <Trans>Manage</Trans>
                      </Button>
                    </div>
                  </th>
                  <td className={styles.email}>
                    {user.email}{' '}
                    <span className={styles.muted}>
                      {user.emailVerified ? t`(verified)` : t`(not verified)`}
                    </span>
                  </td>
                  <td>
                    <span className={styles.badge}>
                      {user.role === 'admin' ? t`Admin` : t`Learner`}
                    </span>
                    <span className={styles.badge}>
                      {user.plan === 'premium' ? t`Premium` : t`Free`}
                    </span>
                    {user.isFreeloaded ? (
                      <span className={`${styles.badge} ${styles.badgeSuccess}`}>
                        <Trans>Free premium</Trans>
                      </span>
                    ) : null}
                  </td>
                  <td>{formatDate(user.createdAt)}</td>
                  <td>{user.lastActiveAt ? formatDateTime(user.lastActiveAt) : t`Never`}</td>
                  <td>{user.cardCount.toLocaleString(locale)}</td>
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
            <Trans>Show more users</Trans>
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
