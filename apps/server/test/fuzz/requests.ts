import type { HttpMethod, RouteSpec } from '@glossa/contract';
import fc from 'fast-check';
import type { Member } from '../world';
import { stringifyBody } from './big-text';
import { contentTypes, mutation, rawMutation, type JsonObject } from './mutations';
import { jsonSchemaOf, valueArbitrary, type KnownValues } from './schema-arbitrary';
import { check, pathPart, queryPart, type Fault } from './url-parts';

/**
 * Who a request claims to be. The bearer itself is looked up when the request is sent, since an
 * earlier request may have ended the session it was made for (the suite then signs in again).
 */
export type AuthChoice =
  { kind: 'none' } | { kind: 'member'; member: Member } | { kind: 'bad'; index: number };

/** One request of the fuzz suite, before its bearer is filled in. */
export interface FuzzRequest {
  /** What is wrong with it ("valid" when nothing should be), for the report. */
  kind: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  auth: AuthChoice;
  body?: string | Buffer;
  /** Its inputs pass the contract's schemas and its bearer works: it reaches the service. */
  reachesService: boolean;
}

export interface RequestContext {
  known: KnownValues;
  /** How many bad bearer values there are to choose from. */
  badBearers: number;
  /** Signed in (a working bearer unless that is the fault) or anonymous (none, or a bad one). */
  signedIn: boolean;
}

interface BodyPart {
  kind: string;
  body: string | Buffer | undefined;
  contentType: string | undefined;
  valid: boolean;
}

const accepts = fc.constantFrom(
  '*/*',
  'application/json',
  'text/html',
  'application/xml',
  'text/csv',
  'application/json;q=0, */*;q=0',
  '',
  ';;;',
  'x'.repeat(3000),
);

const forwardedFor = fc.oneof(
  fc.constantFrom(
    '127.0.0.1',
    '1.2.3.4, 5.6.7.8',
    '::1',
    '::ffff:10.0.0.1',
    'unknown',
    '',
    'not an address',
    '999.999.999.999',
    '1.1.1.1,'.repeat(500),
    '[::1]:80',
  ),
  fc.ipV4(),
  fc.ipV6(),
);

const userAgents = fc.constantFrom(
  '',
  'curl/8',
  'x'.repeat(8000),
  'Mozilla/5.0 (\u00e9t\u00e9)',
  '\t',
);

const jsonType = 'application/json';
const noBody: BodyPart = { kind: '', body: undefined, contentType: undefined, valid: true };

function bodyPart(spec: RouteSpec, known: KnownValues, fault: Fault): fc.Arbitrary<BodyPart> {
  const schema = spec.method === 'GET' ? undefined : spec.body;
  const bodyFault = fault === 'body' || fault === 'raw body' || fault === 'content type';
  if (!schema) {
    if (!bodyFault) return fc.constant(noBody);
    // A body where none is read: parsed (and refused when it is not JSON), then ignored.
    return fc.tuple(fc.jsonValue({ maxDepth: 2 }), contentTypes).map(([value, type]) => ({
      kind: 'stray body',
      body: JSON.stringify(value),
      contentType: type || undefined,
      valid: false,
    }));
  }
  const jsonSchema = jsonSchemaOf(schema);
  const values = valueArbitrary(jsonSchema, known);
  const json = (kind: string, value: unknown): BodyPart => ({
    kind,
    body: stringifyBody(value),
    contentType: jsonType,
    valid: check(schema, value),
  });
  const asObject = (value: unknown): JsonObject =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
  switch (fault) {
    case 'body': {
      const names = Object.keys(jsonSchema.properties ?? {});
      return fc
        .tuple(values, mutation(names, { maxString: 1_100_000 }))
        .map(([value, mutate]) => json(...mutate(asObject(value))));
    }
    case 'raw body':
      return fc.tuple(values, rawMutation).map(([value, mutate]) => {
        const [kind, body] = mutate(asObject(value));
        return { kind, body, contentType: jsonType, valid: false };
      });
    case 'content type':
      return fc.tuple(values, contentTypes).map(([value, contentType]) => ({
        kind: `content type ${contentType}`,
        body: JSON.stringify(value),
        contentType: contentType || undefined,
        valid: false,
      }));
    case 'no body':
      return fc.constant({ ...noBody, kind: 'no body', valid: check(schema, undefined) });
    default:
      return values.map((value) => json('', value));
  }
}

