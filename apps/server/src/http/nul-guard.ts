import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** A value still to look at, with the way to it (a chain to its parent: no path copied per step). */
interface Visit {
  value: unknown;
  key: string | undefined;
  parent: Visit | undefined;
}

const pathOf = (visit: Visit | undefined): string[] => {
  const path: string[] = [];
  for (let at = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path of the first string (value or object key) holding a NUL character, or undefined. One
 * visit per value, from an explicit stack: linear in the size of the value, whatever its depth.
 */
export function findNul(root: unknown): string[] | undefined {
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index], key: String(index), parent: visit });
      }
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      const nulKey = entries.find(([key]) => key.includes('\u0000'));
      if (nulKey) return pathOf({ value: nulKey[1], key: nulKey[0], parent: visit });
      for (const [key, item] of entries.reverse()) stack.push({ value: item, key, parent: visit });
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
