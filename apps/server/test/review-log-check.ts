import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import type { ReviewBody, ReviewResult } from '@glossa/contract';
import type {
  ComboRow,
  ProgressRow as StoredProgressRow,
} from '../src/modules/study/study.repository';
import type { StoredState } from '../src/modules/study/study-state';
import { adminUrl, databaseUrl, testDatabaseKind } from './test-database';

/*
 * The durability test's view of the study tables, read straight from the database at rest (both
 * engines), and what must hold of them after any number of crashes.
 */

export interface Learner {
  id: string;
  token: string;
  cards: string[];
}

export interface Sent {
  learner: Learner;
  body: ReviewBody;
}

interface LogRow {
  user_id: string;
  card_id: string;
  seq: number;
  client_review_id: string;
  kind: string;
  reviewed_at: number;
  state_before: string;
  state_after: string;
  result: string;
}
/** The progress columns the check compares (foreign_card is derived from the card). */
type ProgressRow = Omit<StoredProgressRow, 'foreign_card'>;

interface Tables {
  log: LogRow[];
  progress: ProgressRow[];
  combos: ComboRow[];
}

const numberOrNull = (value: unknown) => (value === null ? null : Number(value));

function normalise(raw: Record<string, unknown[]>): Tables {
  const rows = <T>(name: string, map: (row: Record<string, unknown>) => T) =>
    (raw[name] as Record<string, unknown>[]).map(map);
  return {
    log: rows('review_log', (r) => ({
      user_id: String(r['user_id']),
      card_id: String(r['card_id']),
      seq: Number(r['seq']),
      client_review_id: String(r['client_review_id']),
      kind: String(r['kind']),
      reviewed_at: Number(r['reviewed_at']),
      state_before: String(r['state_before']),
      state_after: String(r['state_after']),
      result: String(r['result']),
    })),
    progress: rows('progress', (r) => ({
      user_id: String(r['user_id']),
      card_id: String(r['card_id']),
      direction: r['direction'] === 'reverse' ? 'reverse' : 'forward',
      category_id: r['category_id'] === null ? null : String(r['category_id']),
      elevation: Number(r['elevation']),
      period: Number(r['period']),
      lapses: Number(r['lapses']),
      difficulty: Number(r['difficulty'] ?? 0),
      reps: Number(r['reps']),
      last_review_at: numberOrNull(r['last_review_at']),
      due_at: numberOrNull(r['due_at']),
      suspended: Number(r['suspended']),
      created_at: Number(r['created_at']),
    })),
    combos: rows('combos', (r) => ({
      user_id: String(r['user_id']),
      current: Number(r['current']),
      best: Number(r['best']),
      best_at: numberOrNull(r['best_at']),
    })),
  };
}

const queries = {
  review_log: 'SELECT * FROM review_log ORDER BY user_id, seq',
  progress: 'SELECT * FROM progress',
  combos: 'SELECT * FROM combos',
};

