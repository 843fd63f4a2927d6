import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { receivedInvitationsQueryOptions } from '../lib/queries/invitations';
import { Icon } from './icon';
import styles from './invitations-badge.module.css';

/** The dashboard's list of invitations (the badge links to it). */
export const invitationsAnchor = 'invitations';

/** In the app header while invitations wait for an answer: how many, and the way to them. */
export function InvitationsBadge() {
  const { t } = useLingui();
  const { data: invitations } = useQuery(receivedInvitationsQueryOptions());
  const count = invitations?.length ?? 0;
  if (count === 0) return null;
  const label = t`${plural(count, { one: '# invitation waits for your answer', other: '# invitations wait for your answer' })}`;
  return (
    <Link
      to={`${paths.app.dashboard.getHref()}#${invitationsAnchor}`}
      className={styles.badge}
      aria-label={label}
      title={label}
    >
      <Icon name="mail" size={16} />
      <span aria-hidden="true">{count}</span>
    </Link>
  );
}
