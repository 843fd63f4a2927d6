import type { LearningSettings, ReviewBody } from '@glossa/contract';
import { scoreGuess, type GuessScore } from '@glossa/srs';
import type { CompiledQuery, Insertable, QueryResult } from 'kysely';
import type { Db } from '../../../db/database';
import type { ReviewLogTable } from '../../../db/schema';
import { AppError, notFound } from '../../../errors';
import { cardAccesses } from '../../cards/card-access';
import { readSettings } from '../../users/learning-settings';
import {
  batchReadQueries,
  batchReadStatement,
  batchWriteQueries,
  batchWriteStatement,
  countDueOnDays,
  lockCombosQuery,
  type CardRow,
  type DayRange,
} from './review-batch.repository';
import type { ComboRow, ProgressRow, ReviewLogRow } from '../study.repository';
import { dayOf, loadFrom, reflowDays, type LoadSource } from './schedule';
import {
  cardAnswers,
  progressRow,
  toCardState,
  toStoredCombo,
  toStoredProgress,
  type StoredCombo,
  type StoredProgress,
  type StoredState,
} from '../study-state';

/** Sends statements of the open transaction together (GroupCommit's executeAll). */
export type SendAll = (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>;

/** One review submission, as plain data (it crosses to the review writer thread). */
export interface ReviewJob {
  userId: string;
  body: ReviewBody;
  /** When the server received it (epoch ms): the review's time. */
  now: number;
}

const pairKey = (userId: string, other: string) => `${userId}\n${other}`;
const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * What a batch read at its start, and what its reviews changed since, in memory: each review
 * sees the ones before it exactly as if they had been written already, and the writes go out in
 * three statements at the end.
 */
export class BatchState {
  readonly #combos = new Map<string, StoredCombo>();
  readonly #learners = new Map<string, { settings: string; seq: number }>();
  readonly #settings = new Map<string, LearningSettings>();
  readonly #logs = new Map<string, Insertable<ReviewLogTable>>();
  readonly #cards = new Map<string, CardRow>();
  readonly #readable = new Set<string>();
  readonly #progress = new Map<string, StoredProgress | null>();
  /** The progress rows that existed when the batch read them (learner + card keys). */
  readonly #stored = new Set<string>();
  /** Changes of the learners' daily load (user → day → count) made by this batch. */
  readonly #load = new Map<string, Map<number, number>>();
  readonly #written = new Map<string, { userId: string; card: CardRow; firstOwn: boolean }>();
  readonly #newLogs: Insertable<ReviewLogTable>[] = [];
  /** The load read for the whole batch at once, and the day ranges it covers. */
  readonly #dueByDay = new Map<string, Map<number, number>>();
  readonly #covered: DayRange[] = [];

  /**
   * Reads what the batch needs: the learners' combo rows first (created when missing, locked on
   * PostgreSQL), so what follows reads what their earlier transactions committed; then the rest
   * in one statement where the database allows it (PostgreSQL), else sent together.
   */
  static async read(
    trx: Db,
    all: SendAll,
    jobs: readonly ReviewJob[],
    oneStatement: boolean,
  ): Promise<BatchState> {
    const state = new BatchState();
    const userIds = unique(jobs.map((job) => job.userId));
    const reads = {
      userIds,
      logKeys: jobs.map((job) => ({ userId: job.userId, clientReviewId: job.body.clientReviewId })),
      cardIds: unique(jobs.map((job) => job.body.cardId)),
      pairs: jobs.map((job) => ({ userId: job.userId, cardId: job.body.cardId })),
    };
    let lists: unknown[][];
    if (oneStatement) {
      const [locked] = await all([lockCombosQuery(trx, userIds).compile()]);
      const row = await batchReadStatement(trx, reads).executeTakeFirstOrThrow();
      lists = [locked?.rows ?? [], row.learners, row.logs, row.cards, row.progress];
    } else {
      const queries = [lockCombosQuery(trx, userIds), ...batchReadQueries(trx, reads)];
      lists = (await all(queries.map((query) => query.compile()))).map((result) => result.rows);
    }
    const [combos = [], learners = [], logs = [], found = [], progress = []] = lists;
    for (const row of combos as ComboRow[]) {
      state.#combos.set(row.user_id, toStoredCombo(row));
    }
    for (const row of learners as { id: string; settings: string; max_seq: unknown }[]) {
      state.#learners.set(row.id, {
        settings: row.settings,
        seq: row.max_seq === null ? 0 : Number(row.max_seq),
      });
    }
    for (const row of logs as ReviewLogRow[]) {
      state.#logs.set(pairKey(row.user_id, row.client_review_id), row);
    }
    const cards = found as CardRow[];
    for (const card of cards) state.#cards.set(card.id, card);
    for (const row of progress as ProgressRow[]) {
      const key = pairKey(row.user_id, row.card_id);
      state.#progress.set(key, toStoredProgress(row));
      state.#stored.add(key);
    }
    for (const userId of userIds) {
      const own = cards.filter((card) => card.owner_id === userId);
      const foreign = cards.filter(
        (card) =>
          card.owner_id !== userId &&
          jobs.some((job) => job.userId === userId && job.body.cardId === card.id),
      );
      for (const card of own) state.#readable.add(pairKey(userId, card.id));
      if (foreign.length === 0) continue;
      for (const [cardId, access] of await cardAccesses(trx, userId, foreign)) {
        if (access) state.#readable.add(pairKey(userId, cardId));
      }
    }
    return state;
  }

  /**
   * The guess's score and the days reflow may choose from, for a review expected to go through
   * (undefined when it will be refused or replayed: the review itself then says why).
   */
  prepare(job: ReviewJob): { scored: GuessScore; days: DayRange | null } | undefined {
    const { userId, body } = job;
    const card = this.#cards.get(body.cardId);
    const learner = this.#learners.get(userId);
    if (!card || !learner || this.log(userId, body.clientReviewId)) return undefined;
    if (!this.#readable.has(pairKey(userId, card.id))) return undefined;
    const settings = this.settings(userId);
    const scored = score(body.guess, card, settings);
    const before = this.before(userId, card.id);
    const state = toCardState(before.progress);
    const { now } = job;
    return { scored, days: reflowDays(userId, state, { score: scored.score }, settings, now) };
  }

  /** Reads the load of every reflow window of the batch in one statement. */
  async readLoad(trx: Db, ranges: DayRange[]): Promise<void> {
    for (const [userId, days] of await countDueOnDays(trx, ranges))
      this.#dueByDay.set(userId, days);
    this.#covered.push(...ranges);
  }

  /** The batch's load where it was read, else one query (a card answered twice, a new day). */
  loadSource(trx: Db): LoadSource {
    const query = loadFrom(trx);
    return async (range) => {
      const covered = this.#covered.some(
        (known) =>
          known.userId === range.userId &&
          known.firstDay <= range.firstDay &&
          known.lastDay >= range.lastDay,
      );
      return covered ? (this.#dueByDay.get(range.userId) ?? new Map()) : query(range);
    };
  }

  log(userId: string, clientReviewId: string) {
    return this.#logs.get(pairKey(userId, clientReviewId));
  }

  /** The card, if the learner may study it (404 otherwise, as for any hidden card). */
  card(userId: string, cardId: string): CardRow {
    const card = this.#cards.get(cardId);
    if (!card || !this.#readable.has(pairKey(userId, cardId))) throw notFound('Card not found');
    return card;
  }

  settings(userId: string): LearningSettings {
    const cached = this.#settings.get(userId);
    if (cached) return cached;
    const learner = this.#learners.get(userId);
    if (!learner) throw new AppError('unauthorized', 'Sign in to continue');
    const settings = readSettings(learner.settings);
    this.#settings.set(userId, settings);
    return settings;
  }

  before(userId: string, cardId: string): StoredState {
    return {
      progress: this.#progress.get(pairKey(userId, cardId)) ?? null,
      combo: this.#combos.get(userId) ?? { current: 0, best: 0, bestAt: null },
    };
  }

  /** What this batch moved onto (+) or off (−) a day of the learner's load. */
  pendingLoad(userId: string, day: number): number {
    return this.#load.get(userId)?.get(day) ?? 0;
  }

  #moveLoad(userId: string, day: number, change: number) {
    const days = this.#load.get(userId) ?? new Map<number, number>();
    days.set(day, (days.get(day) ?? 0) + change);
    this.#load.set(userId, days);
  }

  /** Records one review's writes (only once it can no longer fail). */
  record(
    userId: string,
    card: CardRow,
    before: StoredState,
    after: StoredState & { progress: StoredProgress },
    log: Omit<Insertable<ReviewLogTable>, 'seq'>,
  ) {
    const key = pairKey(userId, card.id);
    if (before.progress?.dueAt != null) this.#moveLoad(userId, dayOf(before.progress.dueAt), -1);
    if (after.progress.dueAt !== null) this.#moveLoad(userId, dayOf(after.progress.dueAt), 1);
    this.#progress.set(key, after.progress);
    const firstOwn =
      this.#written.get(key)?.firstOwn ?? (!before.progress && card.owner_id === userId);
    this.#written.set(key, { userId, card, firstOwn });
    this.#combos.set(userId, after.combo);
    const learner = this.#learners.get(userId);
    if (!learner) throw new Error('learner of a recorded review was not read');
    learner.seq += 1;
    const row = { ...log, seq: learner.seq };
    this.#newLogs.push(row);
    this.#logs.set(pairKey(userId, row.client_review_id), row);
  }

  /**
   * The batch's writes after its last review: in one statement where the database allows it
   * (PostgreSQL), else sent together (SQLite's writer runs them in its own thread).
   */
  async write(trx: Db, all: SendAll, oneStatement: boolean): Promise<void> {
    const written = [...this.#written.values()];
    if (written.length === 0) return;
    const rows = written.flatMap(({ userId, card }) => {
      const key = pairKey(userId, card.id);
      const progress = this.#progress.get(key);
      return progress
        ? [{ row: progressRow(userId, card, progress), stored: this.#stored.has(key) }]
        : [];
    });
    const writes = {
      newProgress: rows.filter((entry) => !entry.stored).map((entry) => entry.row),
      progress: rows.filter((entry) => entry.stored).map((entry) => entry.row),
      firstOwn: written.filter((entry) => entry.firstOwn).map((entry) => entry.card.id),
      combos: unique(this.#newLogs.map((row) => row.user_id)).map((userId) => {
        const combo = this.#combos.get(userId) ?? { current: 0, best: 0, bestAt: null };
        return { user_id: userId, current: combo.current, best: combo.best, best_at: combo.bestAt };
      }),
      logs: this.#newLogs,
    };
    if (oneStatement) await batchWriteStatement(trx, writes).execute();
    else await all(batchWriteQueries(trx, writes));
  }
}

export const score = (guess: string, card: CardRow, settings: LearningSettings) =>
  scoreGuess(guess, cardAnswers(card), {
    language: card.to_language_code,
    minimumScore: settings.guessSuccessMinimumScore,
  });
