import { zstdCompressSync } from 'node:zlib';
import { ankiImportLimits } from '@glossa/contract';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { createUser, type TestUser } from '../../../../test/factories';
import {
  buildCollection,
  buildPackage,
  sampleCollection,
  toBase64,
} from './anki-fixture.test-support';

// Every hostile or broken package answers 400 naming `file`, says why, and changes nothing.

/** The central directory header of a member (yauzl reads sizes and flags from it). */
function centralHeader(zip: Uint8Array, name: string): number {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = view.length - 46; at >= 0; at--) {
    if (view.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = view.readUInt16LE(at + 28);
    if (view.toString('utf8', at + 46, at + 46 + nameLength) === name) return at;
  }
  throw new Error(`no member ${name}`);
}

/** A copy of the zip with a member's central header changed. */
function patched(zip: Uint8Array, name: string, change: (view: Buffer, at: number) => void) {
  const copy = Buffer.from(zip);
  change(copy, centralHeader(copy, name));
  return new Uint8Array(copy);
}

const sample = () => buildPackage(sampleCollection('legacy'), 'anki21');

const cases: [string, () => Uint8Array, RegExp][] = [
  [
    'a file that is no zip',
    () => new TextEncoder().encode('front,back\nla casa,house\n'),
    /not a zip/,
  ],
  [
    'a truncated package (its first half)',
    () => {
      const whole = sample();
      return whole.slice(0, Math.floor(whole.length / 2));
    },
    /not a zip file, or a truncated one/,
  ],
  [
    'a package whose collection bytes are garbage',
    () => zipSync({ 'collection.anki21': new TextEncoder().encode('x'.repeat(5000)) }),
    /collection is damaged/,
  ],
  [
    'a package without a collection',
    () => zipSync({ media: new TextEncoder().encode('{}') }),
    /no Anki collection/,
  ],
  [
    'a zip bomb (the collection inflates more than the ratio allows)',
    () => zipSync({ 'collection.anki21': new Uint8Array(8 * 1024 * 1024) }, { level: 9 }),
    /zip bomb/,
  ],
  [
    'a member named outside the package (../)',
    () =>
      zipSync({
        'collection.anki21': buildCollection(sampleCollection('legacy')),
        '../../etc/evil': new Uint8Array(1),
      }),
    /named outside it/,
  ],
  [
    'a member with an absolute name',
    () =>
      zipSync({
        'collection.anki21': buildCollection(sampleCollection('legacy')),
        '/tmp/evil': new Uint8Array(1),
      }),
    /named outside it/,
  ],
  [
    'a 2 GB collection (as its header says)',
    () =>
      patched(sample(), 'collection.anki21', (view, at) => view.writeUInt32LE(0x80000000, at + 24)),
    /larger than 256 MB/,
  ],
  [
    'a collection that inflates past the size its header says',
    () =>
      patched(
        zipSync({ 'collection.anki21': buildCollection(sampleCollection('legacy')) }),
        'collection.anki21',
        (view, at) => view.writeUInt32LE(100, at + 24),
      ),
    /damaged or truncated/,
  ],
  [
    'an encrypted package',
    () =>
      patched(sample(), 'collection.anki21', (view, at) =>
        view.writeUInt16LE(view.readUInt16LE(at + 8) | 1, at + 8),
      ),
    /encrypted/,
  ],
  [
    'a collection with an unexpected table',
    () =>
      buildPackage(
        { ...sampleCollection('legacy'), extraSql: 'create table evil (payload text)' },
        'anki21',
      ),
    /unexpected table "evil"/,
  ],
  [
    'a collection with a trigger',
    () =>
      buildPackage(
        {
          ...sampleCollection('legacy'),
          extraSql: 'create trigger evil after insert on notes begin delete from cards; end',
        },
        'anki21',
      ),
    /unexpected trigger "evil"/,
  ],
  [
    'a collection without its notes table',
    () => buildPackage({ ...sampleCollection('legacy'), extraSql: 'drop table notes' }, 'anki21'),
    /no "notes" table/,
  ],
  [
    'an anki21b collection that is not zstd',
    () => zipSync({ 'collection.anki21b': buildCollection(sampleCollection('v18')) }),
    /zstd data cannot be read/,
  ],
  [
    `an anki21b collection that decodes past ${ankiImportLimits.collectionBytesMax / 1024 / 1024} MB (a zstd bomb)`,
    () =>
      zipSync({
        'collection.anki21b': new Uint8Array(
          zstdCompressSync(Buffer.alloc(ankiImportLimits.collectionBytesMax + 1024)),
        ),
      }),
    /larger than 256 MB/,
  ],
];

describe('Anki import of hostile or broken packages', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ durable: false });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: 'cards' | 'categories') =>
    Number(
      (
        await t.app.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(cases)('%s: 400 naming the file, nothing changed', async (_, build, message) => {
    const file = toBase64(build());
    for (const [url, body] of [
      ['/api/cards/import/anki/analyse', { file }],
      [
        '/api/cards/import/anki',
        {
          file,
          mappings: [{ noteTypeId: '1001', frontField: 0, answersField: 1 }],
          defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
          cloze: 'cards',
          history: true,
        },
      ],
    ] as const) {
      const res = await t.call({ method: 'POST', url, token: user.access, payload: body });
      expect(res.status).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.[0]?.path).toBe('file');
      expect(String(res.payload.message)).toMatch(message);
    }
    expect(await count('cards')).toBe(0);
    expect(await count('categories')).toBe(0);
  });

  it('refuses a package over the size limit before reading it (the schema)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/cards/import/anki/analyse',
      token: user.access,
      payload: { file: 'A'.repeat(Math.ceil(ankiImportLimits.packageBytesMax / 3) * 4 + 4) },
    });
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('file');
  });
});
