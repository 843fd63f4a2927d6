import { setFailureToast, setSuccessToast } from './app-state';

/** How long a toast stays (seed: 5000 ms by default). */
export const toastTimeoutMs = 5000;

/** The page a toast belongs to: the one shown when it is raised. */
const currentPage = () => window.location.pathname;

/**
 * Shows a message in the success or the failure area. Each area shows the latest message; every
 * call makes a new message object, so even a repeated text restarts the timer. The message
 * belongs to the page shown when it is raised and goes when the learner leaves that page
 * (clearToastsAway): an action that moves to another page raises its toast once there.
 */
export const toast = {
  success(body: string): void {
    setSuccessToast({ body, page: currentPage() });
  },
  failure(body: string): void {
    setFailureToast({ body, page: currentPage() });
  },
};
