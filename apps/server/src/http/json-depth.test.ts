import { apiRoutes, requestLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { nestsDeeperThan } from './json-body';
import { findNul } from './nul-guard';

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * Bodies far deeper than any request of the contract, a few KB and a few hundred KB long; each an
 * object, as every body of the contract is, so that only its depth is wrong with it.
 */
const deepBodies = [4_000, 100_000].flatMap((levels) => [
  { name: `arrays ${levels} deep`, payload: `{"login":${deepArray(levels)}}` },
  { name: `objects ${levels} deep`, payload: deepObject(levels) },
]);

describe('the nesting depth of a JSON body', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', verified: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const expectRefused = (res: Awaited<ReturnType<TestApp['call']>>, label: string) => {
    expect(res.status, label).toBe(400);
    expect(res.code, label).toBe('invalid_input');
    expect(res.payload.issues, label).toEqual([{ path: 'body', message: expect.any(String) }]);
  };

  it.each(deepBodies)('refuses $name on a public call with 400 naming body', async (body) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: body.payload,
    });
    expectRefused(res, body.name);
  });

  it.each(deepBodies)('refuses $name on a signed-in call with 400 naming body', async (body) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/cards',
      token: admin.access,
      headers: { 'content-type': 'application/json' },
      payload: body.payload,
    });
    expectRefused(res, body.name);
  });

  it('refuses a deep body on every call of the route table that reads one', async () => {
    const payload = `{"front":${deepArray(4_000)}}`;
    for (const { spec } of apiRoutes()) {
      if (!spec.body) continue;
      const url = spec.path.replace(/:([A-Za-z0-9_]+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.call({
        method: spec.method,
        url,
        token: spec.access === 'public' ? undefined : admin.access,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectRefused(res, `${spec.method} ${spec.path}`);
    }
  });

  it(`accepts nesting up to ${requestLimits.jsonDepthMax} levels, refuses one more`, async () => {
    const max = requestLimits.jsonDepthMax;
    // A body of the right depth reaches the schema, which names what is wrong with it.
    const atLimit = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"login":${deepArray(max - 1)},"password":"x"}`,
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.payload.issues?.[0]?.path).toBe('login');
    const over = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"login":${deepArray(max)},"password":"x"}`,
    });
    expectRefused(over, 'one level too deep');
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(nestsDeeperThan('[1],[2],[3]', 1)).toBe(false);
  });
});

describe('findNul', () => {
  it('names the first string or key holding a NUL, at any depth', () => {
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(findNul({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\u0000']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: ['x'] })).toBeUndefined();
  });

  it('walks a value 100,000 levels deep without recursion', () => {
    let value: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) value = [value];
    expect(findNul(value)).toHaveLength(100_000);
  });
});
