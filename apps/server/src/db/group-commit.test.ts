import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { Db } from './database';
import { GroupCommit, type BatchWork, type CommitInfo } from './group-commit';

/*
 * The group commit on the test's real database (SQLite, or PostgreSQL with TEST_DB=postgres),
 * through a probe table of its own: `ref` must name an existing row, checked at COMMIT.
 */
describe('group commit', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.deps.db;
    await sql`create table gc_probe (id text primary key, ref text references gc_probe (id) deferrable initially deferred)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  /** A group commit with its commits and answers recorded in the order they happened. */
  const recorder = (lanes = 1) => {
    const events: string[] = [];
    const commits: CommitInfo[] = [];
    const group = new GroupCommit(db, {
      lanes,
      maxBatch: 50,
      onCommit: (info) => {
        commits.push(info);
        events.push('commit');
      },
    });
    const answered = <T>(promise: Promise<T>, name: string) =>
      promise.then(
        (value) => {
          events.push(`answer ${name}`);
          return value;
        },
        (error: unknown) => {
          events.push(`failure ${name}`);
          throw error;
        },
      );
    return { group, events, commits, answered };
  };
  const insert = (trx: Db, id: string, ref: string | null = null) =>
    sql`insert into gc_probe (id, ref) values (${id}, ${ref})`.execute(trx);
  const stored = async (ids: string[]) =>
    (await sql<{ id: string }>`select id from gc_probe order by id`.execute(db)).rows
      .map((row) => row.id)
      .filter((id) => ids.includes(id));

  it('puts requests that arrive together in one transaction and answers them after its commit', async () => {
    const { group, events, commits, answered } = recorder();
    const ids = Array.from({ length: 20 }, (_, i) => `together-${String(i).padStart(2, '0')}`);
    const results = await Promise.all(
      ids.map((id) =>
        answered(
          group.run('learner', async (trx) => {
            await insert(trx, id);
            return id;
          }),
          id,
        ),
      ),
    );
    expect(results).toEqual(ids);
    expect(commits).toEqual([{ requests: 20, failed: 0 }]);
    expect(events[0]).toBe('commit');
    expect(events.slice(1)).toEqual(ids.map((id) => `answer ${id}`));
    expect(group.stats()).toEqual({ commits: 1, requests: 20 });
    expect(await stored(ids)).toEqual(ids);
  });

  it('hands consecutive inputs of one batch work to it at once', async () => {
    const { group, commits } = recorder();
    const calls: string[][] = [];
    const work: BatchWork<string, string> = async (trx, inputs) => {
      calls.push([...inputs]);
      for (const id of inputs) await insert(trx, id);
      return inputs.map((id) => ({ ok: true, value: id.toUpperCase() }));
    };
    const ids = ['batch-a', 'batch-b', 'batch-c'];
    const results = await Promise.all(ids.map((id) => group.submit(id, work, id)));
    expect(results).toEqual(['BATCH-A', 'BATCH-B', 'BATCH-C']);
    expect(calls).toEqual([ids]);
    expect(commits).toEqual([{ requests: 3, failed: 0 }]);
  });

  it('rolls back only the failing request: its writes go, the others commit', async () => {
    const { group, commits } = recorder();
    const outcomes = await Promise.allSettled([
      group.run('a', (trx) => insert(trx, 'alone-ok-1')),
      group.run('b', async (trx) => {
        await insert(trx, 'alone-bad');
        throw new Error('this request fails after writing');
      }),
      // A database error (on PostgreSQL it aborts the transaction without a savepoint).
      group.run('c', (trx) => insert(trx, 'alone-ok-1')),
      group.run('d', (trx) => insert(trx, 'alone-ok-2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[1]).toMatchObject({ reason: { message: 'this request fails after writing' } });
    expect(commits).toEqual([{ requests: 4, failed: 2 }]);
    expect(await stored(['alone-ok-1', 'alone-ok-2', 'alone-bad'])).toEqual([
      'alone-ok-1',
      'alone-ok-2',
    ]);
  });

  it('runs each input of a batch that throws again alone, so only the bad one fails', async () => {
    const { group } = recorder();
    const calls: string[][] = [];
    const work: BatchWork<string, string> = async (trx, inputs) => {
      calls.push([...inputs]);
      for (const id of inputs) await insert(trx, id);
      // The duplicate key makes the whole statement set fail, whichever input caused it.
      return inputs.map((id) => ({ ok: true, value: id }));
    };
    await insert(db, 'retry-taken');
    const outcomes = await Promise.allSettled(
      ['retry-1', 'retry-taken', 'retry-2'].map((id) => group.submit(id, work, id)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([
      ['retry-1', 'retry-taken', 'retry-2'],
      ['retry-1'],
      ['retry-taken'],
      ['retry-2'],
    ]);
    expect(await stored(['retry-1', 'retry-2'])).toEqual(['retry-1', 'retry-2']);
  });

  it('answers no request of a batch whose commit fails, and keeps none of its writes', async () => {
    const { group, events, commits, answered } = recorder();
    const outcomes = await Promise.allSettled([
      answered(
        group.run('a', (trx) => insert(trx, 'commit-ok')),
        'ok',
      ),
      // Checked only at COMMIT: the whole transaction fails there.
      answered(
        group.run('b', (trx) => insert(trx, 'commit-dangling', 'no-such-row')),
        'dangling',
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(commits).toEqual([]);
    expect(events).toEqual(['failure ok', 'failure dangling']);
    expect(await stored(['commit-ok', 'commit-dangling'])).toEqual([]);
    // The next batch commits normally.
    await group.run('a', (trx) => insert(trx, 'commit-after'));
    expect(await stored(['commit-after'])).toEqual(['commit-after']);
  });

  it("keeps the order of one key's requests, batch after batch", async () => {
    const { group, commits } = recorder(3);
    const order: number[] = [];
    const first = Array.from({ length: 5 }, (_, i) =>
      group.run('same learner', async () => {
        order.push(i);
      }),
    );
    await first[0];
    const second = Array.from({ length: 5 }, (_, i) =>
      group.run('same learner', async () => {
        order.push(5 + i);
      }),
    );
    await Promise.all([...first, ...second]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(commits).toEqual([
      { requests: 5, failed: 0 },
      { requests: 5, failed: 0 },
    ]);
  });

  it('waits for accepted requests on close and refuses new ones', async () => {
    const { group } = recorder();
    const pending = group.run('a', (trx) => insert(trx, 'close-pending'));
    await group.close();
    await expect(pending).resolves.toBeDefined();
    await expect(group.run('a', (trx) => insert(trx, 'close-late'))).rejects.toThrow(
      'The database is closing',
    );
    expect(await stored(['close-pending', 'close-late'])).toEqual(['close-pending']);
  });
});
