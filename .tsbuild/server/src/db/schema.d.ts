import type { Generated } from 'kysely';
/**
 * The tables as Kysely sees them. Times are epoch milliseconds (bigint, read as number on both
 * dialects); booleans are 0/1 integers so one set of queries runs on SQLite and PostgreSQL.
 * See docs/decisions/0003-database.md.
 */
export interface UsersTable {
    id: string;
    username: string;
    username_lower: string;
    email: string;
    email_lower: string;
    email_verified: number;
    password_hash: string;
    role: 'user' | 'admin';
    is_freeloaded: number;
    disabled: number;
    security_stamp: string;
    /** The learning settings of UserInfo as JSON (LearningSettings of the contract). */
    settings: string;
    created_at: number;
    updated_at: number;
}
export interface SessionsTable {
    token_id: string;
    user_id: string;
    /** The current generation of this session's refresh token. */
    refresh_digest: string;
    user_agent: string;
    created_at: number;
    last_used_at: number;
    expires_at: number;
    revoked_at: number | null;
}
export interface OneTimeTokensTable {
    id: string;
    user_id: string;
    kind: 'verify_email' | 'reset_password';
    /** SHA-256 of the token sent by mail; the token itself is never stored. */
    token_hash: string;
    email: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
}
export interface FeedbackTable {
    id: string;
    user_id: string;
    kind: 'bug' | 'idea' | 'other';
    message: string;
    page: string;
    status: 'new' | 'read' | 'resolved';
    created_at: number;
    updated_at: number;
}
export interface CategoriesTable {
    id: string;
    owner_id: string;
    parent_id: string | null;
    /** parent_id, or '' at the root (sibling names are unique per owner and parent_key). */
    parent_key: string;
    /** The ids from the root down to this category, joined by '/'. */
    path: string;
    /** 1 at the root. */
    depth: number;
    name: string;
    name_lower: string;
    description: string;
    visibility: 'private' | 'shared' | 'public';
    from_language_code: string | null;
    to_language_code: string | null;
    created_at: number;
    updated_at: number;
}
export interface CategoryMembersTable {
    category_id: string;
    user_id: string;
    role: 'viewer' | 'editor';
    created_at: number;
}
export interface CardsTable {
    id: string;
    owner_id: string;
    category_id: string | null;
    front: string;
    front_lower: string;
    /** The accepted answers as a JSON array of strings. */
    answers: string;
    /** Lower-cased front and answers, for the list's text filter. */
    search_text: string;
    notes: string;
    from_language_code: string;
    to_language_code: string;
    created_at: number;
    updated_at: number;
    /** 1 once the owner has a progress row for the card (kept by the study module only). */
    owner_studied: Generated<number>;
}
export interface ProgressTable {
    user_id: string;
    card_id: string;
    /** The card's category when first studied (for the new-cards-per-day count). */
    category_id: string | null;
    elevation: number;
    /** Whole days. */
    period: number;
    lapses: number;
    reps: number;
    last_review_at: number | null;
    due_at: number | null;
    suspended: number;
    /** When the learner first studied the card. */
    created_at: number;
    /** 1 when the card belongs to someone else (studied through a shared category). */
    foreign_card: Generated<number>;
}
export interface ReviewLogTable {
    id: string;
    user_id: string;
    card_id: string;
    /** The learner's own order of writes. */
    seq: number;
    client_review_id: string;
    kind: 'review' | 'override' | 'undo';
    /** The review an override or undo acts on. */
    target_id: string | null;
    reviewed_at: number;
    guess: string;
    score: number;
    success: number;
    grade: number;
    elapsed_ms: number;
    /** JSON { progress, combo } before and after this row. */
    state_before: string;
    state_after: string;
    /** JSON of the answer given (ReviewResult or UndoResult of the contract). */
    result: string;
}
export interface CombosTable {
    user_id: string;
    current: number;
    best: number;
    best_at: number | null;
}
export interface Database {
    users: UsersTable;
    sessions: SessionsTable;
    one_time_tokens: OneTimeTokensTable;
    feedback: FeedbackTable;
    categories: CategoriesTable;
    category_members: CategoryMembersTable;
    cards: CardsTable;
    progress: ProgressTable;
    review_log: ReviewLogTable;
    combos: CombosTable;
}
