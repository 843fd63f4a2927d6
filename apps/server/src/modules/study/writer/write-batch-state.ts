import type { GradeSettings } from '@glossa/contract';
import { QUICK_WINDOW, quickThresholdMs, scoreGuess, type GuessScore } from '@glossa/srs';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from '../../../db/database';
import type { Direction } from '../../../db/schema';
import { timeOrderedId } from '../../../db/time-ordered-id';
import { AppError, notFound } from '../../../errors';
import { assertStudied, cardStudyAccesses, type StudyAccess } from '../../cards/card-access';
import { readSettings } from '../../users/learning-settings';
import type { ComboRow, ProgressRow, ReviewLogRow } from '../study.repository';
import {
  expectedOf,
  toGradeSettings,
  toStoredCombo,
  toStoredProgress,
  type StoredCombo,
  type StoredProgress,
  type StoredState,
} from '../study-state';
import { reflowDaysOf, type Applied, type WriterSettings } from './apply-answer';
import { BatchLoad } from './batch-load';
import { revisionId, toLoggedReview } from './logged-review';
import type { ReviewJob, StudyWrite } from './review-writer-messages';
import {
  batchReadQueries,
  batchReadStatement,
  exactTimesQuery,
  gradeSettingsQuery,
  lockCombosQuery,
  targetReadQueries,
  targetReadStatement,
  type CardRow,
  type DayRange,
} from './batch-reads.repository';
import { batchWriteQueries, batchWriteStatements, batchWrites } from './batch-writes.repository';

