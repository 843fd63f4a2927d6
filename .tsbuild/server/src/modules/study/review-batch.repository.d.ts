import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CombosTable, ProgressTable, ReviewLogTable } from '../../db/schema';
/**
 * The learners' combo rows, created when missing and, on PostgreSQL, locked until the transaction
 * ends (the no-op update takes the row lock, in id order so two transactions never wait on each
 * other in a cycle): every study write of a learner goes through this row, so writes from other
 * transactions wait their turn. SQLite has one writer anyway.
 */
export declare const lockCombosQuery: (db: Db, userIds: string[]) => import("kysely").InsertQueryBuilder<import("../../db/schema").Database, "combos", {
    user_id: string;
    current: number;
    best: number;
    best_at: number | null;
}>;
/** The learners' settings JSON and the last seq of their log. */
export declare const learnersQuery: (db: Db, userIds: string[]) => import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "users", {
    id: string;
    settings: string;
    max_seq: number | null;
}>;
export declare const logsByClientIdsQuery: (db: Db, keys: readonly {
    userId: string;
    clientReviewId: string;
}[]) => import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "review_log", {
    id: string;
    user_id: string;
    kind: "review" | "override" | "undo";
    card_id: string;
    seq: number;
    client_review_id: string;
    target_id: string | null;
    reviewed_at: number;
    guess: string;
    score: number;
    success: number;
    grade: number;
    elapsed_ms: number;
    state_before: string;
    state_after: string;
    result: string;
}>;
export declare const cardsByIdsQuery: (db: Db, ids: string[]) => import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "cards", {
    id: string;
    created_at: number;
    updated_at: number;
    owner_id: string;
    from_language_code: string;
    to_language_code: string;
    category_id: string | null;
    front: string;
    front_lower: string;
    answers: string;
    search_text: string;
    notes: string;
    owner_studied: number;
}>;
export declare const progressOfPairsQuery: (db: Db, pairs: readonly {
    userId: string;
    cardId: string;
}[]) => import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "progress", {
    created_at: number;
    user_id: string;
    category_id: string | null;
    card_id: string;
    elevation: number;
    period: number;
    lapses: number;
    reps: number;
    last_review_at: number | null;
    due_at: number | null;
    suspended: number;
    foreign_card: number;
}>;
/** UTC days `firstDay` to `lastDay` (day numbers since the epoch) of one learner. */
export interface DayRange {
    userId: string;
    firstDay: number;
    lastDay: number;
}
/**
 * The learners' daily load over some day ranges: how many of their progress rows fall due on each
 * UTC day (user → day → count). One statement; each range is one range of the (user_id, due_at, …)
 * index.
 */
export declare function countDueOnDays(db: Db, ranges: readonly DayRange[]): Promise<Map<string, Map<number, number>>>;
export interface BatchWrites {
    /** Schedules of cards the learner studies for the first time (no row when the batch began). */
    newProgress: Insertable<ProgressTable>[];
    /** Schedules of rows that existed when the batch began. */
    progress: Insertable<ProgressTable>[];
    /** Cards studied by their owner for the first time (they leave the owner's new cards). */
    firstOwn: string[];
    combos: Insertable<CombosTable>[];
    logs: Insertable<ReviewLogTable>[];
}
/**
 * A batch's writes as separate statements (SQLite, which sends them to its writer together), the
 * log last. Its transaction took the write lock before reading, so the rows read are still there
 * and no other row appeared: existing rows are updated one by one, new ones inserted (the upsert
 * stays, should that ever change); the log rows are inserted one by one.
 */
export declare function batchWriteQueries(db: Db, writes: BatchWrites): CompiledQuery[];
/**
 * A batch's writes in one PostgreSQL statement (data-modifying WITH clauses): one round trip
 * instead of four. Each touches its own table, so none needs to see another's rows.
 */
export declare function batchWriteStatement(db: Db, writes: BatchWrites): import("kysely").InsertQueryBuilder<import("../../db/schema").Database & {
    written_progress: {
        card_id: string;
    };
} & {
    written_combos: {
        user_id: string;
    };
}, "review_log", import("kysely").InsertResult>;
/** The reads of a batch, after its combo rows are locked. */
export interface BatchReads {
    userIds: string[];
    logKeys: {
        userId: string;
        clientReviewId: string;
    }[];
    cardIds: string[];
    pairs: {
        userId: string;
        cardId: string;
    }[];
}
/** A batch's reads as separate statements (SQLite, which sends them to its writer together). */
export declare function batchReadQueries(db: Db, reads: BatchReads): (import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "cards", {
    id: string;
    created_at: number;
    updated_at: number;
    owner_id: string;
    from_language_code: string;
    to_language_code: string;
    category_id: string | null;
    front: string;
    front_lower: string;
    answers: string;
    search_text: string;
    notes: string;
    owner_studied: number;
}> | import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "users", {
    id: string;
    settings: string;
    max_seq: number | null;
}> | import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "review_log", {
    id: string;
    user_id: string;
    kind: "review" | "override" | "undo";
    card_id: string;
    seq: number;
    client_review_id: string;
    target_id: string | null;
    reviewed_at: number;
    guess: string;
    score: number;
    success: number;
    grade: number;
    elapsed_ms: number;
    state_before: string;
    state_after: string;
    result: string;
}> | import("kysely").SelectQueryBuilder<import("../../db/schema").Database, "progress", {
    created_at: number;
    user_id: string;
    category_id: string | null;
    card_id: string;
    elevation: number;
    period: number;
    lapses: number;
    reps: number;
    last_review_at: number | null;
    due_at: number | null;
    suspended: number;
    foreign_card: number;
}>)[];
/** A batch's reads in one PostgreSQL statement, each list a JSON array: one round trip, not four. */
export declare function batchReadStatement(db: Db, reads: BatchReads): import("kysely").SelectQueryBuilder<import("../../db/schema").Database, never, {
    learners: {
        id: string;
        settings: string;
        max_seq: number | null;
    }[];
    logs: {
        id: string;
        user_id: string;
        kind: "review" | "override" | "undo";
        card_id: string;
        seq: number;
        client_review_id: string;
        target_id: string | null;
        reviewed_at: number;
        guess: string;
        score: number;
        success: number;
        grade: number;
        elapsed_ms: number;
        state_before: string;
        state_after: string;
        result: string;
    }[];
    cards: {
        id: string;
        created_at: number;
        updated_at: number;
        owner_id: string;
        from_language_code: string;
        to_language_code: string;
        category_id: string | null;
        front: string;
        front_lower: string;
        answers: string;
        search_text: string;
        notes: string;
        owner_studied: number;
    }[];
    progress: {
        created_at: number;
        user_id: string;
        category_id: string | null;
        card_id: string;
        elevation: number;
        period: number;
        lapses: number;
        reps: number;
        last_review_at: number | null;
        due_at: number | null;
        suspended: number;
        foreign_card: number;
    }[];
}>;