/** A fresh database for the server: a SQLite file in the data folder, or a copy of the template. */
export async function freshDatabase(dataDir: string) {
  if (testDatabaseKind() === 'sqlite') {
    const file = path.join(dataDir, 'glossa.db');
    return {
      env: {} as Record<string, string>,
      async read(): Promise<Tables> {
        // The server is down; opening the file runs SQLite's recovery just as a restart would.
        const connection = new SQLite(file);
        try {
          return normalise(
            Object.fromEntries(
              Object.entries(queries).map(([name, sql]) => [name, connection.prepare(sql).all()]),
            ),
          );
        } finally {
          connection.close();
        }
      },
      async drop() {},
    };
  }
  const template = inject('pgTemplate');
  const name = `${template.replace('glossa_tpl_', 'glossa_tf_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  return {
    env: { DATABASE_URL: databaseUrl(name) } as Record<string, string>,
    async read(): Promise<Tables> {
      const client = new pg.Client({ connectionString: databaseUrl(name) });
      await client.connect();
      try {
        const raw: Record<string, unknown[]> = {};
        for (const [table, sql] of Object.entries(queries)) {
          raw[table] = (await client.query(sql)).rows;
        }
        return normalise(raw);
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The checks

interface Findings {
  problems: string[];
  rows: number;
  /** Unacknowledged reviews the database holds (committed, then the answer was lost). */
  unacknowledgedKept: number;
}

/**
 * Every acknowledged review is in the log exactly once with the answer that was sent, and an
 * unacknowledged one once or not at all; every row is a review that was sent; each learner's rows
 * follow one another (seq 1..n, each row's state before is the state after the previous row of
 * its card and of the learner's combo); progress and combo rows are the state after the last row.
 */
export function check(
  tables: Tables,
  learners: Learner[],
  acked: Map<string, Sent & { result: ReviewResult }>,
  unacked: Map<string, Sent>,
): Findings {
  const problems: string[] = [];
  const key = (userId: string, clientReviewId: string) => `${userId} ${clientReviewId}`;
  const byKey = new Map<string, LogRow[]>();
  for (const row of tables.log) {
    const k = key(row.user_id, row.client_review_id);
    byKey.set(k, [...(byKey.get(k) ?? []), row]);
  }
  for (const [id, { learner, body, result }] of acked) {
    const rows = byKey.get(key(learner.id, id)) ?? [];
    if (rows.length !== 1) {
      problems.push(`acknowledged ${id} is in the log ${rows.length} times`);
      continue;
    }
    const [row] = rows;
    if (row?.card_id !== body.cardId || row.kind !== 'review') {
      problems.push(`acknowledged ${id} is logged on another card or as ${row?.kind}`);
    } else if (!isDeepStrictEqual(JSON.parse(row.result), result)) {
      problems.push(
        `acknowledged ${id} was answered ${JSON.stringify(result)}, logged ${row.result}`,
      );
    }
  }
  let unacknowledgedKept = 0;
  for (const [id, { learner }] of unacked) {
    const count = byKey.get(key(learner.id, id))?.length ?? 0;
    if (count > 1) problems.push(`unacknowledged ${id} is in the log ${count} times`);
    if (count === 1) unacknowledgedKept += 1;
  }
  for (const k of byKey.keys()) {
    const [, id = ''] = k.split(' ');
    if (!acked.has(id) && !unacked.has(id)) problems.push(`the log holds ${id}, never sent`);
  }

  for (const learner of learners) {
    const rows = tables.log.filter((row) => row.user_id === learner.id);
    const cards = new Map<string, StoredState['progress']>();
    const counts = new Map<string, number>();
    let combo: StoredState['combo'] = { current: 0, best: 0, bestAt: null };
    rows.forEach((row, index) => {
      if (row.seq !== index + 1) problems.push(`${learner.id}: seq ${row.seq} at ${index + 1}`);
      const before = JSON.parse(row.state_before) as StoredState;
      const after = JSON.parse(row.state_after) as StoredState;
      const count = (counts.get(row.card_id) ?? 0) + 1;
      counts.set(row.card_id, count);
      if (!isDeepStrictEqual(before.progress, cards.get(row.card_id) ?? null)) {
        problems.push(`${row.client_review_id}: progress before is not the one after the last row`);
      }
      if (!isDeepStrictEqual(before.combo, combo)) {
        problems.push(`${row.client_review_id}: combo before is not the one after the last row`);
      }
      if (after.progress?.reps !== count || after.progress.lastReviewAt !== row.reviewed_at) {
        problems.push(
          `${row.client_review_id}: review ${count} of its card says reps ${after.progress?.reps}`,
        );
      }
      cards.set(row.card_id, after.progress);
      combo = after.combo;
    });
    const progress = tables.progress.filter((row) => row.user_id === learner.id);
    for (const row of progress) {
      const expected = cards.get(row.card_id);
      const stored = {
        elevation: row.elevation,
        period: row.period,
        lapses: row.lapses,
        difficulty: row.difficulty,
        reps: row.reps,
        lastReviewAt: row.last_review_at,
        dueAt: row.due_at,
        suspended: row.suspended,
        categoryId: row.category_id,
        createdAt: row.created_at,
      };
      if (!expected) problems.push(`card ${row.card_id} has progress without a logged review`);
      else if (!isDeepStrictEqual(stored, expected)) {
        problems.push(
          `card ${row.card_id}: progress ${JSON.stringify(stored)} after ${counts.get(row.card_id)} logged reviews ending in ${JSON.stringify(expected)}`,
        );
      }
    }
    if (progress.length !== cards.size) {
      problems.push(`${learner.id}: ${cards.size} cards logged, ${progress.length} progress rows`);
    }
    const comboRow = tables.combos.find((row) => row.user_id === learner.id);
    const stored = comboRow
      ? { current: comboRow.current, best: comboRow.best, bestAt: comboRow.best_at }
      : { current: 0, best: 0, bestAt: null };
    if (!isDeepStrictEqual(stored, combo)) {
      problems.push(
        `${learner.id}: combo ${JSON.stringify(stored)}, log ends in ${JSON.stringify(combo)}`,
      );
    }
  }
  return { problems: problems.slice(0, 20), rows: tables.log.length, unacknowledgedKept };
}
