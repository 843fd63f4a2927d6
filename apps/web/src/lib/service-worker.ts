/**
 * Registers /sw.js (src/service-worker/sw.ts), which keeps the app's files so that its pages open
 * without a network. Production builds only: the dev server serves modules that change on every
 * edit, which a cache would only get in the way of. After the page's load, so that the worker's
 * downloads do not compete with the page's own.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // The worker claims the open pages when it activates, but a page still loading then is
        // missed: it asks again, so that it too is served offline before its next load.
        if (!navigator.serviceWorker.controller) registration.active?.postMessage('claim');
      })
      .catch((error: unknown) => {
        // The app works without it, only not offline after a reload.
        console.warn('The service worker could not be registered', error);
      });
  });
}
