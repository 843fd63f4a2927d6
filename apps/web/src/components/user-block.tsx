import { lazy, Suspense, useState } from 'react';
import { useUser } from '../lib/auth';
import { UserButton } from './user-button';

const loadUserMenu = () => import('./user-menu');
const preload = () => void loadUserMenu().catch(() => undefined);
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

/**
 * The signed-in learner: name and e-mail, settings, feedback and sign out. The menu's code loads
 * when the pointer comes over the button or the button gets the focus (decision 0031, fourth pass:
 * not when the page goes idle, a long task on a phone); pressed before it has come, the button
 * loads it and the menu opens.
 */
export function UserBlock() {
  const { data: user } = useUser();
  const username = user?.username ?? '';
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    const open = () => setWanted(true);
    return (
      <UserButton
        username={username}
        aria-expanded={false}
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') open();
        }}
      />
    );
  }
  return (
    <Suspense fallback={<UserButton username={username} aria-busy />}>
      <UserMenu defaultOpen />
    </Suspense>
  );
}
