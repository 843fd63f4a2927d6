import { ankiImportLimits, type AnkiFormat } from '@glossa/contract';
import { Decompress } from 'fzstd';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

// Reading an Anki package's zip (decision 0035): every size is checked against
// ankiImportLimits before a byte is inflated, and again while inflating (a member's header may lie),
// so that no package makes the server hold more than the limits, whatever it says of itself.

/** A package the import refuses, with what to tell the learner; nothing was changed. */
export class PackageError extends Error {}

/** The collection members a package may hold, the newest format first. */
const collectionMembers: [string, AnkiFormat][] = [
  ['collection.anki21b', 'anki21b'],
  ['collection.anki21', 'anki21'],
  ['collection.anki2', 'anki2'],
];
/** Members that are neither the collection nor a media file. */
const otherMembers = new Set(['media', 'meta']);

export interface PackageCollection {
  format: AnkiFormat;
  /** The collection's SQLite file. */
  sqlite: Uint8Array;
  /** Media files in the package. */
  media: number;
}

const openZip = (buffer: Buffer) =>
  new Promise<ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });

/** A name that would land outside a folder it was extracted into (never extracted, refused). */
const unsafeName = (name: string) =>
  name.startsWith('/') ||
  /^[A-Za-z]:/.test(name) ||
  name.split(/[/\\]/).some((part) => part === '..');

const outsideName = () =>
  new PackageError('The package has a member named outside it (../ or /); it was not read');
const encrypted = () =>
  new PackageError('The package is encrypted; export it from Anki without a password');

/** Every member's entry, checked by name, encryption and count. */
async function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('error', (error: Error) => {
      // yauzl refuses such names itself before they reach us, and strongly encrypted members.
      if (/absolute path|invalid relative path|invalid characters/.test(error.message)) {
        reject(outsideName());
      } else if (/encrypt/.test(error.message)) {
        reject(encrypted());
      } else {
        reject(error);
      }
    });
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      if (unsafeName(entry.fileName)) {
        reject(outsideName());
        return;
      }
      if (entry.isEncrypted()) {
        reject(encrypted());
        return;
      }
      entries.push(entry);
      if (entries.length > ankiImportLimits.entriesMax) {
        reject(
          new PackageError(
            `The package has more than ${ankiImportLimits.entriesMax.toLocaleString('en')} files`,
          ),
        );
        return;
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

const tooLarge = () =>
  new PackageError(
    `The collection is larger than ${ankiImportLimits.collectionBytesMax / 1024 / 1024} MB once unpacked`,
  );

/** One member inflated, stopped as soon as it passes the collection's limit. */
async function inflate(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    zip.openReadStream(entry, (error, readStream) => (error ? reject(error) : resolve(readStream)));
  });
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > ankiImportLimits.collectionBytesMax) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** A zstd stream decoded, stopped as soon as it passes the collection's limit. */
export function decodeZstd(data: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const decoder = new Decompress((chunk) => {
    total += chunk.length;
    if (total > ankiImportLimits.collectionBytesMax) throw tooLarge();
    chunks.push(chunk);
  });
  const step = 64 * 1024;
  try {
    for (let at = 0; at < data.length; at += step) {
      decoder.push(data.subarray(at, at + step), at + step >= data.length);
    }
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw new PackageError('The collection is damaged (its zstd data cannot be read)');
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The collection of a package (.apkg or .colpkg): its newest format's SQLite file, decoded. Refuses
 * what is not a zip, is encrypted, has a member named outside it, too many members, a collection
 * larger than the limit or inflating more than the ratio allows, or no collection at all.
 */
export async function readPackage(data: Uint8Array): Promise<PackageCollection> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw new PackageError(
      'This is not an Anki package (.apkg or .colpkg): it is not a zip file, or a truncated one',
    );
  }
  try {
    let entries: Entry[];
    try {
      entries = await readEntries(zip);
    } catch (error) {
      if (error instanceof PackageError) throw error;
      throw new PackageError('The package is damaged or truncated (its zip cannot be read)');
    }
    const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
    const found = collectionMembers.find(([name]) => byName.has(name));
    const entry = found ? byName.get(found[0]) : undefined;
    if (!found || !entry) throw new PackageError('The package holds no Anki collection');
    const media = entries.filter(
      (e) =>
        !otherMembers.has(e.fileName) &&
        !e.fileName.endsWith('/') &&
        !collectionMembers.some(([name]) => name === e.fileName),
    ).length;
    const declared = entry.uncompressedSize;
    if (declared > ankiImportLimits.collectionBytesMax) throw tooLarge();
    if (
      declared > 1024 * 1024 &&
      declared > ankiImportLimits.compressionRatioMax * Math.max(1, entry.compressedSize)
    ) {
      throw new PackageError(
        'The package inflates far more than an Anki collection does (a zip bomb?); it was not read',
      );
    }
    let raw: Buffer;
    try {
      raw = await inflate(zip, entry);
    } catch (error) {
      if (error instanceof PackageError) throw error;
      throw new PackageError('The package is damaged or truncated (its collection cannot be read)');
    }
    const sqlite = found[1] === 'anki21b' ? decodeZstd(raw) : raw;
    return { format: found[1], sqlite, media };
  } finally {
    zip.close();
  }
}
