import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** The path of the first string holding a NUL character, or undefined. */
function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(key, [...path, key]) ?? findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses any text with a NUL character in the body, query or path before validation:
 * PostgreSQL cannot store it in text columns, and no learner ever means to type it.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNul(part);
      if (path) {
        const field = path.join('.') || 'body';
        const message = 'Text may not contain the NUL character';
        throw new AppError('invalid_input', `${field}: ${message}`, [{ path: field, message }]);
      }
    }
  });
}
