import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './button';
import { Dialog, DialogActions, DialogClose } from './dialog';

export interface UnsavedChangesGuardProps {
  /** Whether there are changes that leaving would lose. */
  when: boolean;
  /** What they are changes to, for the question, translated by the caller ("your learning settings"). */
  what: string;
}

/**
 * While `when` holds, leaving the page asks first: a link or a tab inside the app opens a dialog
 * (stay, or leave and lose the changes), and closing or reloading the browser tab gets the
 * browser's own question. Needs a data router (the app's).
 */
export function UnsavedChangesGuard({ when, what }: UnsavedChangesGuardProps) {
  const { t } = useLingui();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    // The browser shows its own wording; preventDefault is the standard way to ask for it.
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Dialog
      alert
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t`Leave without saving?`}
      description={t`Your changes to ${what} are not saved yet. If you leave now, they are lost.`}
    >
      <DialogActions>
        <DialogClose>
          <Button variant="secondary">
            <Trans>Stay</Trans>
          </Button>
        </DialogClose>
        <Button
          variant="danger"
          onClick={() => {
            if (blocker.state === 'blocked') blocker.proceed();
          }}
        >
          <Trans>Leave without saving</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
