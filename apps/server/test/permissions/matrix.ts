import { fillPath, queryString, type ErrorCode, type RouteSpec } from '@glossa/contract';
import type { TestApp } from '../app';
import { callers, type Caller, type Member, type World } from '../world';

/** What one call sends: its path parameters, query and body. */
export interface Inputs {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * The inputs of one cell, made for it: a call that changes what it acts on (a delete, a move)
 * gets a target of its own for each caller, so that no cell depends on the ones before it.
 */
export type Prepare = (world: World, caller: Caller) => Inputs | Promise<Inputs>;

/** One route on one target: the status each caller gets. */
export interface Row {
  spec: RouteSpec;
  target: string;
  expected: Record<Caller, number>;
  prepare: Prepare;
  /**
   * The call ends the caller's session or account (sign out, delete the account): the row gets a
   * world of its own, each caller acting on itself once.
   */
  ownWorld: boolean;
}

/** The signed-in callers' columns, in the table's order. */
export type MemberStatuses = [
  owner: number,
  viewer: number,
  editor: number,
  stranger: number,
  admin: number,
];

const memberOrder: Member[] = ['owner', 'viewer', 'editor', 'stranger', 'admin'];

/**
 * A row of a call that needs a bearer: the five signed-in callers as given; anyone without a
 * working bearer (none, a disabled learner's, an expired one, a tampered one) gets 401.
 */
export function row(
  spec: RouteSpec,
  target: string,
  members: MemberStatuses,
  prepare: Prepare,
  options: { ownWorld?: boolean } = {},
): Row {
  const expected = {
    anonymous: 401,
    disabled: 401,
    expired: 401,
    tampered: 401,
    ...Object.fromEntries(memberOrder.map((member, index) => [member, members[index]])),
  } as Record<Caller, number>;
  return { spec, target, expected, prepare, ownWorld: options.ownWorld ?? false };
}

/** A row of a public call: every caller, whatever bearer they send, gets `status`. */
export function publicRow(spec: RouteSpec, target: string, status: number, prepare: Prepare): Row {
  const expected = Object.fromEntries(callers.map((caller) => [caller, status])) as Record<
    Caller,
    number
  >;
  return { spec, target, expected, prepare, ownWorld: false };
}

const codeOfStatus: Record<number, ErrorCode | 'ok'> = {
  200: 'ok',
  201: 'ok',
  400: 'invalid_input',
  401: 'unauthorized',
  402: 'plan_limit',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
};

/** `404 not_found`: the status with the code it must come with (an expired bearer: token_expired). */
export function expectedAnswer(row: Row, caller: Caller): string {
  const status = row.expected[caller];
  const code =
    status === 401 && caller === 'expired' && row.spec.access !== 'public'
      ? 'token_expired'
      : (codeOfStatus[status] ?? '?');
  return `${status} ${code}`;
}

/** Sends one cell's call as the caller and answers `status code`. */
export async function callAs(t: TestApp, world: World, row: Row, caller: Caller): Promise<string> {
  const inputs = await row.prepare(world, caller);
  const token = world.tokenOf(caller);
  const res = await t.call({
    method: row.spec.method,
    url: fillPath(row.spec.path, inputs.params) + queryString(inputs.query),
    ...(token ? { token } : {}),
    ...(inputs.body !== undefined ? { payload: inputs.body as Record<string, unknown> } : {}),
  });
  // A file download answers its bytes, not the envelope.
  const code = res.status < 300 && !res.code ? 'ok' : res.code;
  return `${res.status} ${code}`;
}

/** A write: any call but GET. */
export const isWrite = (spec: RouteSpec) => spec.method !== 'GET';
