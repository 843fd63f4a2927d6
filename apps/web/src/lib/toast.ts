import { setFailureToast, setSuccessToast } from './app-state';

/** How long a toast stays (seed: 5000 ms by default). */
export const toastTimeoutMs = 5000;

/**
 * Shows a message in the success or the failure area. Each area shows the latest message; every
 * call makes a new message object, so even a repeated text restarts the timer.
 */
export const toast = {
  success(body: string): void {
    setSuccessToast({ body });
  },
  failure(body: string): void {
    setFailureToast({ body });
  },
};
