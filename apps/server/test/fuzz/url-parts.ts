import type { RouteSpec } from '@glossa/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { mutation, oddQueries, oddSegments, type JsonObject } from './mutations';
import { jsonSchemaOf, valueArbitrary, type KnownValues } from './schema-arbitrary';

/** A part of a request as generated: its text, what is wrong with it, whether the contract takes it. */
export interface Part {
  kind: string;
  text: string;
  valid: boolean;
}

/** Whether the contract's schema takes a value (a part without a schema takes anything). */
export const check = (schema: z.ZodType | undefined, value: unknown) =>
  schema ? schema.safeParse(value).success : true;

/** Which part of the request carries its one fault (or none). */
export type Fault =
  | 'none'
  | 'body'
  | 'raw body'
  | 'content type'
  | 'no body'
  | 'query'
  | 'odd query'
  | 'path'
  | 'bearer'
  | 'no bearer'
  | 'content-length';

/** A lone surrogate has no UTF-8 form: sent as U+FFFD, as a browser would. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encodeSegment = (value: string) => encodeURIComponent(value.replace(loneSurrogate, '\uFFFD'));

const pathNames = (spec: RouteSpec) =>
  [...spec.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

export function pathPart(spec: RouteSpec, known: KnownValues, fault: boolean): fc.Arbitrary<Part> {
  const names = pathNames(spec);
  if (!spec.params || names.length === 0)
    return fc.constant({ kind: '', text: spec.path, valid: true });
  const schema = spec.params;
  const values = valueArbitrary(jsonSchemaOf(schema), known) as fc.Arbitrary<JsonObject>;
  const fill = (segments: Record<string, string>) =>
    spec.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => segments[name] ?? '');
  const encoded = (object: JsonObject) =>
    Object.fromEntries(
      Object.entries(object).map(([name, value]) => [name, encodeSegment(String(value))]),
    );
  if (!fault) {
    return values.map((object) => ({
      kind: '',
      text: fill(encoded(object)),
      valid: check(schema, object),
    }));
  }
  return fc
    .tuple(values, fc.constantFrom(...names), fc.constantFrom(...oddSegments))
    .map(([object, name, segment]) => ({
      kind: `path segment ${segment.slice(0, 12)}`,
      text: fill({ ...encoded(object), [name]: segment }),
      valid: false,
    }));
}

function serializeQuery(values: JsonObject): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  return search.toString();
}

/** The query as Fastify reads it: repeated keys become lists. */
function parseQuery(text: string): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const before = values[key];
    values[key] =
      before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

export function queryPart(spec: RouteSpec, known: KnownValues, fault: Fault): fc.Arbitrary<Part> {
  if (fault === 'odd query') {
    return fc.constantFrom(...oddQueries).map((text) => ({
      kind: `query ${text.slice(0, 20)}`,
      text,
      valid: !spec.query,
    }));
  }
  if (!spec.query) return fc.constant({ kind: '', text: '', valid: true });
  const schema = spec.query;
  const jsonSchema = jsonSchemaOf(schema);
  const values = valueArbitrary(jsonSchema, known) as fc.Arbitrary<JsonObject>;
  const asPart = (kind: string, object: JsonObject): Part => {
    const text = serializeQuery(object);
    return { kind, text, valid: check(schema, parseQuery(text)) };
  };
  if (fault !== 'query') return values.map((object) => asPart('', object));
  const names = Object.keys(jsonSchema.properties ?? {});
  return fc.tuple(values, mutation(names, { maxString: 20_000 })).map(([object, mutate]) => {
    const [kind, mutated] = mutate(object);
    return asPart(`query: ${kind}`, mutated);
  });
}
