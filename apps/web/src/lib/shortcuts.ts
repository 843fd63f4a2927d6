// One-key global shortcuts (`n` for a new card) and the parts of the page that own the keyboard.

/**
 * Set on a part of the page while it owns the keyboard (a study session): global shortcuts keep
 * quiet there, so `n` on the study feedback never opens the new-card dialog.
 */
export const keyboardOwnerAttribute = 'data-keyboard-owner';

/** True when a key typed there is text (so `n` must not open quick add). */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Whether a one-key global shortcut may act on this key press: no modifier, not typed into a
 * field, no dialog open (it keeps the keyboard), and no part of the page owning the keyboard.
 */
export function globalShortcutAllowed(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTextEntry(event.target)) return false;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return false;
  return document.querySelector(`[${keyboardOwnerAttribute}]`) === null;
}

/**
 * Where focus was when a shortcut opened a dialog, to give it back there on close (not to the
 * dialog's trigger in the header, where Enter would open it again): `remember` on open,
 * `restore` as the dialog's onCloseAutoFocus. A dialog opened by its button keeps the default
 * (focus back on the button).
 */
export function focusReturn() {
  let before: Element | null | undefined;
  return {
    remember() {
      before = document.activeElement;
    },
    restore(event: Event) {
      if (before === undefined) return;
      const element = before;
      before = undefined;
      // Opened from a shortcut: focus goes back to where the learner was, or nowhere.
      event.preventDefault();
      if (element instanceof HTMLElement && element.isConnected && element !== document.body) {
        element.focus();
      } else if (document.activeElement instanceof HTMLElement) {
        document.activeElement.blur();
      }
    },
  };
}
