import { useEffect } from 'react';
import { setFailureToast, setSuccessToast, useAppState, type ToastMessage } from '../lib/app-state';
import { toastTimeoutMs } from '../lib/toast';
import { Icon } from './icon';
import styles from './toaster.module.css';

interface ToastAreaProps {
  kind: 'success' | 'failure';
  message: ToastMessage | null;
  onDismiss(): void;
  timeoutMs: number;
}

function ToastArea({ kind, message, onDismiss, timeoutMs }: ToastAreaProps) {
  useEffect(() => {
    if (!message) return;
    // Each message is a new object, so a new message restarts the timer.
    const timer = setTimeout(onDismiss, timeoutMs);
    return () => clearTimeout(timer);
  }, [message, onDismiss, timeoutMs]);

  const isSuccess = kind === 'success';
  // The live region stays in the page so screen readers announce what is put into it.
  return (
    <div
      className={`${styles.area} ${isSuccess ? styles.success : styles.failure}`}
      role={isSuccess ? 'status' : 'alert'}
      aria-live={isSuccess ? 'polite' : 'assertive'}
      aria-atomic="true"
      data-testid={`toast-${kind}`}
    >
      {message ? (
        <div className={styles.toast}>
          <Icon name={isSuccess ? 'check' : 'alert'} size={20} className={styles.icon} />
          <p className={styles.body}>{message.body}</p>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={isSuccess ? 'Dismiss message' : 'Dismiss error'}
            onClick={onDismiss}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}

const dismissSuccess = () => setSuccessToast(null);
const dismissFailure = () => setFailureToast(null);

/** The two toast areas at the bottom right: success and failure. */
export function Toaster({ timeoutMs = toastTimeoutMs }: { timeoutMs?: number }) {
  const successToast = useAppState((state) => state.successToast);
  const failureToast = useAppState((state) => state.failureToast);
  return (
    <div className={styles.stack}>
      <ToastArea
        kind="success"
        message={successToast}
        onDismiss={dismissSuccess}
        timeoutMs={timeoutMs}
      />
      <ToastArea
        kind="failure"
        message={failureToast}
        onDismiss={dismissFailure}
        timeoutMs={timeoutMs}
      />
    </div>
  );
}
