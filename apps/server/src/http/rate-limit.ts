import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Rate limits are opt-in per route (the route table's `rateLimit`): the auth and mail calls. */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`,
      ),
  });
}

/** The per-route settings of the sign-in, sign-up, refresh and mail calls. */
export function authRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.deps.config.authRateLimit, timeWindow: '1 minute' } };
}
