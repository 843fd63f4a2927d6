import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ankiImportLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { createUser } from '../../../../test/factories';
import { buildPackage, sampleCollection, toBase64 } from './anki-fixture.test-support';
import * as readBound from './anki-read-bound';

// The reader's time bound (anki-read-bound.ts). No package hangs for the test: a package's bound
// is made a millisecond instead, so that its read, which takes far longer, is stopped as a hung one
// would be. Spied on rather than mocked: test files share their modules within a worker, and the
// reader imported the real function before this file ran.

const mib = 1024 * 1024;

describe("the bound of a package's read", () => {
  it('is two minutes, and a second more for each MiB begun', () => {
    expect(readBound.ankiReadBoundMs(0)).toBe(120_000);
    expect(readBound.ankiReadBoundMs(200 * 1024)).toBe(121_000);
    expect(readBound.ankiReadBoundMs(mib)).toBe(121_000);
    expect(readBound.ankiReadBoundMs(mib + 1)).toBe(122_000);
    expect(readBound.ankiReadBoundMs(ankiImportLimits.packageBytesMax)).toBe(184_000);
  });
});

describe('an Anki package whose read passes its bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ durable: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: 'cards' | 'categories', ownerId: string) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 400 naming the file, changes nothing and leaves no file; the reader goes on with the next read', async () => {
    const user = await createUser(t);
    // 2,000 notes more than the sample: its read takes 30 ms or more (a warm thread, here), 30
    // times the bound it is given below.
    const collection = sampleCollection('v18');
    for (let i = 0; i < 2000; i++) {
      collection.notes.push({
        id: 1000 + i,
        typeId: 1001,
        fields: [`<b>palabra ${i}</b>`, `word ${i}`],
        cards: [{ id: 100_000 + i, ord: 0, deckId: 2 }],
      });
    }
    const file = toBase64(buildPackage(collection, 'anki21b'));
    const body = {
      file,
      mappings: [{ noteTypeId: '1001', frontField: 0, answersField: 1 }],
      defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
      cloze: 'cards',
      history: true,
    };
    const post = (url: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url, token: user.access, payload });

    // The read's folder is made in the temporary directory and removed whatever became of the
    // thread: none is left in this test's own.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'anki-reader-test-'));
    const tmpdirBefore = process.env['TMPDIR'];
    process.env['TMPDIR'] = tmp;
    const bound = vi.spyOn(readBound, 'ankiReadBoundMs').mockReturnValue(1);
    try {
      for (const [url, payload] of [
        ['/api/cards/import/anki/analyse', { file }],
        ['/api/cards/import/anki', body],
      ] as const) {
        const res = await post(url, payload);
        expect(res.status).toBe(400);
        expect(res.code).toBe('invalid_input');
        expect(res.payload.issues?.[0]?.path).toBe('file');
        expect(res.payload.message).toBe('The package took too long to read');
        expect(fs.readdirSync(tmp)).toEqual([]);
      }
    } finally {
      bound.mockRestore();
      if (tmpdirBefore === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = tmpdirBefore;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    expect(await count('cards', user.id)).toBe(0);
    expect(await count('categories', user.id)).toBe(0);

    // Its own bound again: the same package is read whole.
    const res = await post('/api/cards/import/anki', body);
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({ imported: 2002, reviews: 4 });
    expect(await count('cards', user.id)).toBe(2002);
  });
});
