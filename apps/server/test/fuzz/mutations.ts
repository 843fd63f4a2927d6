import fc from 'fast-check';
import { bigText } from './big-text';
import { oddTexts } from './schema-arbitrary';

/** A JSON value nested `depth` levels deep, in arrays or objects. */
export function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Values of the wrong type for any field: every JSON type and odd shapes of each. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    [],
    {},
    [null],
    { $gt: '' },
    JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown,
    '',
    '0',
    'true',
    'null',
  ),
  fc.constantFrom(...oddTexts),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * Strings past every field's limit, up to `max` characters (past the body limit for a body).
 * Built once: a megabyte string made for every request cost more than the request.
 */
const hugeStrings = [5_000, 70_000, 1_100_000].flatMap((length) =>
  ['x', 'é', '😀', '\u0000'].map((unit) => bigText(unit.repeat(length))),
);
const hugeString = (max: number) =>
  fc.constantFrom(...hugeStrings.filter((text) => text.length <= max));

/**
 * Lists one past the longest any field takes (a thousand ids): of one wrong value, of every
 * kind of wrong value in turn, of ids. Built from a few values, as 1,001 values drawn one by one
 * cost milliseconds a request.
 */
const longList: fc.Arbitrary<unknown[]> = fc.oneof(
  wrongValue.map((value) => Array.from({ length: 1001 }, () => value)),
  fc
    .array(wrongValue, { minLength: 1, maxLength: 8 })
    .map((values) => Array.from({ length: 1001 }, (_, i) => values[i % values.length])),
  fc
    .uuid()
    .map((id) =>
      Array.from({ length: 1001 }, (_, i) => `${id.slice(0, -4)}${(i + 4096).toString(16)}`),
    ),
);

/** Keys a client should never get to set, and keys that trip naive object handling. */
const unknownKeys = [
  'extra',
  'id',
  'ownerId',
  'role',
  'isAdmin',
  'isFreeloaded',
  'userId',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '',
  ' front',
  'FRONT',
  'a'.repeat(300),
];

export type JsonObject = Record<string, unknown>;

/** A change to a valid object, drawn before the object is known and applied to it. */
export type Mutation = (valid: JsonObject) => [string, JsonObject];

/** The object with one key set (defineProperty, so "__proto__" becomes an own key as in JSON). */
function withKey(valid: JsonObject, name: string, value: unknown): JsonObject {
  const copy: JsonObject = { ...valid };
  Object.defineProperty(copy, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/**
 * One change that makes a valid object (a body or a query) wrong, with its name for the report.
 * `names` are the object's fields (its schema's properties). The change is drawn apart from the
 * object, so that building the requests builds no arbitrary per request.
 */
export function mutation(
  names: string[],
  { maxString }: { maxString: number },
): fc.Arbitrary<Mutation> {
  const key = names.length ? fc.constantFrom(...names) : fc.constant('field');
  const setting = (kind: string, value: fc.Arbitrary<unknown>, keys = key) =>
    fc.tuple(keys, value).map(([name, v]): Mutation => (valid) => [kind, withKey(valid, name, v)]);
  return fc.oneof(
    key.map((name): Mutation => (valid) => [
      'missing field',
      Object.fromEntries(Object.entries(valid).filter(([field]) => field !== name)),
    ]),
    setting('unknown field', wrongValue, fc.constantFrom(...unknownKeys)),
    setting('wrong type', wrongValue),
    setting('huge string', hugeString(maxString)),
    setting('odd text', fc.constantFrom(...oddTexts)),
    setting('NUL byte', fc.constantFrom('\u0000', 'a\u0000b', '\u0000'.repeat(10))),
    setting('long list', longList),
  );
}

/** Any text, lone surrogates and controls included. */
const randomText = fc.string({
  maxLength: 60,
  unit: fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point)),
});

/** A change to a valid object's JSON text, drawn before the object is known. */
export type RawMutation = (valid: JsonObject) => [string, string | Buffer];

const invalidUtf8 = [
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0x00]),
];

const nestings = new Map<string, string>();
/** Built once per depth and kind. */
const nestedOnce = (depth: number, kind: 'array' | 'object') => {
  const key = `${kind}${depth}`;
  let text = nestings.get(key);
  if (text === undefined) {
    text = nested(depth, kind);
    nestings.set(key, text);
  }
  return text;
};

