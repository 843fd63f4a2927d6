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
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  feedback: FeedbackTable;
  categories: CategoriesTable;
  category_members: CategoryMembersTable;
  cards: CardsTable;
}
