import { lazy, Suspense, useEffect, useState } from 'react';
import { useUser } from '../lib/auth';
import { whenIdle } from '../lib/when-idle';
import { UserButton } from './user-button';

const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

/**
 * The signed-in learner: name and e-mail, settings, feedback and sign out. The menu's code loads
 * once the page has shown (decision 0031); used before, the button loads it and the menu opens.
 */
export function UserBlock() {
  const { data: user } = useUser();
  const username = user?.username ?? '';
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => void loadUserMenu()), []);
  if (!wanted) {
    const open = () => setWanted(true);
    return (
      <UserButton
        username={username}
        aria-expanded={false}
        onClick={open}
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
