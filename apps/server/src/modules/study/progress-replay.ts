import {
  defaultSchedulerSettings,
  memoryNumberSettingNames,
  schedulerV1MemoryDefaults,
  type GradeSettings,
} from '@glossa/contract';
import {
  answerMemoryV2,
  DAY_MS,
  quickThresholdMs,
  type Grade,
  type MemoryV2Parameters,
  type MemoryV2State,
} from '@glossa/srs';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Direction, ReviewLogTable } from '../../db/schema';
import { readGradeSettings } from './scheduler-settings.service';

// Version 2's replay of every learner's progress (migration 0021, docs/decisions/0030-scheduler-v2-
// server.md): each (card, direction) log replayed with version 2's memory formulas, learner by
// learner, each in a transaction of its own that also removes the learner from
// progress_replay_pending, so an interrupted run continues where it stopped and a second run finds
// nothing to do. Runs after the migrations, before the server answers (app.ts).

/** The log columns the replay reads. */
export type ReplayLogRow = Pick<
  Selectable<ReviewLogTable>,
  | 'id'
  | 'card_id'
  | 'direction'
  | 'kind'
  | 'target_id'
  | 'reviewed_at'
  | 'score'
  | 'success'
  | 'grade'
  | 'elapsed_ms'
>;

export interface ReplayedMemory extends MemoryV2State {
  cardId: string;
  direction: Direction;
}

const asGrade = (grade: number): Grade => Math.min(4, Math.max(1, Math.round(grade))) as Grade;

/**
 * A learner's log (oldest first, by seq) replayed with version 2, as the writer applies it: an undo
 * removes its review (and that review's override), an override replaces its review's grade. A
 * review's grade is its logged one (1 missed, 2 close, 3 exact), exact becoming quick (4) when its
 * answer time is within the learner's quick threshold as their exact answers before it set it.
 * Answer times of 0 or less are unknown (never quick, never counted). Pure.
 */
export function replayLearnerLog(
  log: readonly ReplayLogRow[],
  parameters: MemoryV2Parameters,
): ReplayedMemory[] {
  const undone = new Set<string>();
  const overrideGrade = new Map<string, number>();
  for (const row of log) {
    if (row.kind === 'undo' && row.target_id) undone.add(row.target_id);
    if (row.kind === 'override' && row.target_id) overrideGrade.set(row.target_id, row.grade);
  }
  const exactTimes: number[] = [];
  const cards = new Map<
    string,
    { memory: MemoryV2State | null; at: number; out: ReplayedMemory }
  >();
  for (const row of log) {
    if (row.kind !== 'review') continue;
    const exact = row.score >= 1;
    const threshold = exact ? quickThresholdMs(exactTimes) : null;
    if (exact && row.elapsed_ms > 0) exactTimes.push(row.elapsed_ms);
    if (undone.has(row.id)) continue;
    let grade = asGrade(overrideGrade.get(row.id) ?? row.grade);
    if (!overrideGrade.has(row.id) && grade === 3 && threshold !== null && row.elapsed_ms > 0) {
      grade = row.elapsed_ms <= threshold ? 4 : 3;
    }
    const key = `${row.card_id}\u0000${row.direction}`;
    const card = cards.get(key);
    const before = card?.memory ?? null;
    const elapsedDays = card ? Math.max(0, (row.reviewed_at - card.at) / DAY_MS) : 0;
    const memory = answerMemoryV2(before, elapsedDays, grade, parameters);
    const out = { cardId: row.card_id, direction: row.direction, ...memory };
    cards.set(key, { memory, at: row.reviewed_at, out });
  }
  return [...cards.values()].map((card) => card.out);
}

/**
 * The learner's stored settings JSON with the ten memory numbers moved to version 2's defaults when
 * they are exactly version 1's (a missing number counts as its version-1 default, which it read as
 * then); null when nothing changes.
 */
export function movedToV2Defaults(settingsJson: string): string | null {
  const parsed: unknown = JSON.parse(settingsJson);
  const stored: Record<string, unknown> =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
  const onV1 = memoryNumberSettingNames.every(
    (name) => stored[name] === undefined || stored[name] === schedulerV1MemoryDefaults[name],
  );
  if (!onV1) return null;
  for (const name of memoryNumberSettingNames) stored[name] = defaultSchedulerSettings[name];
  return JSON.stringify(stored);
}

/** The ten memory numbers as the learner's settings hold them (a missing one: its default). */
function memoryNumbers(settingsJson: string): Record<string, number> {
  const parsed: unknown = JSON.parse(settingsJson);
  const stored = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  return Object.fromEntries(
    memoryNumberSettingNames.map((name) => {
      const value = stored[name];
      return [name, typeof value === 'number' ? value : defaultSchedulerSettings[name]];
    }),
  );
}

/**
 * One learner's replay, in its own transaction: false when another run did it already (their
 * pending row is gone). Deleting the pending row first holds it (PostgreSQL's row lock) against a
 * second run at once.
 */
export async function replayLearner(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .deleteFrom('progress_replay_pending')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (claimed.numDeletedRows === 0n) return false;
    const user = await trx
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return true;
    const moved = movedToV2Defaults(user.settings);
    if (moved !== null) {
      await trx.updateTable('users').set({ settings: moved }).where('id', '=', userId).execute();
    }
    const grades: GradeSettings = await readGradeSettings(trx, userId);
    const parameters = {
      ...memoryNumbers(moved ?? user.settings),
      ...grades,
    } as MemoryV2Parameters;
    const log = await trx
      .selectFrom('review_log')
      .select([
        'id',
        'card_id',
        'direction',
        'kind',
        'target_id',
        'reviewed_at',
        'score',
        'success',
        'grade',
        'elapsed_ms',
      ])
      .where('user_id', '=', userId)
      .orderBy('seq', 'asc')
      .execute();
    // Due dates and periods stay as they were scheduled (decision 0030): only the memory moves.
    for (const card of replayLearnerLog(log, parameters)) {
      await trx
        .updateTable('progress')
        .set({ elevation: card.elevation, lapses: card.lapses, difficulty: card.difficulty })
        .where('user_id', '=', userId)
        .where('card_id', '=', card.cardId)
        .where('direction', '=', card.direction)
        .execute();
    }
    return true;
  });
}

/**
 * Every learner waiting for the replay, one after the other (`limit`: at most that many, for the
 * tests' interrupted runs). Answers how many were replayed by this run.
 */
export async function replayPendingProgress(db: Db, limit = Infinity): Promise<number> {
  let done = 0;
  while (done < limit) {
    const next = await db
      .selectFrom('progress_replay_pending')
      .select('user_id')
      .orderBy('user_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    if (await replayLearner(db, next.user_id)) done += 1;
  }
  return done;
}
