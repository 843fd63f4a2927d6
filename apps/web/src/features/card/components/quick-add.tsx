import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { withFeatureCatalogs } from '../../../lib/i18n';
import { focusReturn, globalShortcutAllowed } from '../../../lib/shortcuts';
import styles from './quick-add.module.css';

/**
 * The dialog, its form, the language lists and the duplicate check weigh about 45 kB gzipped:
 * they load with the first opening, not with every /app page (decision 0031), and with them the
 * card feature's catalog, whose messages they show (decision 0037; this button's own are the
 * shell's, lingui.config.ts).
 */
const QuickAddDialog = lazy(() =>
  withFeatureCatalogs(import('./quick-add-dialog'), 'card').then((module) => ({
    default: module.QuickAddDialog,
  })),
);

/**
 * Quick add: a "New card" button and the `n` key (outside text fields) open a dialog to add
 * cards one after the other. Once opened, the dialog stays mounted (closed), so that it keeps
 * the languages and the category chosen for the next card.
 */
export function QuickAdd() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  // Focus goes back where the learner was: the button, or where `n` was pressed.
  const [focus] = useState(focusReturn);
  const show = useCallback(() => {
    focus.remember();
    setAsked(true);
    setOpen(true);
  }, [focus]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Not while typing, in another dialog, or while study owns the keyboard.
      if (event.key !== 'n' || !globalShortcutAllowed(event)) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);

  return (
    <>
      <Button
        size="sm"
        icon={<Icon name="plus" size={16} />}
        aria-keyshortcuts="n"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <span className={styles.triggerLabel}>
          <Trans>New card</Trans>
        </span>
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <QuickAddDialog open={open} onOpenChange={setOpen} onCloseAutoFocus={focus.restore} />
        </Suspense>
      ) : null}
    </>
  );
}
