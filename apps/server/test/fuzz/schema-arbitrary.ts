import fc from 'fast-check';
import { z } from 'zod';
import { bigText } from './big-text';

/**
 * The part of JSON Schema that zod's own conversion (`z.toJSONSchema`) writes for the contract:
 * the fuzz suite reads the route table's schemas through it, so it needs no generator tied to
 * zod's internals (the maintained zod → fast-check generators target zod 3).
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** A contract schema as JSON Schema, as a caller would send it (the input side). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let converted = converteds.get(schema);
  if (!converted) {
    converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    converteds.set(schema, converted);
  }
  return converted;
}

const converteds = new WeakMap<z.ZodType, JsonSchema>();

/**
 * Values that mean something on this server for a field of that name (ids of the world's cards
 * and categories, its usernames, a real cursor…): mixed into what the schema alone would give,
 * so that valid-looking inputs reach the services and not only the validation.
 */
export type KnownValues = (field: string) => fc.Arbitrary<unknown> | undefined;

/** Text of every kind: plain, accented, other scripts, emoji and joiners, marks, controls. */
export const oddTexts = [
  '',
  ' ',
  '\t\n',
  'é',
  'e\u0301',
  'ﬁ',
  'İstanbul',
  'straße',
  'ΣΊΣΥΦΟΣ',
  '東京',
  'مرحبا بالعالم',
  'שָׁלוֹם',
  '\u202Eevil\u202C',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'a\u200Bb',
  '\uFEFFbom',
  '\uD800',
  '\uDFFF lone',
  '\u0000',
  'nul\u0000inside',
  '\u0007\u001B[31m',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE cards; --',
  '%_\\',
  '<script>alert(1)</script>',
  '=HYPERLINK("x")',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'true',
  '1e400',
  '-0',
  'NaN',
  'a'.repeat(257),
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͕',
];

/** Any code point, lone surrogates included (fast-check's `binary` unit costs seconds to build). */
const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((point) => String.fromCodePoint(point));

// Built once: fast-check's string arbitraries are costly to construct (the binary one maps every
// code point), so each bound is met by cutting or padding instead of a new arbitrary.
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: anyCodePoint }) },
  { weight: 1, arbitrary: fc.constantFrom(...oddTexts) },
);

/** Text of every kind, cut or padded to the bounds. */
const textArbitrary = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  anyText.map((text) =>
    text.length > maxLength ? text.slice(0, maxLength) : text.padEnd(minLength, 'a'),
  );

/**
 * Strings matching a pattern, built once per pattern (fast-check's construction is costly), or
 * undefined for a pattern it cannot build from (the plain strings stand in).
 */
function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  if (!patterns.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | undefined;
    try {
      // A Unicode property (\p{L}) becomes thousands of ranges: too slow to draw from.
      arbitrary = pattern.includes('\\p{')
        ? undefined
        : fc.stringMatching(new RegExp(pattern, 'u'));
    } catch {
      arbitrary = undefined;
    }
    patterns.set(pattern, arbitrary);
  }
  return patterns.get(pattern);
}

const patterns = new Map<string, fc.Arbitrary<string> | undefined>();

const atLengths = new Map<number, string>();
/** A string of `length` characters, built once per length (some bounds are 65,536). */
function atLength(length: number): string {
  let text = atLengths.get(length);
  if (text === undefined) {
    text = bigText('é'.repeat(length));
    atLengths.set(length, text);
  }
  return text;
}

/** Strings of a schema: mostly short, sometimes exactly at the bounds. */
function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  // A boundary string is built once per value: keep the largest ones affordable.
  const max = Math.min(schema.maxLength ?? 64, 65_536);
  const typical = Math.min(max, Math.max(min, 40));
  const options: fc.Arbitrary<string>[] = [textArbitrary(min, typical)];
  if (schema.pattern) {
    const matching = patternArbitrary(schema.pattern);
    // Not filtered by the minimum length: retrying costs more than a short string tests.
    if (matching) options.push(matching.map((text) => text.slice(0, max)));
  }
  if (schema.format === 'email') options.push(fc.emailAddress());
  if (schema.format === 'uuid') options.push(fc.uuid());
  if (schema.format === 'date-time')
    options.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
  const boundary = fc.constantFrom(min, max).map((length) => atLength(length));
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...options) },
    { weight: 1, arbitrary: boundary },
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  const inside = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { weight: 6, arbitrary: inside },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** Out of 10: how often a field with known values takes one of them. */
const knownWeight = 9;

/**
 * Values valid for the schema as far as JSON Schema says (refinements aside), with the world's
 * known values for fields that have some. `field` names the property the value is for.
 */
export function valueArbitrary(
  schema: JsonSchema,
  known: KnownValues,
  field = '',
): fc.Arbitrary<unknown> {
  const generated = schemaArbitrary(schema, known, field);
  const values = field ? known(field) : undefined;
  // A list's known values are its items' (the field `ids` holds ids).
  if (!values || schema.type === 'array') return generated;
  return fc.oneof(
    { weight: knownWeight, arbitrary: values },
    { weight: 10 - knownWeight, arbitrary: generated },
  );
}

function schemaArbitrary(
  schema: JsonSchema,
  known: KnownValues,
  field: string,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((part) => valueArbitrary(part, known, field)));
  if (schema.allOf?.[0]) return valueArbitrary(schema.allOf[0], known, field);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => schemaArbitrary({ ...schema, type }, known, field)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 5, Math.max(minLength, 5));
      const item = valueArbitrary(schema.items ?? {}, known, field);
      const most = schema.maxItems ?? minLength;
      return fc.oneof(
        { weight: 8, arbitrary: fc.array(item, { minLength, maxLength }) },
        // The fewest and the most a list may hold (a thousand ids), the bound the services must
        // stand: the most made of a few items in turn (a thousand drawn one by one cost
        // milliseconds a request), as the world's ids are a few anyway.
        { weight: 1, arbitrary: fc.array(item, { minLength, maxLength: minLength }) },
        {
          weight: 1,
          arbitrary: fc
            .array(item, { minLength: 1, maxLength: 16 })
            .map((items) => Array.from({ length: most }, (_, i) => items[i % items.length])),
        },
      );
    }
    case 'object':
      return objectArbitrary(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An optional field: given a third of the time, so a partial update changes a few fields. */
const optional = (value: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

function objectArbitrary(
  schema: JsonSchema,
  known: KnownValues,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) => {
    const value = valueArbitrary(property, known, name);
    const withDefault = property.default !== undefined;
    return [name, required.has(name) && !withDefault ? value : optional(value)] as const;
  });
  return fc
    .record(Object.fromEntries(entries))
    .map((record) =>
      Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)),
    );
}
