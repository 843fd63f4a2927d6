import { useLingui } from '@lingui/react/macro';
import { AlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { createContext, use, type ReactElement, type ReactNode } from 'react';
import iconButtonStyles from './icon-button.module.css';
import styles from './dialog.module.css';
import { Icon } from './icon';
import { toastClearanceAttribute } from './toast-clearance';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The heading (an h2) that names the dialog. */
  title: ReactNode;
  /** The text under the heading that describes the dialog. */
  description: ReactNode;
  /**
   * A confirmation that needs an answer: an alertdialog, focus starts on its `DialogClose`
   * (Cancel), a click outside does not close it and there is no close button.
   */
  alert?: boolean;
  /** The button that opens the dialog; focus goes back to it on close. */
  trigger?: ReactElement;
  /** Width: sm 30rem (confirmations, short forms), md 34rem, lg 46rem; never wider than the screen. */
  size?: DialogSize;
  /** Disables the close button, while work runs that must finish with the dialog open. */
  closeDisabled?: boolean;
  /** Where focus goes on open (prevent the event to choose); by default the first control. */
  onOpenAutoFocus?(event: Event): void;
  /** Where focus goes on close (prevent the event to choose); by default back to the trigger. */
  onCloseAutoFocus?(event: Event): void;
  children: ReactNode;
}

const dialogParts = {
  Root: RadixDialog.Root,
  Trigger: RadixDialog.Trigger,
  Portal: RadixDialog.Portal,
  Overlay: RadixDialog.Overlay,
  Content: RadixDialog.Content,
  Title: RadixDialog.Title,
  Description: RadixDialog.Description,
};

const alertParts = {
  Root: AlertDialog.Root,
  Trigger: AlertDialog.Trigger,
  Portal: AlertDialog.Portal,
  Overlay: AlertDialog.Overlay,
  Content: AlertDialog.Content,
  Title: AlertDialog.Title,
  Description: AlertDialog.Description,
};

// Whether the dialog around a DialogClose is an alert dialog (its close part is Cancel).
const AlertContext = createContext(false);

/**
 * A modal dialog: overlay, the box with its heading, description and content, Escape and the
 * close button to close it; focus stays inside while it is open and returns to the trigger.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  alert = false,
  trigger,
  size = 'sm',
  closeDisabled = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  children,
}: DialogProps) {
  const { t } = useLingui();
  const Parts = alert ? alertParts : dialogParts;
  return (
    <Parts.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Parts.Trigger asChild>{trigger}</Parts.Trigger> : null}
      <Parts.Portal>
        <Parts.Overlay className={styles.overlay} />
        <Parts.Content
          className={`${styles.dialog} ${styles[size]}`}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <AlertContext value={alert}>
            <div className={styles.head}>
              <Parts.Title className={styles.title}>{title}</Parts.Title>
              {alert ? null : (
                <RadixDialog.Close asChild>
                  <button
                    type="button"
                    className={`${iconButtonStyles.iconButton} ${styles.close}`}
                    aria-label={t`Close`}
                    disabled={closeDisabled}
                  >
                    <Icon name="close" size={18} />
                  </button>
                </RadixDialog.Close>
              )}
            </div>
            <Parts.Description className={styles.description}>{description}</Parts.Description>
            {children}
          </AlertContext>
        </Parts.Content>
      </Parts.Portal>
    </Parts.Root>
  );
}

/** Makes its button close the dialog around it (Cancel of an alert dialog, focused on open). */
export function DialogClose({ children }: { children: ReactElement }) {
  return use(AlertContext) ? (
    <AlertDialog.Cancel asChild>{children}</AlertDialog.Cancel>
  ) : (
    <RadixDialog.Close asChild>{children}</RadixDialog.Close>
  );
}

export interface DialogActionsProps {
  /** Stays at the bottom edge of a dialog taller than the screen (a long form on a phone). */
  sticky?: boolean;
  children: ReactNode;
}

/** The dialog's buttons, at the end of its content (inside its form when it has one). */
export function DialogActions({ sticky = false, children }: DialogActionsProps) {
  return (
    <div
      className={sticky ? `${styles.actions} ${styles.sticky}` : styles.actions}
      // A dialog's footer stays clear of toasts, whatever its buttons.
      {...{ [toastClearanceAttribute]: '' }}
    >
      {children}
    </div>
  );
}
