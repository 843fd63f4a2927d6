/**
 * Registers /sw.js (src/service-worker/sw.ts), which keeps the app's files so that its pages open
 * without a network. Production builds only: the dev server serves modules that change on every
 * edit, which a cache would only get in the way of. After the page's load, so that the worker's
 * downloads do not compete with the page's own.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The app works without it, only not offline after a reload.
      console.warn('The service worker could not be registered', error);
    });
  });
}
