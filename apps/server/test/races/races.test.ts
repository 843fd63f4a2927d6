import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDatabaseKind } from '../test-database';
import { treeProblems } from '../tree-invariant';
import { accountRaces } from './account-races';
import { adminRaces } from './admin-races';
import { ankiRaces } from './anki-races';
import { cardRaces } from './card-races';
import { exploreRaces } from './explore-races';
import { liveRaces } from './live-races';
import { orphanCounts } from './orphans';
import { raceContext, RaceTally } from './race-support';
import { searchRaces } from './search-races';
import { sharingRaces } from './sharing-races';
import { subscriptionRaces } from './subscription-races';
import { treeRaces } from './tree-races';

/**
 * The race suite (issue 14 item 8, docs/decisions/0015-concurrent-writes.md): requests that
 * conflict, sent at once on the real app, many rounds of each kind, on the database the run uses.
 * Every answer is the envelope with a status its request may answer (never a 5xx); no constraint
 * violation reaches the error handler's safety net (each is mapped where it happens); after each
 * kind, no row points at something gone and every category tree is whole. RACE_ROUNDS scales the
 * rounds.
 */
const rounds = Number(process.env['RACE_ROUNDS'] ?? 10);

const groups = [
  ...treeRaces,
  ...cardRaces,
  ...sharingRaces,
  ...accountRaces,
  ...exploreRaces,
  ...searchRaces,
  ...liveRaces,
  ...adminRaces,
  ...subscriptionRaces,
  ...ankiRaces,
];

describe('races: conflicting requests at once, zero 5xx, zero orphans', () => {
  let t: TestApp | undefined;
  const tally = new RaceTally();
  const errorLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void errorLines.push(line) },
      // Mail is kept in memory: its transport is tested elsewhere, and SMTP costs 80 ms a message.
      mailer: { send: async () => {}, close: () => {} },
    });
  });
  afterAll(async () => {
    const statuses = Object.entries(tally.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    console.log(
      `races (${testDatabaseKind()}): ${tally.totalRaces} races of ${groups.length} kinds fired, ` +
        `${tally.requests} requests (${statuses}), ${tally.serverErrors} 5xx, ` +
        `${tally.problems.length} problems`,
    );
    await t?.close();
  });

  for (const group of groups) {
    it(
      group.name,
      async () => {
        if (!t) throw new Error('no app');
        const before = tally.problems.length;
        const linesBefore = errorLines.length;
        await group.run(raceContext(t, tally, group.name, rounds));
        expect({
          problems: tally.problems.slice(before),
          errors: errorLines.slice(linesBefore),
        }).toEqual({ problems: [], errors: [] });
        // Neither a 5xx nor a constraint violation left to the error handler's safety net.
        expect(errorLines.slice(linesBefore)).toEqual([]);
        expect(await orphanCounts(t.app.deps.db)).toEqual({});
        expect(await treeProblems(t.app.deps.db)).toEqual([]);
        // The groups that fill a learner up to a limit first write hundreds of rows: on PostgreSQL
        // on a slow, busy host they took over 30 s (a bound, not a target).
      },
      120_000,
    );
  }

  it('fired every kind of race', () => {
    expect([...tally.races.keys()]).toEqual(groups.map((group) => group.name));
    expect(tally.serverErrors).toBe(0);
  });
});
