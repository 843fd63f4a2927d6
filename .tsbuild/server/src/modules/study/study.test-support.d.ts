import type { TestApp } from '../../../test/app';
import { type TestUser } from '../../../test/factories';
/**
 * The calls and reads that the study and stats tests share, on a test app whose clock the tests
 * move by hand: `app` gives the file's app, `move` moves its clock.
 */
export declare function studyCalls(app: () => TestApp, move: (ms: number) => void, { elapsedMs }?: {
    elapsedMs?: number;
}): {
    api: () => {
        call: (method: "DELETE" | "GET" | "PATCH" | "POST", url: string, user: TestUser | undefined, payload?: unknown) => Promise<import("../../../test/app").TestResponse>;
        must: (method: "DELETE" | "GET" | "PATCH" | "POST", url: string, user: TestUser, payload?: unknown) => Promise<Record<string, unknown>>;
    };
    db: () => import("../../db/database").Db;
    advance: (ms: number, ...users: TestUser[]) => Promise<void>;
    newCard: (user: TestUser, overrides?: Record<string, unknown>) => Promise<string>;
    reviewCall: (user: TestUser | undefined, cardId: string, guess: string, id?: string) => Promise<import("../../../test/app").TestResponse>;
    answer: (user: TestUser, cardId: string, guess: string, id?: string) => Promise<Record<string, unknown> & {
        issues?: {
            path: string;
            message: string;
        }[];
    }>;
    answerId: (user: TestUser, cardId: string, guess: string, id?: `${string}-${string}-${string}-${string}-${string}`) => Promise<`${string}-${string}-${string}-${string}-${string}`>;
    progressOf: (userId: string, cardId: string) => Promise<{
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
    } | undefined>;
    logOf: (userId: string) => Promise<{
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
    }[]>;
    queue: (user: TestUser, query?: string) => Promise<{
        items: {
            cardId: string;
            kind: string;
        }[];
        dueCount: number;
        newCount: number;
    }>;
};
