import { describe, expect, it } from 'vitest';
import { routeOf } from './routes';

const origin = 'https://glossa.example';

function route(url: string, { method = 'GET', mode = 'cors' } = {}) {
  return routeOf({ method, mode, url: new URL(url, origin).href }, origin);
}

describe('what the service worker does with a request', () => {
  it.each(['/', '/app/study', '/app/study?category=c1', '/app/card/42', '/login'])(
    'answers the page %s from the network first, the kept index.html offline',
    (url) => {
      expect(route(url, { mode: 'navigate' })).toBe('shell');
    },
  );

  it('answers the files of the build from the cache first', () => {
    expect(route('/assets/index-QzuH7iBr.js')).toBe('asset');
    expect(route('/assets/index-ByzsB_v5.css', { mode: 'no-cors' })).toBe('asset');
  });

  it.each([
    ['a call to the API', '/api/study/queue', 'cors'],
    ['the API opened as a page', '/api/docs', 'navigate'],
    ['the API root', '/api', 'navigate'],
    ['the websocket', '/api/socket?Authorization=x', 'websocket'],
    ['a file outside the build', '/favicon.svg', 'no-cors'],
    ['the worker itself', '/sw.js', 'same-origin'],
    ['another site', 'https://cdn.example/assets/app.js', 'cors'],
    ['another site opened as a page', 'https://other.example/app/study', 'navigate'],
  ])('leaves %s to the browser', (_case, url, mode) => {
    expect(route(url, { mode })).toBe('network');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])(
    'leaves every %s to the browser, also to a page or a build file',
    (method) => {
      expect(route('/api/study/reviews', { method })).toBe('network');
      expect(route('/app/study', { method, mode: 'navigate' })).toBe('network');
      expect(route('/assets/index-QzuH7iBr.js', { method })).toBe('network');
    },
  );
});
