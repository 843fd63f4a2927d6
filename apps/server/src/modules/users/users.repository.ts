import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { usernameSkeleton } from './username-skeleton';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<Omit<UsersTable, 'id'>>;

/** The case-insensitive key of a username (users.username_lower). */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}

/** The case-insensitive key of an e-mail address (users.email_lower). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', emailKey(email))
    .executeTakeFirst();
}

/**
 * The accounts whose username is this one without case, or looks the same (the same confusable
 * skeleton): those a sign-up or a rename to it would collide with.
 */
export async function findUsernameHolders(db: Db, username: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('username_lower', '=', usernameKey(username)),
        eb('username_skeleton', '=', usernameSkeleton(username)),
      ]),
    )
    .execute();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', usernameKey(username))
    .executeTakeFirst();
}

/** A username (case-insensitive) or an e-mail: usernames cannot contain "@", so never both. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('username_lower', '=', usernameKey(login)),
        eb('email_lower', '=', emailKey(login)),
      ]),
    )
    .executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Updates the given columns; answers whether the user existed. */
export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<boolean> {
  const result = await db.updateTable('users').set(patch).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the user's row lock until the transaction ends (a write of nothing: SQLite's transactions
 * hold the one write lock anyway; PostgreSQL's NO KEY UPDATE lock, which the foreign keys of rows
 * inserted for the user do not wait for). False when the user is gone.
 */
export async function lockUserRow(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the lock of the learner's combo row (a write of nothing), which every study write takes
 * first (the study writer's lockCombosQuery): an account deletion takes it before deleting the
 * user row, whose cascade deletes the combo row, so that it waits for a study write under way
 * instead of the two waiting on each other (PostgreSQL's deadlock: the writer held the combo row
 * and waited for the user row's key, the deletion the other way round). Nothing when the learner
 * never studied.
 */
export async function lockLearnerCombo(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('combos')
    .set((eb) => ({ current: eb.ref('current') }))
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes the user; sessions, one-time tokens and feedback go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Which of these users are admins whose account is not disabled. */
export async function listAdminsAmong(db: Db, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids.slice(start, start + 1000))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute();
    found.push(...rows.map((row) => row.id));
  }
  return found;
}

/** A user row as the admins' users tab reads it: with the last use of a session and the cards. */
export type AdminUserRow = UserRow & { last_active_at: number | null; card_count: number };

export interface AdminUserListKey {
  sort: 'created' | 'username' | 'email';
  order: 'asc' | 'desc';
  /** After this row (the previous page's last): its sort value and id. */
  after?: { value: string | number; id: string };
  /** A prefix of username_lower or email_lower (already folded), or undefined. */
  prefix?: string;
  /** This user only (the row an admin action answers). */
  id?: string;
  limit: number;
}

const sortColumn = {
  created: 'users.created_at',
  username: 'users.username_lower',
  email: 'users.email_lower',
} as const;

/** The highest code point: a prefix's strings all sort before the prefix followed by it. */
const afterEveryText = String.fromCodePoint(0x10ffff);

/**
 * A page of users for the admins, by a prefix of the username or the e-mail address: the prefix
 * is a range of the unique lower-case indexes (SQLite compares text byte by byte) or a LIKE that
 * their text_pattern_ops indexes answer (PostgreSQL, whatever the database's collation; migration
 * 0022). Keyset pagination on (sort value, id).
 */
export async function listUsersForAdmins(
  db: Db,
  postgres: boolean,
  key: AdminUserListKey,
): Promise<AdminUserRow[]> {
  const column = sortColumn[key.sort];
  const direction = key.order;
  const prefix = key.prefix;
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => [
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max<number | null>('sessions.last_used_at').as('m'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_active_at'),
      eb
        .selectFrom('cards')
        .select((s) => s.fn.countAll<string | number>().as('c'))
        .whereRef('cards.owner_id', '=', 'users.id')
        .as('card_count'),
    ]);
  if (key.id !== undefined) query = query.where('users.id', '=', key.id);
  if (prefix) {
    // A prefix most users match ("a") is read along the sort's index, filtering, since a page
    // fills after a few hundred rows; a rarer one through the prefix indexes, then sorted. The
    // index of the prefix is kept from the first plan by an expression around its column.
    // PostgreSQL's planner weighs both plans from its statistics of the prefix indexes; SQLite's
    // is told by a count of the matches up to broadPrefixRows.
    const broad =
      !postgres &&
      (await countPrefixMatches(db, postgres, prefix, broadPrefixRows)) >= broadPrefixRows;
    query = query.where(() => prefixMatch(postgres, prefix, broad));
  }
  const after = key.after;
  if (after) {
    const op = direction === 'asc' ? '>' : '<';
    // Username and e-mail are unique: their value alone places the row. Created: the pair, as
    // a row value, which both databases read as one range of (created_at, id).
    query =
      key.sort === 'created'
        ? query.where((eb) =>
            eb(
              eb.refTuple('users.created_at', 'users.id'),
              op,
              eb.tuple(Number(after.value), after.id),
            ),
          )
        : query.where(column, op, String(after.value));
  }
  // Username and e-mail are unique: their index alone gives the order (an id after them would
  // make a database sort the matches).
  query = query.orderBy(column, direction);
  if (key.sort === 'created') query = query.orderBy('users.id', direction);
  const rows = await query.limit(key.limit).execute();
  return rows.map((row) => ({
    ...row,
    last_active_at: row.last_active_at === null ? null : Number(row.last_active_at),
    card_count: Number(row.card_count ?? 0),
  }));
}

/** Past this many matches, a prefix is read along the sort's index rather than its own. */
const broadPrefixRows = 500;

/** The users whose username or e-mail starts with the prefix (already folded), as a condition. */
function prefixMatch(postgres: boolean, prefix: string, broad: boolean) {
  const wrap = (column: 'users.username_lower' | 'users.email_lower') =>
    broad
      ? postgres
        ? sql`(${sql.ref(column)} || '')`
        : sql`+${sql.ref(column)}`
      : sql.ref(column);
  if (postgres) {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<boolean>`(${wrap('users.username_lower')} like ${pattern} or ${wrap('users.email_lower')} like ${pattern})`;
  }
  const end = prefix + afterEveryText;
  return sql<boolean>`((${wrap('users.username_lower')} >= ${prefix} and ${wrap('users.username_lower')} < ${end}) or (${wrap('users.email_lower')} >= ${prefix} and ${wrap('users.email_lower')} < ${end}))`;
}

/** How many users the prefix matches, counted up to `max` through the prefix indexes. */
async function countPrefixMatches(
  db: Db,
  postgres: boolean,
  prefix: string,
  max: number,
): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('users')
        .select('users.id')
        .where(() => prefixMatch(postgres, prefix, false))
        .limit(max)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many admins' accounts are not disabled. */
/**
 * Locks every active admin's row (a write of nothing, as lockUserRow) and answers how many there
 * are: two demotions at once count one after the other (on PostgreSQL the second waits, then
 * finds the first's admin no longer active).
 */
export async function lockActiveAdmins(db: Db): Promise<number> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
