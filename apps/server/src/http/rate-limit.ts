import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { countSharedHit } from '../modules/rate-limits/rate-limits.service';
import { decodeBearer, verifyToken } from '../security/tokens';
import { clientAddressKey } from './client-address';

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook of the study writes (studyWriteLimit). */
    studyWriteLimit: onRequestHookHandler;
  }
}

/**
 * Rate limits are opt-in per route (the route table's `rateLimit`): the auth and mail calls per
 * client address, the study writes per learner.
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    // Several instances on one PostgreSQL count together (docs/decisions/0032-live-updates.md);
    // on SQLite there is one instance, and its memory is the store.
    ...(app.deps.dbKind === 'postgres' ? { store: sharedStore(app.deps.db, app.deps.now) } : {}),
    // request.ip is the nearest address that is not a trusted proxy (TRUST_PROXY).
    keyGenerator: (request) => clientAddressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`,
      ),
  });
  app.decorate('studyWriteLimit', studyWriteLimit(app));
}

interface StoreResult {
  current: number;
  ttl: number;
}

/**
 * A store of @fastify/rate-limit in the database's rate_counters, one counter per route and
 * client address (the routes' windows are fixed, as the plugin's own store's are).
 */
function sharedStore(db: Db, now: () => number) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: StoreResult) => void,
      timeWindow: number,
    ): void {
      countSharedHit(db, `route:${this.route}:${key}`, now(), timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged settings, the route's options under routeInfo.
      const route: { method?: string | string[]; url?: string } =
        'routeInfo' in options && typeof options.routeInfo === 'object' && options.routeInfo
          ? options.routeInfo
          : options;
      const method = [route.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(options, `${method} ${route.url ?? ''}`);
    }
  };
}

/** The per-route settings of the sign-in, sign-up, refresh and mail calls. */
export function authRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.deps.config.authRateLimit, timeWindow: '1 minute' } };
}

/**
 * Each learner's study writes (answers, "I was right", undos: one budget for the three) per
 * second, answered 429 with Retry-After past it (once that second ends), so that one learner flooding
 * answers takes neither the thread that serves requests nor the writer from the others
 * (docs/decisions/0020-study-under-load.md). It runs before the session is read: the learner is
 * known from the token's signature alone, so a refused request costs no query (a request without
 * a valid token is counted by address, then refused 401). Counted here rather than by
 * @fastify/rate-limit, whose store answers requests of one key that arrive together with the
 * count after all of them, refusing every one of a burst.
 */
function studyWriteLimit(app: FastifyInstance): onRequestHookHandler {
  const { config, keys, now } = app.deps;
  const learnerOf = (request: FastifyRequest): string => {
    try {
      const token = decodeBearer(request.headers.authorization);
      return `learner:${verifyToken(keys, 'access', token, now()).payload.userId}`;
    } catch {
      return `address:${clientAddressKey(request.ip)}`;
    }
  };
  // Each key's window begins with its first write and lasts a second; ended windows are
  // swept now and then, so the map holds about the learners of the last second.
  const windows = new Map<string, { start: number; count: number }>();
  let calls = 0;
  return async (request, reply) => {
    const at = Date.now();
    if (++calls % 1024 === 0) {
      for (const [key, window] of windows) if (at - window.start >= 1000) windows.delete(key);
    }
    const key = learnerOf(request);
    let window = windows.get(key);
    if (!window || at - window.start >= 1000) {
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > config.studyRateLimit) {
      // Answered when the learner's second ends: a client that sends again as soon as it is
      // answered (a flood on a few connections) then sends a few requests a second, instead of
      // thousands of refusals that would each cost this thread as much as a small answer.
      await new Promise((resolve) => setTimeout(resolve, window.start + 1000 - at));
      void reply.header('retry-after', '1');
      throw new AppError('rate_limited', 'Too many answers at once: try again in a second');
    }
  };
}
