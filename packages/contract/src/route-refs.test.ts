import { describe, expect, it } from 'vitest';
import { api as full, apiRoutes } from './api/index';
import { routeKey } from './route-refs';
import { api as refs } from './routes';

describe('the zod-free route references', () => {
  it('names every call of the table with its method, path and access, and nothing else (else run scripts/write-routes.ts)', () => {
    for (const { group, name, spec } of apiRoutes()) {
      const ref = (refs as unknown as Record<string, Record<string, object>>)[group]?.[name];
      expect(ref, `${group}.${name}`).toEqual({
        method: spec.method,
        path: spec.path,
        access: spec.access,
      });
      expect(routeKey(ref as typeof spec)).toBe(routeKey(spec));
    }
    const count = Object.values(refs).reduce((sum, group) => sum + Object.keys(group).length, 0);
    expect(count).toBe(apiRoutes().length);
    expect(Object.keys(refs)).toEqual(Object.keys(full));
  });
});
