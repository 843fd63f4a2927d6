import type { Generated, Kysely } from 'kysely';

/**
 * The tables as Kysely sees them. Times are epoch milliseconds (bigint, read as number on both
 * dialects); booleans are 0/1 integers so one set of queries runs on SQLite and PostgreSQL.
 * See docs/decisions/0003-database.md.
 */
export interface UsersTable {
  id: string;
  username: string;
  username_lower: string;
  /** Unicode TR39 confusable skeleton of the username, without case; unique (decision 0017). */
  username_skeleton: string;
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
  /** The interface language (an interfaceLocales entry of the contract; decision 0037); 'en' by default. */
  locale: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_id: string;
  user_id: string;
  /** The current generation of this session's refresh token. */
  refresh_digest: string;
  /**
   * The generation the last refresh replaced, presentable again for a short grace after
   * `rotated_at` (decision 0017); null when none may be.
   */
  previous_refresh_digest: string | null;
  rotated_at: number | null;
  user_agent: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OneTimeTokensTable {
  id: string;
  user_id: string;
  /** change_email: the link that confirms a new address (`email`) before it replaces the old. */
  kind: 'verify_email' | 'reset_password' | 'change_email';
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
  /** report: a public deck reported from explore (its link in `page`). */
  kind: 'bug' | 'idea' | 'other' | 'report';
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
  /**
   * Name and description as search indexes them (searchDocument, decision 0021): written by the
   * repository's inserts and by the changes of either.
   */
  search_doc: Generated<string>;
  visibility: 'private' | 'shared' | 'public';
  from_language_code: string | null;
  to_language_code: string | null;
  created_at: number;
  updated_at: number;
  /** 1 when created, raised by every write of the row in its own statement (decision 0015). */
  version: Generated<number>;
  /**
   * 1: its cards that follow their category (`reverse` = inherit) are asked in reverse too
   * (decision 0027).
   */
  reverse_default: Generated<number>;
  /** Learners who joined the deck (kept by join, leave and account deletion; decision 0022). */
  learner_count: Generated<number>;
  /** When it was last made public (explore's "new" order); 0 when never. */
  published_at: Generated<number>;
  /** A copy of a public deck: the deck, its name and owner's username then, and when. */
  copied_from_id: string | null;
  copied_from_name: string | null;
  copied_from_owner: string | null;
  copied_at: number | null;
}

export interface CategoryMembersTable {
  category_id: string;
  user_id: string;
  role: 'viewer' | 'editor';
  created_at: number;
}

/** A learner studies a public deck they joined, with their own schedule (decision 0022). */
export interface CategoryJoinsTable {
  category_id: string;
  user_id: string;
  created_at: number;
}

export interface CategoryInvitationsTable {
  id: string;
  /** Null once the category is deleted (the row then only counts for the owner's daily limit). */
  category_id: string | null;
  /** The category's owner, who invited. */
  owner_id: string;
  invitee_id: string;
  role: 'viewer' | 'editor';
  status: 'pending' | 'accepted' | 'declined' | 'cancelled';
  created_at: number;
  responded_at: number | null;
}

export interface CardsTable {
  id: string;
  owner_id: string;
  category_id: string | null;
  front: string;
  front_lower: string;
  /** The front's duplicate key (packages/srs text-keys): equal keys, same front (decision 0023). */
  front_key: string;
  /** The front's sort key in its language, compared code unit by code unit (decision 0023). */
  front_sort: string;
  /** The accepted answers as a JSON array of strings. */
  answers: string;
  /** Front and answers with case and accents folded (searchKey), for the list's text filter. */
  search_text: string;
  /**
   * Front, answers and notes as search indexes them (searchDocument, decision 0021): written by
   * the repository's inserts and by the changes of any of them.
   */
  search_doc: Generated<string>;
  notes: string;
  from_language_code: string;
  to_language_code: string;
  created_at: number;
  updated_at: number;
  /**
   * 1 when created, raised by every change of the card's own fields in the statement that makes it
   * (decision 0015); the study's bookkeeping below does not raise it.
   */
  version: Generated<number>;
  /**
   * 1 once the owner has a forward progress row for the card (kept by the study module only); the
   * reverse direction's new items are found through `reverse` (decision 0027).
   */
  owner_studied: Generated<number>;
  /** Whether the card is asked in reverse too: as its category says, or always, or never. */
  reverse: Generated<CardReverse>;
  /**
   * The Anki card it was imported from, `<ordinal>:<note guid>` (decision 0035): unique per owner,
   * so that a package imported again skips it; null for every other card.
   */
  anki_key: string | null;
}

/** Which way a card is asked: front → answers, or answers → front (decision 0027). */
export type Direction = 'forward' | 'reverse';
/** A card's choice of the reverse direction: its category's default, always, or never. */
export type CardReverse = 'inherit' | 'on' | 'off';

export interface ProgressTable {
  user_id: string;
  card_id: string;
  /** One schedule per card and direction (forward for every row made before 0019). */
  direction: Generated<Direction>;
  /** The card's category when first studied (for the new-cards-per-day count). */
  category_id: string | null;
  elevation: number;
  /** Whole days. */
  period: number;
  lapses: number;
  /** Version 2's difficulty: the card's failures, a first-sight miss weighted (0021). */
  difficulty: Generated<number>;
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
  /** The direction answered (an override or undo: its review's). */
  direction: Generated<Direction>;
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

/** Failed sign-ins of one login from one client address, and the wait they earned (0018). */
export interface SignInFailuresTable {
  /** Keyed hash of the login as matched (username or e-mail, without case). */
  login_key: string;
  /** Keyed hash of the client's address (its /64 for IPv6). */
  address_key: string;
  /** Attempts not followed by a success; an attempt counts from its start (decision 0018). */
  failures: number;
  last_failure_at: number;
  /** No attempt of this login from this address is checked before this time. */
  locked_until: number;
}

/** A fixed-window counter of one limited action of one account or address (decision 0017). */
export interface RateCountersTable {
  /** The limit's name and whom it counts: `mail-user:<user id>`, `mail-address:<address>`… */
  key: string;
  window_start: number;
  count: number;
}

/** The learner's daily limits and day start (decision 0025); no row: the defaults. */
export interface StudySettingsTable {
  user_id: string;
  new_cards_per_day: number;
  reviews_per_day: number;
  day_start_hour: number;
  /** IANA time zone; null until set (the browser sets it at first use). */
  time_zone: string | null;
  updated_at: number;
}

/** The seven numbers version 2 adds, per learner (0021; no row: the defaults, decision 0030). */
/** The learner's review log summed per learner day (decision 0036), refreshed when read. */
export interface StatsDaysTable {
  user_id: string;
  /** The learner's date of the day (YYYY-MM-DD). */
  day: string;
  /** Answers not undone, first answers of new cards included. */
  reviews: number;
  successes: number;
  /** First answers of cards (or directions) never studied before. */
  new_cards: number;
  /** Answers of due cards, by the interval before them: young under 21 days, mature from 21. */
  young_passed: number;
  young_failed: number;
  mature_passed: number;
  mature_failed: number;
  /** Answer time, each answer's capped. */
  time_ms: number;
  /** The longest combo the day's answers reached. */
  best_combo: number;
}

/** How far stats_days holds the learner's log, and the day boundary it was summed with. */
export interface StatsLogMarkTable {
  user_id: string;
  seq: number;
  time_zone: string;
  day_start_hour: number;
}

/**
 * A copy of each deleted log row the learner's days held (a trigger on review_log writes it):
 * taken out of their days at the next read (decision 0036's addendum).
 */
export interface StatsLogGoneTable {
  id: Generated<number>;
  user_id: string;
  log_id: string;
  kind: 'review' | 'override' | 'undo';
  target_id: string | null;
  seq: number;
  reviewed_at: number;
  success: number;
  elapsed_ms: number;
  state_before: string;
  state_after: string;
}

/** The learner's own cards per category by how far they are learnt (decision 0036). */
export interface StatsCategoriesTable {
  user_id: string;
  /** The category's id, '' for the cards without one. */
  category_key: string;
  new_cards: number;
  learning: number;
  known: number;
}

/** What stats_categories was counted from: the log up to seq, and the cards and categories then. */
export interface StatsCategoriesMarkTable {
  user_id: string;
  seq: number;
  cards: number;
  /** The learner's stats_card_moves.moves when the counts were made. */
  card_moves: number;
  categories: number;
}

/** Cards moved to another category or owner, per learner (a trigger counts them; 0029). */
export interface StatsCardMovesTable {
  user_id: string;
  moves: number;
}

export interface SchedulerSettingsTable {
  user_id: string;
  initial_elevation_missed: number;
  initial_elevation_close: number;
  initial_elevation_exact: number;
  initial_elevation_quick: number;
  close_gain_factor: number;
  quick_gain_factor: number;
  first_miss_difficulty: number;
  updated_at: number;
}

/** Learners whose progress waits for version 2's replay (0021; decision 0030). */
export interface ProgressReplayPendingTable {
  user_id: string;
}

/** The progress of a learner's running fit, for every instance to read (decision 0030). */
export interface FitProgressTable {
  user_id: string;
  /** The run that wrote it: only that run updates or deletes it. */
  run_id: string;
  started_at: number;
  evaluations: number;
  /** When the running instance last wrote it: a row left long is a fit whose instance died. */
  updated_at: number;
}

/** One admin action (decision 0033); no foreign keys, so it outlives its actor and target. */
export interface AdminAuditTable {
  id: string;
  actor_id: string;
  actor_username: string;
  action: string;
  /** A user's id, or a feedback item's. */
  target_id: string;
  /** The target user's username then; '' for a feedback item. */
  target_username: string;
  /** JSON objects of the fields the action changed, before and after. */
  before: string;
  after: string;
  created_at: number;
}

/** A learner's Stripe customer and subscription as the webhook last told (decision 0034). */
export interface SubscriptionsTable {
  user_id: string;
  customer_id: string;
  subscription_id: string | null;
  status: string;
  period_end: number | null;
  cancel_at_period_end: number;
  grace_until: number | null;
  /** When the end of that grace period was announced (`plan.changed`); null until then. */
  grace_ended_at: number | null;
  state_at: number;
  updated_at: number;
}

/** A Stripe webhook event handled already (each is handled once, by its id). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: number;
}

export interface Database {
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  feedback: FeedbackTable;
  admin_audit: AdminAuditTable;
  categories: CategoriesTable;
  category_members: CategoryMembersTable;
  category_invitations: CategoryInvitationsTable;
  category_joins: CategoryJoinsTable;
  cards: CardsTable;
  progress: ProgressTable;
  review_log: ReviewLogTable;
  combos: CombosTable;
  sign_in_failures: SignInFailuresTable;
  rate_counters: RateCountersTable;
  study_settings: StudySettingsTable;
  stats_days: StatsDaysTable;
  stats_log_mark: StatsLogMarkTable;
  stats_log_gone: StatsLogGoneTable;
  stats_categories: StatsCategoriesTable;
  stats_categories_mark: StatsCategoriesMarkTable;
  stats_card_moves: StatsCardMovesTable;
  scheduler_settings: SchedulerSettingsTable;
  progress_replay_pending: ProgressReplayPendingTable;
  fit_progress: FitProgressTable;
}

/** The executor of every query: the database or a transaction on it. */
export type Db = Kysely<Database>;
