import { apiRoutes, type RouteSpec } from '@glossa/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDatabaseKind } from '../test-database';
import { fuzzRoute, type RouteRun } from './fuzz-route';
import { FuzzSession, type FuzzMode } from './fuzz-session';

/**
 * The suite runs in `partCount` files (fuzz-part-1.test.ts …), each a share of the route table
 * on an app and database of its own, so that vitest runs them side by side.
 */
export const partCount = 4;

/** The routes of a part (1 to partCount): every partCount-th route of the table. */
export function routesOfPart(part: number): RouteSpec[] {
  return apiRoutes()
    .map(({ spec }) => spec)
    .filter((_, index) => index % partCount === part - 1);
}

export const routeName = (spec: RouteSpec) => `${spec.method} ${spec.path}`;

/**
 * Requests per route, the two callers together (FUZZ_RUNS; unless told, 8,000 on SQLite and
 * 1,000 on PostgreSQL: each route gets 9,000 generated requests per CI run across the two
 * databases, within CI's time on two cores, decision 0026 and its addendum). On PostgreSQL each
 * request waits on its commit's round trip and costs about twice SQLite's CPU, so the larger share
 * runs on SQLite.
 * A public route gets as many anonymous as signed-in ones; on a route that needs a bearer,
 * anonymous callers are refused before anything else is read, so they get a fifth.
 */
export const runsPerRoute = Number(
  process.env['FUZZ_RUNS'] ?? (testDatabaseKind() === 'postgres' ? 1_000 : 8_000),
);

export function runsOf(spec: RouteSpec, mode: FuzzMode): number {
  const anonymous =
    spec.access === 'public' ? Math.floor(runsPerRoute / 2) : Math.floor(runsPerRoute / 5);
  return mode === 'anonymous' ? anonymous : runsPerRoute - anonymous;
}

/** CI replays the global seed (vitest.fast-check.ts); FUZZ_SEED replays a reported run. */
const seed = Number(
  process.env['FUZZ_SEED'] ?? fc.readConfigureGlobal().seed ?? Date.now() % 2 ** 31,
);

/** Generous: a busy machine (CI runs the other test files beside these) slows them down. */
const routeTimeoutMs = 1_200_000;

const modes: FuzzMode[] = ['anonymous', 'signed in'];

/** The counts of a run, for the report: per route and mode, then per route, then the total. */
function summary(part: number, runs: RouteRun[], wallMs: number): string {
  const lines = runs.map((run) =>
    [
      `${run.route.padEnd(50)} ${run.mode.padEnd(9)}`,
      `${String(run.requests).padStart(5)} sent`,
      `${String(run.reachedService).padStart(5)} reached the service`,
      `${(run.ms / 1000).toFixed(1).padStart(5)} s`,
      `${(run.cpuMs / 1000).toFixed(1).padStart(5)} s CPU`,
      `${(run.generateMs / 1000).toFixed(1).padStart(4)} s generating`,
      `${(run.worldMs / 1000).toFixed(1).padStart(4)} s making worlds`,
      JSON.stringify(run.statuses),
    ].join('  '),
  );
  const perRoute = new Map<string, number>();
  for (const run of runs) perRoute.set(run.route, (perRoute.get(run.route) ?? 0) + run.requests);
  const total = runs.reduce((sum, run) => sum + run.requests, 0);
  const reached = runs.reduce((sum, run) => sum + run.reachedService, 0);
  const cpu = runs.reduce((sum, run) => sum + run.cpuMs, 0) / 1000;
  const counts = [...new Set(perRoute.values())].sort((a, b) => a - b);
  return [
    `fuzz part ${part} of ${partCount} (seed ${seed}):`,
    ...lines,
    `fuzz part ${part} total: ${total} requests to ${perRoute.size} routes ` +
      `(${counts.join(' or ')} each, ${reached} reached the service) ` +
      `in ${(wallMs / 1000).toFixed(0)} s (${cpu.toFixed(0)} s of CPU)`,
  ].join('\n');
}

/** The tests of one part: every route of it as both callers, then the check that all were sent. */
export function fuzzPart(part: number): void {
  const routes = routesOfPart(part);
  describe(`fuzz part ${part} of ${partCount}: generated requests to ${routes.length} routes of the table`, () => {
    let t: TestApp;
    let session: FuzzSession;
    const runs: RouteRun[] = [];
    let started = 0;
    beforeAll(async () => {
      started = performance.now();
      // Mail is kept in memory: its transport is tested elsewhere, and SMTP costs 80 ms a
      // message. Commits need not reach the disk: the suite tests answers, not durability.
      t = await createTestApp({
        durable: false,
        mailer: { send: async () => {}, close: () => {} },
      });
      session = await FuzzSession.start(t);
    });
    afterAll(async () => {
      console.log(summary(part, runs, performance.now() - started));
      await session.log.close();
      await t.close();
    });

    for (const spec of routes) {
      const route = routeName(spec);
      for (const mode of modes) {
        it(
          `${route} as ${mode}: ${runsOf(spec, mode)} requests, no 5xx, the envelope, and a refusal changes nothing`,
          async () => {
            const run = await fuzzRoute(session, route, spec, mode, runsOf(spec, mode), seed);
            runs.push(run);
            // One line per defect (the first request that showed it), not one per request.
            const defects = [...new Map(run.failures.map((f) => [f.problem, f])).values()];
            expect(defects.map((f) => `${f.problem} (${f.kind}): ${f.request}`)).toEqual([]);
          },
          routeTimeoutMs,
        );
      }
    }

    it(`fuzzed every route of the part, ${runsPerRoute} requests each, and reached its service with valid-looking input`, () => {
      const missing: string[] = [];
      for (const spec of routes) {
        const route = routeName(spec);
        const sent = runs.filter((r) => r.route === route).reduce((sum, r) => sum + r.requests, 0);
        for (const mode of modes) {
          const run = runs.find((r) => r.route === route && r.mode === mode);
          if (!run || run.requests < runsOf(spec, mode))
            missing.push(`${route} as ${mode}: not fuzzed`);
        }
        if (sent < runsPerRoute) missing.push(`${route}: ${sent} requests of ${runsPerRoute}`);
        const signedIn = runs.find((r) => r.route === route && r.mode === 'signed in');
        if (signedIn && signedIn.reachedService < signedIn.requests / 10) {
          missing.push(
            `${route}: ${signedIn.reachedService} of ${signedIn.requests} reached the service`,
          );
        }
      }
      expect(missing).toEqual([]);
    });
  });
}
