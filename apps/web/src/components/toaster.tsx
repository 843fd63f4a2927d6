import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type RefObject } from 'react';
import { setFailureToast, setSuccessToast, useAppState, type ToastMessage } from '../lib/app-state';
import { toastTimeoutMs } from '../lib/toast';
import { Icon } from './icon';
import { toastClearanceAttribute, toastLift, type Box } from './toast-clearance';
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

  const { t } = useLingui();
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
            aria-label={isSuccess ? t`Dismiss message` : t`Dismiss error`}
            onClick={onDismiss}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A plain box (a DOMRect's sides are getters, which a spread would lose). */
function boxOf(element: Element): Box {
  const { top, bottom, left, right } = element.getBoundingClientRect();
  return { top, bottom, left, right };
}

/**
 * While a toast shows, keeps the stack clear of the primary buttons and action bars under it
 * (toastLift), measured every frame: pages scroll, dialogs open and sticky bars move while it
 * shows, for five seconds at most.
 */
function useClearOfPrimaryActions(stack: RefObject<HTMLDivElement | null>, showing: boolean) {
  useEffect(() => {
    const element = stack.current;
    if (!showing || !element) return;
    let lift = 0;
    let frame = 0;
    const place = () => {
      const shown = boxOf(element);
      const resting = { ...shown, top: shown.top + lift, bottom: shown.bottom + lift };
      const obstacles = Array.from(document.querySelectorAll(`[${toastClearanceAttribute}]`))
        .map(boxOf)
        .filter((box) => box.bottom > box.top);
      const next = toastLift(resting, obstacles, { gap: 8, maxLift: window.innerHeight * 0.6 });
      if (next !== lift) {
        lift = next;
        element.style.transform = lift > 0 ? `translateY(${-lift}px)` : '';
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => {
      cancelAnimationFrame(frame);
      element.style.transform = '';
    };
  }, [stack, showing]);
}

const dismissSuccess = () => setSuccessToast(null);
const dismissFailure = () => setFailureToast(null);

/**
 * The two toast areas at the bottom right: success and failure (the seed's, with its app state;
 * a toast library would bring a model of its own). They rise above a primary button or an
 * action bar they would cover, and a message goes when its page is left (clearToastsAway).
 */
export function Toaster({ timeoutMs = toastTimeoutMs }: { timeoutMs?: number }) {
  const successToast = useAppState((state) => state.successToast);
  const failureToast = useAppState((state) => state.failureToast);
  const stack = useRef<HTMLDivElement>(null);
  useClearOfPrimaryActions(stack, successToast !== null || failureToast !== null);
  return (
    <div ref={stack} className={styles.stack}>
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
