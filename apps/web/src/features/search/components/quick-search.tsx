import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { withFeatureCatalogs } from '../../../lib/i18n';
import {
  focusReturn,
  globalShortcutAllowed,
  isTextEntry,
  keyboardOwnerAttribute,
} from '../../../lib/shortcuts';
import styles from './quick-search.module.css';

/**
 * The palette (its dialog, the search's queries and the help's index) loads with the first
 * opening, not with every /app page (decision 0031); it then stays mounted, closed. The search
 * feature's catalog, whose messages it shows, loads with its code (decision 0037; this button's
 * own are the shell's, lingui.config.ts). It starts loading when the pointer comes over the button
 * or the button gets the focus, not when the page goes idle: loading it then was a long task of
 * every /app page's first seconds on a phone (decision 0031, fourth pass); what is typed after a
 * shortcut opened it waits for its search box.
 */
const loadQuickSearch = () => withFeatureCatalogs(import('./quick-search-dialog'), 'search');
const preload = () => void loadQuickSearch().catch(() => undefined);
const QuickSearchDialog = lazy(() =>
  loadQuickSearch().then((module) => ({ default: module.QuickSearchDialog })),
);

/**
 * Quick search: the header's Search button, `/` or Ctrl+K (⌘K) anywhere in the app but in a text
 * field, a dialog or a study session, open a palette that searches as the learner types. ↑ and ↓
 * choose a result, Enter opens it (or every result on the search page), Esc closes; focus goes
 * back where it was.
 */
export function QuickSearch() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  // Focus goes back where the learner was: the button, or where the shortcut was pressed.
  const [focus] = useState(focusReturn);
  // What is typed between the opening and the palette's search box (its code still loading):
  // kept for the box, not lost. Null once the box has been there.
  const typed = useRef<string | null>('');
  const show = useCallback(() => {
    focus.remember();
    setAsked(true);
    setOpen(true);
  }, [focus]);
  const typedAhead = useCallback(() => typed.current ?? '', []);
  const onReady = useCallback(() => {
    typed.current = null;
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (typed.current === null || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) typed.current += event.key;
      else if (event.key === 'Backspace') typed.current = typed.current.slice(0, -1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => document.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [open]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const k =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      if (event.key === '/') {
        if (!globalShortcutAllowed(event)) return;
      } else if (k) {
        // Ctrl+K has its modifier: the same rule otherwise (no field, dialog or study session).
        if (event.defaultPrevented || event.isComposing || isTextEntry(event.target)) return;
        if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
        if (document.querySelector(`[${keyboardOwnerAttribute}]`)) return;
      } else {
        return;
      }
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
        variant="secondary"
        icon={<Icon name="search" size={16} />}
        // Key names as ARIA defines them, which assistive technology says in its own language.
        // eslint-disable-next-line lingui/no-unlocalized-strings
        aria-keyshortcuts="/ Control+K"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <span className={styles.triggerLabel}>
          <Trans>Search</Trans>
        </span>
        <kbd className={styles.kbd} aria-hidden="true">
          /
        </kbd>
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <QuickSearchDialog
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={focus.restore}
            typedAhead={typedAhead}
            onReady={onReady}
          />
        </Suspense>
      ) : null}
    </>
  );
}
