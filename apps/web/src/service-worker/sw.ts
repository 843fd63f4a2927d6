import { cacheName, cachePrefix, routeOf, shellUrl } from './routes';

/**
 * The service worker (built to /sw.js, registered by main.tsx in production): keeps the app's
 * own files on the device so that a page of the app opens, and the study session goes on, without
 * a network. The API is never touched: the learner's data never enter the Cache Storage; the
 * study queue and the answers waiting for the server are kept by the study feature.
 */

declare const self: ServiceWorkerGlobalScope;
/** Put in by the build (vite.config.ts): the files of this build and a version that follows them. */
declare const __PRECACHE__: { version: string; urls: string[] };

// Read once: the build checks that the stand-in appears once in the built worker.
const precache = __PRECACHE__;
const cache = cacheName(precache.version);

self.addEventListener('install', (event) => {
  // Every file of the build, the lazy pages too: the first visit may be the last one online.
  event.waitUntil(
    caches
      .open(cache)
      .then((store) => store.addAll(precache.urls))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(cachePrefix) && name !== cache)
          .map((name) => caches.delete(name)),
      );
      // The page that registered the worker is served by it now, not only from its next load.
      await self.clients.claim();
    })(),
  );
});

// The one message pages post (lib/service-worker.ts): a page that was still loading when the
// worker claimed its clients was missed by that claim, and asks to be served too. Claiming again
// is harmless, so what the message holds does not matter.
self.addEventListener('message', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The network's answer whatever it is; the kept index.html only when there is none. */
async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(shellUrl, { cacheName: cache });
    if (kept) return kept;
    throw error;
  }
}

/**
 * Every file of this build was kept at install; one that is not kept (asked by a page of an
 * older build) comes from the network and is not added, so the cache holds one build.
 */
async function cacheFirst(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: cache });
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === 'shell') event.respondWith(networkFirst(event.request));
  else if (route === 'asset') event.respondWith(cacheFirst(event.request));
  // Anything else is not answered here: the browser fetches it as if there were no worker.
});