const nestingKind = fc.constantFrom('array' as const, 'object' as const);

/**
 * The raw bytes of a JSON body made wrong below the level of values: nesting past any sane depth,
 * duplicate keys, invalid UTF-8, truncation, a byte order mark, not JSON at all.
 */
export const rawMutation: fc.Arbitrary<RawMutation> = fc.oneof(
  fc
    .tuple(fc.constantFrom(3, 33, 200, 1000, 5000), nestingKind)
    .map(([depth, kind]): RawMutation => () => ['deep nesting', nestedOnce(depth, kind)]),
  fc
    .tuple(fc.constantFrom(30, 500, 4000), nestingKind)
    .map(([depth, kind]): RawMutation => (valid) => {
      const text = JSON.stringify(valid);
      const firstKey = Object.keys(valid)[0] ?? 'a';
      return [
        'deep nesting in a field',
        text.length > 2
          ? `${text.slice(0, -1)},"${firstKey}x":${nestedOnce(depth, kind)}}`
          : nestedOnce(depth, kind),
      ];
    }),
  wrongValue.map((value): RawMutation => (valid) => {
    const text = JSON.stringify(valid);
    const firstKey = Object.keys(valid)[0] ?? 'a';
    return [
      'duplicate key',
      text.length > 2
        ? `{"${firstKey}":${JSON.stringify(value) ?? 'null'},${text.slice(1)}`
        : `{"a":1,"a":2}`,
    ];
  }),
  fc.constantFrom(...invalidUtf8).map((bytes): RawMutation => (valid) => {
    const text = JSON.stringify(valid);
    const inside = text.indexOf('"', 1);
    const at = inside > 0 ? inside + 1 : 0;
    return [
      'invalid UTF-8',
      Buffer.concat([Buffer.from(text.slice(0, at)), bytes, Buffer.from(text.slice(at))]),
    ];
  }),
  // Where to cut, as a fraction of the text's length.
  fc
    .double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
    .map((fraction): RawMutation => (valid) => {
      const text = JSON.stringify(valid);
      return ['truncated JSON', text.slice(0, Math.floor(fraction * text.length))];
    }),
  fc
    .constantFrom('x', ' garbage', '}', ',', '\u0000', '{}')
    .map((tail): RawMutation => (valid) => ['trailing garbage', JSON.stringify(valid) + tail]),
  fc.constant<RawMutation>((valid) => ['byte order mark', `\uFEFF${JSON.stringify(valid)}`]),
  fc
    .constantFrom(
      '',
      ' ',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      'undefined',
      "{'a':1}",
      'NaN',
      '{"a":1e999}',
    )
    .map((body): RawMutation => () => ['not an object', body]),
  randomText.map((body): RawMutation => () => ['random text', body]),
);

/** Content types a client might send with a JSON body; only application/json is accepted. */
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/jsonx',
  '*/*',
  'json',
  '',
);

/** Path segments that must answer 4xx: malformed or odd percent-encoding, NUL, traversal, size. */
export const oddSegments = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C3%28',
  '%FF%FE',
  '%00',
  'a%00b',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  'a%2Fb',
  '%20',
  '%F0%9F%98%80',
  'null',
  'undefined',
  '-1',
  '0',
  '1e9',
  'x'.repeat(65),
  'x'.repeat(5000),
  '%25',
  '%u0041',
  "'",
  '%22',
  '*',
  '%5Bobject%20Object%5D',
];

/** Query strings that are wrong as text: malformed encoding, duplicates, odd keys, sizes. */
export const oddQueries = [
  '%',
  'a=%',
  'limit=%zz',
  'cursor=%E0%A4%A',
  'q=%00',
  'limit=1&limit=2',
  'sort=front&sort=due',
  'limit[]=1',
  'limit[0]=1',
  '__proto__=x',
  '__proto__[isAdmin]=true',
  'constructor=x',
  'cursor=' + 'A'.repeat(2000),
  'q=' + 'x'.repeat(300),
  '&&&',
  '=',
  '==',
  '?',
  'limit=',
  'limit=1.5',
  'limit=-1',
  'limit=1e3',
  'limit=0x10',
  'limit=Infinity',
  'limit=NaN',
  'limit=%201',
  'includeSubcategories=TRUE',
  'a=' + 'b'.repeat(10_000),
];
