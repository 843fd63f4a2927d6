import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { setFeedbackDialogVisible } from '../lib/app-state';
import { useLogout, useUser } from '../lib/auth';
import { Icon } from './icon';
import styles from './user-block.module.css';
import { UserButton } from './user-button';

/**
 * The account menu itself (Radix's dropdown menu and its positioning, about 25 kB gzipped): loaded
 * after the first paint or with the first use of its button (user-block.tsx; decision 0031).
 */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const username = user?.username ?? '';

  // useLogout goes to /login and shows the toasts itself: this block unmounts on the way.
  const signOut = () => logout.mutate(undefined);

  return (
    // Not modal: the feedback dialog opens from this menu and must own focus and pointer events.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <UserButton username={username} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8}>
          <div className={styles.identity}>
            <p className={styles.username}>{username || 'Signed in'}</p>
            {user ? <p className={styles.email}>{user.email}</p> : null}
          </div>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => void navigate(paths.app.settings.getHref())}
          >
            <Icon name="settings" size={18} />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => setFeedbackDialogVisible(true)}
          >
            <Icon name="message" size={18} />
            Send feedback
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={signOut} disabled={logout.isPending}>
            <Icon name="logOut" size={18} />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
