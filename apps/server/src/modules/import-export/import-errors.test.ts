import { cardLimits, errorEnvelopeSchema, requestLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

/** Error answers stay small whatever the input: the first issues and a count of all. */
describe('error lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(`an import of ${cardLimits.importMax.toLocaleString('en')} bad rows answers the first ${requestLimits.errorListMax} issues and the count, in a small body`, async () => {
    const user = await createUser(t);
    const rows = Array.from({ length: cardLimits.importMax }, (_, i) => `front ${i},`);
    const res = await t.call({
      method: 'POST',
      url: '/api/cards/import',
      token: user.access,
      payload: {
        format: 'csv',
        text: ['front,answers', ...rows].join('\n'),
        mapping: { front: 'front', answers: 'answers' },
        defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.raw.body.length).toBeLessThan(16 * 1024);
    const envelope = errorEnvelopeSchema.parse(res.raw.json());
    expect(envelope.payload.issues).toHaveLength(requestLimits.errorListMax);
    expect(envelope.payload.issues?.[0]).toEqual({
      path: 'rows.2.answers',
      message: 'Give at least one answer',
    });
    expect(envelope.payload.issues?.at(-1)?.path).toBe(
      `rows.${requestLimits.errorListMax + 1}.answers`,
    );
    expect(envelope.payload.issueCount).toBe(cardLimits.importMax);
    expect(envelope.payload.message).toBe(
      `${cardLimits.importMax} of ${cardLimits.importMax} rows are invalid; nothing was imported`,
    );
  });

  it.each([
    [
      'element by element',
      { ids: Array.from({ length: cardLimits.bulkIdsMax }, () => 0) },
      cardLimits.bulkIdsMax,
    ],
    [
      'field by unknown field',
      {
        ids: ['x'],
        ...Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 0])),
      },
      50_000,
    ],
  ])('a body refused %s answers the first issues and the count', async (_, payload, count) => {
    const user = await createUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/cards/bulk-delete',
      token: user.access,
      payload,
    });
    expect(res.status).toBe(400);
    expect(res.raw.body.length).toBeLessThan(16 * 1024);
    const envelope = errorEnvelopeSchema.parse(res.raw.json());
    expect(envelope.code).toBe('invalid_input');
    expect(envelope.payload.issues).toHaveLength(requestLimits.errorListMax);
    expect(envelope.payload.issueCount).toBe(count);
  });

  it('a short list is answered whole, without a count', async () => {
    const user = await createUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/cards/bulk-delete',
      token: user.access,
      payload: { ids: [0, 0] },
    });
    expect(res.status).toBe(400);
    expect(res.payload.issues).toHaveLength(2);
    expect(res.payload).not.toHaveProperty('issueCount');
  });
});
