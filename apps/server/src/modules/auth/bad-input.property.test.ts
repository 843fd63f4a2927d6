import { errorEnvelopeSchema, errorStatus } from '@glossa/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';

/** Values of every JSON type, odd ones included: huge and unicode strings, nesting, numbers. */
const anyValue = fc.oneof(
  fc.anything(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x'.repeat(5000), 'é'.repeat(300), '\u0000', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'password1', ''),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** Bodies built on a call's field names (so they reach the service) plus anything at all. */
function bodies(fields: string[]) {
  const named = fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length });
  return fc.oneof(named, fc.object(), fc.anything(), fc.jsonValue());
}

describe('random bodies never break the auth and user calls', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(url: string, body: unknown, token?: string) {
    const res = await t.call({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body) ?? 'null',
      ...(token ? { token } : {}),
    });
    expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    const envelope: unknown = res.raw.json();
    if (res.status < 300) {
      expect(envelope).toMatchObject({ code: 'ok' });
    } else {
      const parsed = errorEnvelopeSchema.parse(envelope);
      expect(errorStatus[parsed.code]).toBe(res.status);
    }
  }

  const cases: [string, string[], boolean][] = [
    [
      '/api/user/create',
      ['username', 'email', 'password', 'defaultFromLanguageCode', 'toLanguageCode'],
      false,
    ],
    ['/api/auth/login', ['login', 'password'], false],
    ['/api/auth/refresh', ['refresh'], false],
    [
      '/api/user/edit',
      [
        'username',
        'email',
        'password',
        'currentPassword',
        'reflowValue',
        'isReflowAbsolute',
        'toLanguageCode',
        'amplitudeElevationGain',
      ],
      true,
    ],
  ];

  for (const [url, fields, signedIn] of cases) {
    it(`POST ${url} answers the envelope and never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodies(fields), async (body) => {
          await send(url, body, signedIn ? user.access : undefined);
        }),
        { numRuns: 60 },
      );
    });
  }
});
