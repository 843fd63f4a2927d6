import { apiRoutes } from '@glossa/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardApiRoutes } from '../src/http/route';
import { createTestApp, type TestApp } from './app';

describe('the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has exactly one route for every entry and an entry for every API route', () => {
    const entries = apiRoutes().map(({ spec }) => `${spec.method} ${spec.path}`);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...t.app.apiRoutes].sort()).toEqual([...entries].sort());
  });

  it('documents every entry in the OpenAPI document, with the bearer where it is needed', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; summary?: string }>>;
    }>();
    for (const { group, spec } of apiRoutes()) {
      const openApiPath = spec.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${spec.path}`).toMatchObject({
        summary: spec.summary,
        tags: [group],
      });
      expect(Boolean(operation?.security), `${spec.method} ${spec.path}`).toBe(
        spec.access !== 'public',
      );
    }
  });

  it('refuses to start with an API route that is not in the table', async () => {
    const app = Fastify();
    guardApiRoutes(app);
    expect(() => app.get('/api/outside-the-table', async () => 'no')).toThrow(
      /not registered from the route table/,
    );
    await app.close();
  });

  it('asks for the bearer on every call that is not public, before reading the body', async () => {
    for (const { spec } of apiRoutes()) {
      if (spec.access === 'public') continue;
      const url = spec.path.replace(/:([A-Za-z0-9_]+)/g, 'x');
      const res = await t.call({ method: spec.method, url, payload: spec.body ? {} : undefined });
      expect(res.status, `${spec.method} ${spec.path}`).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
  });
});
