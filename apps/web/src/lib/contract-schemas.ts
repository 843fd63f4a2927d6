// The contract's schemas, loaded apart from the app's first paint (decision 0031): zod and every
// schema of the route table weigh about 40 kB gzipped, which the api client needs only once an
// answer arrives. `api-client.ts` starts loading this module with the first call it sends.
import {
  apiRoutes,
  errorEnvelopeSchema,
  isFileResponse,
  okEnvelope,
  routeKey,
  socketEventSchema,
  successResponse,
  tokenPairSchema,
  type ErrorEnvelope,
  type RouteSpec,
  type SocketEvent,
  type TokenPair,
} from '@glossa/contract';
import { z } from 'zod';

const table = new Map(apiRoutes().map(({ spec }) => [routeKey(spec), spec]));

/** The full entry of a call given by reference (or the entry itself, as tests give theirs). */
export function specOf(route: { method: string; path: string }): RouteSpec {
  if ('responses' in route) return route as RouteSpec;
  const spec = table.get(routeKey(route));
  if (!spec) throw new Error(`${routeKey(route)} is no call of the route table`);
  return spec;
}

/** Whether the call answers a file instead of the JSON envelope. */
export function answersFile(route: { method: string; path: string }): boolean {
  return isFileResponse(successResponse(specOf(route)));
}

/** The payload of a success envelope, checked against the call's schema, or not ok. */
export function checkedPayload(
  route: { method: string; path: string },
  json: unknown,
): { ok: true; payload: unknown } | { ok: false } {
  const schema = successResponse(specOf(route));
  if (isFileResponse(schema)) return { ok: false };
  const envelope = okEnvelope(z.unknown()).safeParse(json);
  const payload = envelope.success ? schema.safeParse(envelope.data.payload) : null;
  return payload?.success ? { ok: true, payload: payload.data } : { ok: false };
}

/** An error envelope, or null when the body is not one. */
export function errorEnvelope(body: unknown): ErrorEnvelope | null {
  const parsed = errorEnvelopeSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The token pair of a refresh's success envelope, or null. */
export function tokenPairOf(body: unknown): TokenPair | null {
  const parsed = okEnvelope(tokenPairSchema).safeParse(body);
  return parsed.success ? parsed.data.payload : null;
}

/** A websocket event of this protocol version, or null. */
export function socketEventOf(data: unknown): SocketEvent | null {
  const parsed = socketEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