function authPart(
  context: RequestContext,
  fault: Fault,
  spec: RouteSpec,
): fc.Arbitrary<AuthChoice> {
  const bad = fc
    .nat({ max: context.badBearers - 1 })
    .map((index): AuthChoice => ({ kind: 'bad', index }));
  const none = fc.constant<AuthChoice>({ kind: 'none' });
  if (!context.signedIn)
    return fc.oneof({ weight: 2, arbitrary: none }, { weight: 1, arbitrary: bad });
  if (fault === 'bearer') return bad;
  if (fault === 'no bearer') return none;
  // Mostly the caller the route is for: the owner, or an admin on an admin route (else almost
  // nothing would reach an admin route's service); the others now and then.
  const usual: Member = spec.access === 'admin' ? 'admin' : 'owner';
  const others = (['owner', 'viewer', 'editor', 'stranger', 'admin'] as const).filter(
    (member) => member !== usual,
  );
  return fc
    .oneof({ weight: 6, arbitrary: fc.constant<Member>(usual) }, fc.constantFrom<Member>(...others))
    .map((member): AuthChoice => ({ kind: 'member', member }));
}

/** The faults a route's request can carry, weighted: about a third of them carry none. */
function faults(spec: RouteSpec, signedIn: boolean): { weight: number; fault: Fault }[] {
  const hasBody = Boolean(spec.body) && spec.method !== 'GET';
  return [
    { weight: 12, fault: 'none' as const },
    { weight: hasBody ? 6 : 1, fault: 'body' as const },
    { weight: hasBody ? 3 : 1, fault: 'raw body' as const },
    { weight: 1, fault: 'content type' as const },
    { weight: 1, fault: 'odd query' as const },
    { weight: 1, fault: 'content-length' as const },
    { weight: hasBody ? 1 : 0, fault: 'no body' as const },
    { weight: spec.query ? 4 : 0, fault: 'query' as const },
    { weight: spec.params ? 3 : 0, fault: 'path' as const },
    { weight: signedIn && spec.access !== 'public' ? 2 : 0, fault: 'bearer' as const },
    { weight: signedIn && spec.access !== 'public' ? 1 : 0, fault: 'no bearer' as const },
  ].filter((option) => option.weight > 0);
}

/**
 * Every request the suite sends to one route, built from its entry of the route table: valid
 * inputs from its schemas and the world's known values, each request with at most one fault
 * (a wrong body, query, path or bearer) so that the others still reach as far as they can, and
 * odd headers that must never matter (Accept, X-Forwarded-For, User-Agent).
 */
export function requestArbitrary(
  spec: RouteSpec,
  context: RequestContext,
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...faults(spec, context.signedIn).map(({ weight, fault }) => ({
      weight,
      arbitrary: withFault(spec, context, fault),
    })),
  );
}

function withFault(
  spec: RouteSpec,
  context: RequestContext,
  fault: Fault,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathPart(spec, context.known, fault === 'path'),
      query: queryPart(spec, context.known, fault),
      body: bodyPart(spec, context.known, fault),
      auth: authPart(context, fault, spec),
      accept: fc.option(accepts, { freq: 5 }),
      forwardedFor: fc.option(forwardedFor, { freq: 6 }),
      userAgent: fc.option(userAgents, { freq: 10 }),
      wrongLength: fc.constantFrom('0', '1', '999999', '-1', 'abc'),
    })
    .map(
      ({
        path,
        query,
        body,
        auth,
        accept,
        forwardedFor: xff,
        userAgent,
        wrongLength,
      }): FuzzRequest => {
        const headers: Record<string, string> = {};
        if (body.contentType !== undefined) headers['content-type'] = body.contentType;
        if (accept !== null) headers['accept'] = accept;
        if (xff !== null) headers['x-forwarded-for'] = xff;
        if (userAgent !== null) headers['user-agent'] = userAgent;
        let sent = body;
        if (fault === 'content-length') {
          sent = body.body === undefined ? { ...body, body: '{}', contentType: jsonType } : body;
          headers['content-type'] = sent.contentType ?? jsonType;
          headers['content-length'] = wrongLength;
        }
        const kind =
          fault === 'content-length'
            ? `content-length ${wrongLength}`
            : [
                path.kind,
                query.kind,
                body.kind,
                fault === 'bearer' || fault === 'no bearer' ? fault : '',
              ]
                .filter(Boolean)
                .join(', ') || 'valid';
        const authOk =
          spec.access === 'public' ||
          (auth.kind === 'member' && (spec.access !== 'admin' || auth.member === 'admin'));
        return {
          kind,
          method: spec.method,
          url: query.text ? `${path.text}?${query.text}` : path.text,
          headers,
          auth,
          ...(sent.body !== undefined ? { body: sent.body } : {}),
          reachesService:
            authOk && path.valid && query.valid && body.valid && fault !== 'content-length',
        };
      },
    );
}
