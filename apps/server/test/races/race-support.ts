import { errorEnvelopeSchema, errorStatus, type ErrorCode } from '@glossa/contract';
import type { TestApp, TestResponse } from '../app';
import type { TestUser } from '../factories';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One request of a race: who sends it, what, and the statuses it may answer. */
export interface Shot {
  as: TestUser | undefined;
  method: Method;
  url: string;
  /** A JSON value, or a string sent as it is (a signed webhook's body). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The statuses this request may answer whichever request wins; each with its code. */
  may: number[];
}

const codeOf = (status: number): ErrorCode | 'ok' | undefined =>
  status < 300
    ? 'ok'
    : (Object.entries(errorStatus).find(
        ([code, s]) => s === status && code !== 'token_expired',
      )?.[0] as ErrorCode | undefined);

/** What the races found wrong, and what they sent. */
export class RaceTally {
  /** Races fired (each a pair or a small group of requests sent at once), per group. */
  readonly races = new Map<string, number>();
  requests = 0;
  readonly statuses: Record<number, number> = {};
  readonly problems: string[] = [];

  get totalRaces(): number {
    return [...this.races.values()].reduce((sum, n) => sum + n, 0);
  }

  get serverErrors(): number {
    return Object.entries(this.statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
  }
}

/** What a group's rounds are given. */
export interface RaceContext {
  t: TestApp;
  /** Rounds each group plays (RACE_ROUNDS scales them). */
  rounds: number;
  /**
   * Sends the requests at once (Promise.all through app.inject) and checks each answer: never a
   * 5xx, a status it may answer, the envelope with that status's code. Answers the responses in
   * order; what was wrong goes to the group's problems.
   */
  fire(shots: Shot[]): Promise<TestResponse[]>;
  /** A problem found by a group's own check of what a race left. */
  problem(message: string): void;
  /** The same group's context on another app (one with other settings: billing on). */
  on(t: TestApp): RaceContext;
}

/** A kind of race: its name, and its rounds (each sets up, fires, checks what it left). */
export interface RaceGroup {
  name: string;
  run(ctx: RaceContext): Promise<void>;
}

export function raceContext(
  t: TestApp,
  tally: RaceTally,
  group: string,
  rounds: number,
): RaceContext {
  const problem = (message: string) => tally.problems.push(`${group}: ${message}`);
  const fire = async (shots: Shot[]): Promise<TestResponse[]> => {
    const answers = await Promise.all(
      shots.map((shot) =>
        t.call({
          method: shot.method,
          url: shot.url,
          ...(shot.as ? { token: shot.as.access } : {}),
          ...(shot.headers ? { headers: shot.headers } : {}),
          ...(shot.body === undefined ? {} : { payload: shot.body as Record<string, unknown> }),
        }),
      ),
    );
    tally.races.set(group, (tally.races.get(group) ?? 0) + 1);
    tally.requests += shots.length;
    answers.forEach((res, i) => {
      const shot = shots[i];
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      if (!shot) return;
      const what = `${shot.method} ${shot.url.replace(/[0-9a-f-]{36}/g, ':id')}`;
      if (!shot.may.includes(res.status)) {
        problem(`${what} answered ${res.status} ${JSON.stringify(res.payload)}`);
        return;
      }
      if (res.code !== codeOf(res.status)) {
        problem(`${what} answered ${res.status} with code "${res.code}"`);
      }
      if (res.status >= 300 && !errorEnvelopeSchema.safeParse(res.raw.json()).success) {
        problem(`${what} answered ${res.status} without the error envelope: ${res.raw.body}`);
      }
    });
    return answers;
  };
  const on = (other: TestApp) => raceContext(other, tally, group, rounds);
  return { t, rounds, fire, problem, on };
}

/** Asserts a condition of what a race left, as a problem of the group rather than a throw. */
export function check(ctx: RaceContext, holds: boolean, message: string): void {
  if (!holds) ctx.problem(message);
}

/** Whether exactly the statuses of the answers, in any order, are these. */
export const statusesAre = (answers: TestResponse[], expected: number[]) =>
  JSON.stringify(answers.map((res) => res.status).sort()) === JSON.stringify([...expected].sort());
