// The contract's schemas, loaded apart from the app's first paint (decision 0031): zod and the
// schemas of the calls the app makes weigh tens of kilobytes, which the api client needs only
// once an answer arrives. `api-client.ts` starts loading this module with the first call it sends,
// and each group of calls' schemas (the route table's features, `@glossa/contract/api/<group>`)
// with the first call of the group: making every schema of the table at once was a long task on
// a phone's first seconds (decision 0031, fourth pass).
import {
  errorEnvelopeSchema,
  isFileResponse,
  okEnvelope,
  routeKey,
  successResponse,
  tokenPairSchema,
  type ApiGroup,
  type ErrorEnvelope,
  type RouteSpec,
  type TokenPair,
} from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { z } from 'zod';
import { nextTask } from './next-task';

type Calls = Record<string, RouteSpec>;

/** Each group of the route table, as a chunk of its own. */
const groups: Record<ApiGroup, () => Promise<Calls>> = {
  health: () => import('@glossa/contract/api/health').then((module) => module.health),
  auth: () => import('@glossa/contract/api/auth').then((module) => module.auth),
  user: () => import('@glossa/contract/api/user').then((module) => module.user),
  account: () => import('@glossa/contract/api/account').then((module) => module.account),
  feedback: () => import('@glossa/contract/api/feedback').then((module) => module.feedback),
  languages: () => import('@glossa/contract/api/languages').then((module) => module.languages),
  translate: () => import('@glossa/contract/api/languages').then((module) => module.translate),
  categories: () => import('@glossa/contract/api/categories').then((module) => module.categories),
  invitations: () =>
    import('@glossa/contract/api/invitations').then((module) => module.invitations),
  cards: () => import('@glossa/contract/api/cards').then((module) => module.cards),
  study: () => import('@glossa/contract/api/study').then((module) => module.study),
  stats: () => import('@glossa/contract/api/stats').then((module) => module.stats),
  explore: () => import('@glossa/contract/api/explore').then((module) => module.explore),
  search: () => import('@glossa/contract/api/search').then((module) => module.search),
  live: () => import('@glossa/contract/api/live').then((module) => module.live),
  admin: () => import('@glossa/contract/api/admin').then((module) => module.admin),
  subscription: () =>
    import('@glossa/contract/api/subscription').then((module) => module.subscription),
};

/** The group of each call, from the table's references (no schema needed). */
const groupOfCall = new Map<string, ApiGroup>(
  Object.entries(api).flatMap(([group, calls]) =>
    Object.values(calls as Record<string, { method: string; path: string }>).map(
      (call) => [routeKey(call), group as ApiGroup] as const,
    ),
  ),
);

/** The calls whose schemas are made, by key. */
const table = new Map<string, RouteSpec>();
const loading = new Map<ApiGroup, Promise<void>>();

/**
 * Loads the schemas of the call's group (once; a failed load, offline, is tried again at the next
 * call). An entry given whole (as tests give theirs) needs none.
 */
export function loadRoute(route: { method: string; path: string }): Promise<void> {
  if ('responses' in route) return Promise.resolve();
  const group = groupOfCall.get(routeKey(route));
  if (!group) return Promise.reject(new Error(`${routeKey(route)} is no call of the route table`));
  let loaded = loading.get(group);
  if (!loaded) {
    // The group's schemas are made in a task of their own, not in the one that made this module's
    // (or another group's): each is a few tens of milliseconds of a phone's CPU (decision 0031).
    loaded = nextTask()
      .then(groups[group])
      .then(
        (calls) => {
          for (const spec of Object.values(calls)) table.set(routeKey(spec), spec);
        },
        (error: unknown) => {
          loading.delete(group);
          throw error;
        },
      );
    loading.set(group, loaded);
  }
  return loaded;
}

/** The full entry of a call given by reference, once `loadRoute` has loaded its group. */
export function specOf(route: { method: string; path: string }): RouteSpec {
  if ('responses' in route) return route as RouteSpec;
  const spec = table.get(routeKey(route));
  if (!spec) throw new Error(`${routeKey(route)}: its group's schemas are not loaded`);
  return spec;
}

/** Whether the call answers a file instead of the JSON envelope. */
export function answersFile(route: { method: string; path: string }): boolean {
  return isFileResponse(successResponse(specOf(route)));
}

/** A success envelope with any payload: made once, not for every answer (zod's schemas cost). */
const anyOkEnvelope = okEnvelope(z.unknown());

/** The payload of a success envelope, checked against the call's schema, or not ok. */
export function checkedPayload(
  route: { method: string; path: string },
  json: unknown,
): { ok: true; payload: unknown } | { ok: false } {
  const schema = successResponse(specOf(route));
  if (isFileResponse(schema)) return { ok: false };
  const envelope = anyOkEnvelope.safeParse(json);
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