/** Sends statements of the open transaction together (GroupCommit's executeAll). */
export type SendAll = (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>;

const pairKey = (userId: string, other: string) => `${userId}\n${other}`;
/** One learner's schedule of one card in one direction. */
const progressKey = (userId: string, cardId: string, direction: Direction) =>
  `${userId}\n${cardId}\n${direction}`;
/** The direction a review answers (absent from the body: forward). */
export const directionOf = (job: ReviewJob): Direction => job.body.direction ?? 'forward';
const unique = <T>(values: T[]) => [...new Set(values)];

/** Rows an override or undo looks at, besides those of the batch: how many after its target. */
export const LATER_ROWS_LIMIT = 100;

/**
 * What a batch read at its start, and what its writes changed since, in memory: each write sees
 * the ones before it exactly as if they had been written already, and the writes go out in a
 * few statements at the end.
 */
export class BatchState {
  readonly #combos = new Map<string, StoredCombo>();
  readonly #learners = new Map<string, { settings: string; seq: number }>();
  readonly #settings = new Map<string, WriterSettings>();
  /** The learners' seven version-2 numbers and quick thresholds, read with the batch. */
  readonly #grades = new Map<string, GradeSettings>();
  readonly #quick = new Map<string, number | null>();
  /** Log rows by learner and clientReviewId: those read, then those of this batch. */
  readonly #logs = new Map<string, ReviewLogRow>();
  readonly #cards = new Map<string, CardRow>();
  /** Whether each learner studies each card they write about (cardStudyAccesses). */
  readonly #access = new Map<string, StudyAccess>();
  /** The progress of (learner, card, direction): as read, then as this batch left it. */
  readonly #progress = new Map<string, StoredProgress | null>();
  /** The progress rows that existed when the batch read them, as they were. */
  readonly #stored = new Map<string, StoredProgress>();
  /** The learners' daily load: as read, and as this batch moved it. */
  readonly load = new BatchLoad();
  readonly #written = new Map<string, { userId: string; card: CardRow; direction: Direction }>();
  readonly #newLogs: ReviewLogRow[] = [];
  /** The log rows read for an override or undo, by its target's log id: of its card, and after it. */
  readonly #history = new Map<string, { ofCard: ReviewLogRow[]; after: ReviewLogRow[] }>();

  /**
   * Reads what the batch needs: the learners' combo rows first (created when missing, locked on
   * PostgreSQL), so what follows reads what their earlier transactions committed; then the rest
   * in one statement where the database allows it (PostgreSQL), else sent together. Overrides and
   * undos of reviews already written need one more step, once their reviews are known: the
   * reviews' cards and what the log holds on them and after them.
   */
  static async read(
    trx: Db,
    all: SendAll,
    jobs: readonly StudyWrite[],
    oneStatement: boolean,
  ): Promise<BatchState> {
    const state = new BatchState();
    const userIds = unique(jobs.map((job) => job.userId));
    const reviews = jobs.flatMap((job) => (job.kind === 'review' ? [job] : []));
    const reads = {
      userIds,
      // Each write's own row, and the rows acting on its review: its override, its undo.
      logKeys: jobs.flatMap((job) => {
        const { userId } = job;
        const clientReviewId = job.kind === 'review' ? job.body.clientReviewId : job.clientReviewId;
        return [
          clientReviewId,
          ...(['override', 'undo'] as const).map((kind) => revisionId(clientReviewId, kind)),
        ].map((id) => ({ userId, clientReviewId: id }));
      }),
      cardIds: unique(reviews.map((job) => job.body.cardId)),
      pairs: reviews.map((job) => ({
        userId: job.userId,
        cardId: job.body.cardId,
        direction: directionOf(job),
      })),
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
    const [combos = [], learners = [], logs = [], cards = [], progress = []] = lists;
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
    state.#addCards(cards as CardRow[]);
    state.#addProgress(progress as ProgressRow[], reads.pairs);
    const pairs = [...reads.pairs, ...(await state.#readTargets(trx, all, jobs, oneStatement))];
    await state.#readAccess(trx, pairs);
    await state.#readScheduling(trx, all, userIds);
    return state;
  }

  /**
   * Version 2's numbers of each learner and their quick threshold (decision 0030), sent together:
   * the threshold of each is read from their latest 500 exact answers (the batch's own answers
   * leave it as it was when the batch started).
   */
  async #readScheduling(trx: Db, all: SendAll, userIds: string[]) {
    const queries = [
      gradeSettingsQuery(trx, userIds),
      ...userIds.map((userId) => exactTimesQuery(trx, userId, QUICK_WINDOW)),
    ];
    const [grades, ...times] = await all(queries.map((query) => query.compile()));
    for (const row of (grades?.rows ?? []) as Parameters<typeof toGradeSettings>[0][]) {
      if (row) this.#grades.set(row.user_id, toGradeSettings(row));
    }
    for (const [i, userId] of userIds.entries()) {
      const rows = (times[i]?.rows ?? []) as { elapsed_ms: unknown }[];
      // Oldest first; a time of 0 or less is unknown.
      const known = rows.map((row) => Number(row.elapsed_ms)).reverse();
      this.#quick.set(userId, quickThresholdMs(known.map((ms) => (ms > 0 ? ms : null))));
    }
  }

  #addCards(cards: CardRow[]) {
    for (const card of cards) this.#cards.set(card.id, card);
  }

  /** The rows read (both directions of each card), and none for the keys asked that had none. */
  #addProgress(
    rows: ProgressRow[],
    pairs: { userId: string; cardId: string; direction: Direction }[],
  ) {
    for (const { userId, cardId, direction } of pairs) {
      const key = progressKey(userId, cardId, direction);
      if (!this.#progress.has(key)) this.#progress.set(key, null);
    }
    for (const row of rows) {
      const key = progressKey(row.user_id, row.card_id, row.direction);
      const stored = toStoredProgress(row);
      if (stored) this.#stored.set(key, stored);
      this.#progress.set(key, stored);
    }
  }

  /**
   * For each override or undo of a review the log already held (not answered before): the
   * review's card and progress, the learner's log rows on that card and those after the review.
   * One statement where the database allows it (PostgreSQL), else sent together. Answers the
   * (learner, card) pairs read.
   */
  async #readTargets(
    trx: Db,
    all: SendAll,
    jobs: readonly StudyWrite[],
    oneStatement: boolean,
  ): Promise<{ userId: string; cardId: string }[]> {
    const targets = jobs.flatMap((job) => {
      if (job.kind === 'review' || this.log(job.userId, revisionId(job.clientReviewId, job.kind))) {
        return [];
      }
      const target = this.log(job.userId, job.clientReviewId);
      return target?.kind === 'review' ? [target] : [];
    });
    const reviews = [...new Map(targets.map((target) => [target.id, target])).values()];
    if (reviews.length === 0) return [];
    const pairs = reviews.map((row) => ({
      userId: row.user_id,
      cardId: row.card_id,
      direction: row.direction,
    }));
    const reads = {
      targets: reviews.map((row) => ({ userId: row.user_id, cardId: row.card_id, seq: row.seq })),
      cardIds: unique(pairs.map((pair) => pair.cardId)).filter((id) => !this.#cards.has(id)),
      pairs: pairs.filter(
        (pair) => !this.#progress.has(progressKey(pair.userId, pair.cardId, pair.direction)),
      ),
      laterLimit: LATER_ROWS_LIMIT,
    };
    let lists: unknown[][];
    if (oneStatement) {
      const row = (await targetReadStatement(trx, reads).executeTakeFirstOrThrow()) as Record<
        string,
        unknown[]
      >;
      lists = [
        ...reviews.flatMap((_, i) => [row[`card_${i}`] ?? [], row[`after_${i}`] ?? []]),
        row['cards'] ?? [],
        row['progress'] ?? [],
      ];
    } else {
      const queries = targetReadQueries(trx, reads).map((query) => query.compile());
      lists = (await all(queries)).map((result) => result.rows);
    }
    const bySeq = (rows: unknown[]) =>
      (rows as ReviewLogRow[]).sort((a, b) => Number(a.seq) - Number(b.seq));
    // The log of the review's card in its direction: what "latest of its card" is judged on.
    const sameWay = (row: ReviewLogRow) => (rows: unknown[]) =>
      (rows as ReviewLogRow[]).filter((other) => (other.direction ?? 'forward') === row.direction);
    reviews.forEach((row, i) => {
      this.#history.set(row.id, {
        ofCard: bySeq(sameWay(row)(lists[2 * i] ?? [])),
        after: bySeq(lists[2 * i + 1] ?? []),
      });
    });
    this.#addCards((lists[2 * reviews.length] ?? []) as CardRow[]);
    this.#addProgress((lists[2 * reviews.length + 1] ?? []) as ProgressRow[], reads.pairs);
    return pairs;
  }

  /** Whether each learner studies each card they write about: their own, or those they study. */
  async #readAccess(trx: Db, pairs: readonly { userId: string; cardId: string }[]) {
    for (const userId of unique(pairs.map((pair) => pair.userId))) {
      const cardIds = unique(pairs.filter((p) => p.userId === userId).map((p) => p.cardId));
      const cards = cardIds.flatMap((id) => {
        const card = this.#cards.get(id);
        return card ? [card] : [];
      });
      for (const [cardId, access] of await cardStudyAccesses(trx, userId, cards)) {
        this.#access.set(pairKey(userId, cardId), access);
      }
    }
  }

  /**
   * The guess's score and the days reflow may choose from, for a review or an override expected
   * to go through (undefined when it will be refused or replayed: the write itself then says
   * why), so that the load of all of them is read at once.
   */
  prepare(job: StudyWrite): { scored?: GuessScore; days: DayRange | null } | undefined {
    const { userId } = job;
    if (!this.#learners.has(userId)) return undefined;
    const settings = this.settings(userId);
    const range = (days: { firstDay: number; lastDay: number } | null) =>
      days && { userId, ...days };
    if (job.kind === 'undo') return undefined;
    if (job.kind === 'override') {
      const target = this.log(userId, job.clientReviewId);
      if (!target || target.kind !== 'review') return undefined;
      if (this.log(userId, revisionId(job.clientReviewId, 'override'))) return undefined;
      if (this.log(userId, revisionId(job.clientReviewId, 'undo'))) return undefined;
      const input = {
        kind: 'override' as const,
        target: toLoggedReview(target),
        ...(job.grade === undefined ? {} : { grade: job.grade }),
      };
      const before = this.before(userId, target.card_id, target.direction);
      return { days: range(reflowDaysOf(input, before, settings, job.now)) };
    }
    const { body } = job;
    const card = this.#cards.get(body.cardId);
    if (!card || this.log(userId, body.clientReviewId)) return undefined;
    if (this.#access.get(pairKey(userId, card.id)) !== 'study') return undefined;
    const direction = directionOf(job);
    if (direction === 'reverse' && Number(card.asks_reverse) !== 1) return undefined;
    const scored = scoredFor(job, card, settings);
    const before = this.before(userId, card.id, direction);
    const input = {
      kind: 'review' as const,
      scored,
      answeredAt: job.answeredAt,
      elapsedMs: body.elapsedMs,
    };
    return { scored, days: range(reflowDaysOf(input, before, settings, job.now)) };
  }

  log(userId: string, clientReviewId: string) {
    return this.#logs.get(pairKey(userId, clientReviewId));
  }

  /**
   * The card, if the learner studies it: 404 when they may not see it (as for any hidden card),
   * 403 when they may only read it, as the queue answers for its category.
   */
  card(userId: string, cardId: string): CardRow {
    const card = this.#cards.get(cardId);
    assertStudied(card ? this.#access.get(pairKey(userId, cardId)) : undefined);
    if (!card) throw notFound('Card not found');
    return card;
  }

  settings(userId: string): WriterSettings {
    const cached = this.#settings.get(userId);
    if (cached) return cached;
    const learner = this.#learners.get(userId);
    if (!learner) throw new AppError('unauthorized', 'Sign in to continue');
    const settings = {
      ...readSettings(learner.settings),
      ...(this.#grades.get(userId) ?? toGradeSettings(undefined)),
      quickThresholdMs: this.#quick.get(userId) ?? null,
    };
    this.#settings.set(userId, settings);
    return settings;
  }

  before(userId: string, cardId: string, direction: Direction): StoredState {
    return {
      progress: this.#progress.get(progressKey(userId, cardId, direction)) ?? null,
      combo: this.#combos.get(userId) ?? { current: 0, best: 0, bestAt: null },
    };
  }

  /**
   * The learner's log rows on a review's card in its direction, and those written after it
   * (oldest first): what the log held when the batch began, then the batch's own.
   */
  around(target: ReviewLogRow): { ofCard: ReviewLogRow[]; after: ReviewLogRow[] } {
    const read = this.#history.get(target.id) ?? { ofCard: [], after: [] };
    const mine = this.#newLogs.filter((row) => row.user_id === target.user_id);
    return {
      ofCard: [
        ...read.ofCard,
        ...mine.filter(
          (row) => row.card_id === target.card_id && row.direction === target.direction,
        ),
      ],
      after: [...read.after, ...mine.filter((row) => row.seq > target.seq)],
    };
  }

  /** Records one write's outcome (only once it can no longer fail), with its log row's time. */
  record(userId: string, card: CardRow, before: StoredState, applied: Applied, now: number) {
    const { after } = applied;
    const { direction } = applied.log;
    const key = progressKey(userId, card.id, direction);
    this.load.move(userId, before.progress?.dueAt ?? null, after.progress?.dueAt ?? null);
    this.#progress.set(key, after.progress);
    this.#written.set(key, { userId, card, direction });
    this.#combos.set(userId, after.combo);
    const learner = this.#learners.get(userId);
    if (!learner) throw new Error('learner of a recorded write was not read');
    learner.seq += 1;
    const row: ReviewLogRow = {
      id: timeOrderedId(now),
      user_id: userId,
      seq: learner.seq,
      ...applied.log,
    };
    this.#newLogs.push(row);
    this.#logs.set(pairKey(userId, row.client_review_id), row);
  }

  /**
   * The batch's writes after its last one: in one statement where the database allows it
   * (PostgreSQL), else sent together (SQLite's writer runs them in its own thread). Each
   * progress row is compared with what was read: new, changed, put back whole, or gone.
   */
  async write(trx: Db, all: SendAll, oneStatement: boolean): Promise<void> {
    if (this.#written.size === 0) return;
    const writes = batchWrites(
      [...this.#written.values()].map(({ userId, card, direction }) => {
        const key = progressKey(userId, card.id, direction);
        return {
          userId,
          card,
          direction,
          progress: this.#progress.get(key) ?? null,
          read: this.#stored.get(key),
        };
      }),
      unique(this.#newLogs.map((row) => row.user_id)).map((userId) => ({
        userId,
        combo: this.#combos.get(userId) ?? { current: 0, best: 0, bestAt: null },
      })),
      this.#newLogs,
    );
    if (oneStatement) await all(batchWriteStatements(trx, writes));
    else await all(batchWriteQueries(trx, writes));
  }
}

/** The guess scored against what the direction asks for (expectedOf). */
export const score = (
  guess: string,
  card: CardRow,
  direction: Direction,
  settings: Pick<WriterSettings, 'guessSuccessMinimumScore'>,
) => {
  const { answers, language } = expectedOf(card, direction);
  return scoreGuess(guess, answers, { language, minimumScore: settings.guessSuccessMinimumScore });
};

/**
 * The score the review came with, while the card still asks for what it was scored against
 * (an edit committed between the two is rare: the guess is then scored again, here).
 */
export function scoredFor(
  job: ReviewJob,
  card: CardRow,
  settings: Pick<WriterSettings, 'guessSuccessMinimumScore'>,
): GuessScore {
  const direction = directionOf(job);
  const { answers, language } = expectedOf(card, direction);
  const given = job.scored;
  const same =
    given !== null &&
    given.language === language &&
    given.answers.length === answers.length &&
    given.answers.every((answer, i) => answer === answers[i]);
  return same ? given.scored : score(job.body.guess, card, direction, settings);
}
