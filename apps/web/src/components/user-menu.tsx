import {
  interfaceLocaleNames,
  interfaceLocales,
  isInterfaceLocale,
} from '@glossa/contract/locales';
import { Trans } from '@lingui/react/macro';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { setFeedbackDialogVisible } from '../lib/app-state';
import { useLogout, useUser } from '../lib/auth';
import { useInterfaceLocale } from '../lib/use-interface-locale';
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
  const { locale, setLocale } = useInterfaceLocale();
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
            <p className={styles.username}>{username || <Trans>Signed in</Trans>}</p>
            {user ? <p className={styles.email}>{user.email}</p> : null}
          </div>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => void navigate(paths.app.settings.getHref())}
          >
            <Icon name="settings" size={18} />
            <Trans>Settings</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => setFeedbackDialogVisible(true)}
          >
            <Icon name="message" size={18} />
            <Trans>Send feedback</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Label className={styles.label}>
            <Trans>Language</Trans>
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={locale}
            onValueChange={(value) => {
              if (isInterfaceLocale(value)) void setLocale(value);
            }}
          >
            {interfaceLocales.map((code) => (
              <DropdownMenu.RadioItem
                key={code}
                value={code}
                lang={code}
                className={styles.item}
                // The menu stays open: the learner sees the change, then closes it.
                onSelect={(event) => event.preventDefault()}
              >
                <span className={styles.radioMark} aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Icon name="check" size={16} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {interfaceLocaleNames[code]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={signOut} disabled={logout.isPending}>
            <Icon name="logOut" size={18} />
            <Trans>Sign out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
