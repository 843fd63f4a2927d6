import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { NavLink } from 'react-router';
import { paths } from '../config/paths';
import { useAccount } from '../lib/auth';
import { newFeedbackCountQueryOptions } from '../lib/queries/new-feedback-count';
import styles from './app-header.module.css';
import { ComboBadge } from './combo-badge';
import { Icon, type IconName } from './icon';
import { InvitationsBadge } from './invitations-badge';
import { LiveIndicator } from './live-indicator';
import { Logo } from './logo';
import { ThemeToggler } from './theme-toggler';
import { UserBlock } from './user-block';

interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: IconName;
}

const navItems: NavItem[] = [
  { to: paths.app.dashboard.getHref(), label: msg`Dashboard`, icon: 'dashboard' },
  { to: paths.app.study.getHref(), label: msg`Study`, icon: 'study' },
  { to: paths.app.browse.getHref(), label: msg`Browse`, icon: 'browse' },
  { to: paths.app.organize.getHref(), label: msg`Organize`, icon: 'organize' },
  { to: paths.app.explore.getHref(), label: msg`Explore`, icon: 'explore' },
  { to: paths.app.wiki.getHref(), label: msg`Wiki`, icon: 'wiki' },
];
const adminItem: NavItem = { to: paths.app.admin.getHref(), label: msg`Admin`, icon: 'admin' };

export interface AppHeaderProps {
  /** Tools the app layer adds from features (the quick add button). */
  actions?: ReactNode;
}

/**
 * The app's sections, with Admin for an administrator. A component of its own: the account it
 * reads arrives after the page has shown, and its update then draws the list again, not the whole
 * header (decision 0031).
 */
function NavItems({ onNavigate }: { onNavigate: () => void }) {
  const { data: account } = useAccount();
  const { i18n } = useLingui();
  const isAdmin = account?.role === 'admin';
  const items = isAdmin ? [...navItems, adminItem] : navItems;
  const { data: feedbackCount } = useQuery(newFeedbackCountQueryOptions(isAdmin));
  const newFeedback = isAdmin ? (feedbackCount?.new ?? 0) : 0;
  return (
    <ul className={styles.navList}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={styles.navLink} onClick={onNavigate}>
            <Icon name={item.icon} size={18} />
            {i18n._(item.label)}
            {item === adminItem && newFeedback > 0 ? (
              <span
                className={styles.count}
                aria-label={i18n._(
                  msg`, ${plural(newFeedback, { one: '# new feedback', other: '# new feedback' })}`,
                )}
              >
                {newFeedback}
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The header of the signed-in app; the navigation collapses into a menu at phone width. */
export function AppHeader({ actions }: AppHeaderProps = {}) {
  const { i18n } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={20} />
          <span className={styles.srOnly}>
            <Trans>Menu</Trans>
          </span>
        </button>
        <Logo to={paths.app.dashboard.getHref()} />
        <nav
          id={navId}
          aria-label={i18n._(msg`App`)}
          className={styles.nav}
          data-open={menuOpen || undefined}
        >
          <NavItems onNavigate={() => setMenuOpen(false)} />
        </nav>
        <div className={styles.tools}>
          {actions}
          <LiveIndicator />
          <InvitationsBadge />
          <ComboBadge />
          <ThemeToggler />
          <UserBlock />
        </div>
      </div>
    </header>
  );
}
