import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoryInvitationsTable } from '../../db/schema';

/** An invitation with the names its answers show (its category's, its owner's, its invitee's). */
export type InvitationRow = Selectable<CategoryInvitationsTable> & {
  category_name: string | null;
  category_visibility: 'private' | 'shared' | 'public' | null;
  category_path: string | null;
  owner_username: string;
  invitee_username: string;
};

const selectInvitations = (db: Db) =>
  db
    .selectFrom('category_invitations as i')
    .leftJoin('categories as c', 'c.id', 'i.category_id')
    .innerJoin('users as o', 'o.id', 'i.owner_id')
    .innerJoin('users as u', 'u.id', 'i.invitee_id')
    .selectAll('i')
    .select([
      'c.name as category_name',
      'c.visibility as category_visibility',
      'c.path as category_path',
      'o.username as owner_username',
      'u.username as invitee_username',
    ]);

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return selectInvitations(db).where('i.id', '=', id).executeTakeFirst();
}

/** The pending invitations of one category, oldest first. */
export async function listPendingOfCategory(db: Db, categoryId: string): Promise<InvitationRow[]> {
  return selectInvitations(db)
    .where('i.category_id', '=', categoryId)
    .where('i.status', '=', 'pending')
    .orderBy('i.created_at', 'asc')
    .orderBy('i.id', 'asc')
    .execute();
}

/**
 * The learner's pending invitations they may answer now: their category exists and is not
 * private (a private one pauses them), newest first, `limit` at most.
 */
export async function listPendingOfInvitee(
  db: Db,
  inviteeId: string,
  limit: number,
): Promise<InvitationRow[]> {
  return selectInvitations(db)
    .where('i.invitee_id', '=', inviteeId)
    .where('i.status', '=', 'pending')
    .where('c.visibility', 'in', ['shared', 'public'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findPendingInvitation(
  db: Db,
  categoryId: string,
  inviteeId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('category_invitations')
    .select('id')
    .where('category_id', '=', categoryId)
    .where('invitee_id', '=', inviteeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Members of the category plus its pending invitations (the members' limit counts both). */
export async function countSeats(db: Db, categoryId: string): Promise<number> {
  const members = await db
    .selectFrom('category_members')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('category_invitations')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('category_id', '=', categoryId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(members.count) + Number(pending.count);
}

/** The times of the invitations the owner sent since `since`, oldest first. */
export async function listSentSince(db: Db, ownerId: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('category_invitations')
    .select('created_at')
    .where('owner_id', '=', ownerId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => row.created_at);
}

/**
 * Forgets the owner's invitations that no longer matter: answered, cancelled or without their
 * category, and older than `before` (out of the daily window). Pending ones stay.
 */
export async function pruneAnswered(db: Db, ownerId: string, before: number): Promise<void> {
  await db
    .deleteFrom('category_invitations')
    .where('owner_id', '=', ownerId)
    .where('created_at', '<=', before)
    .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('category_id', 'is', null)]))
    .execute();
}

/**
 * Holds the category against deletion until the transaction ends (PostgreSQL; SQLite's write
 * transactions are serial already), taken before the invitation's row: a deletion takes the
 * category first and the invitations after it, so the same order never deadlocks. False when
 * the category is gone.
 */
export async function holdCategory(
  db: Db,
  categoryId: string,
  postgres: boolean,
): Promise<boolean> {
  let query = db.selectFrom('categories').select('id').where('id', '=', categoryId);
  if (postgres) query = query.forKeyShare();
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertInvitation(
  db: Db,
  row: Insertable<CategoryInvitationsTable>,
): Promise<void> {
  await db.insertInto('category_invitations').values(row).execute();
}

/**
 * Answers a pending invitation (accepted, declined, cancelled) if it is still pending and its
 * category still exists; false when another answer or the category's deletion came first.
 */
export async function answerPending(
  db: Db,
  id: string,
  status: 'accepted' | 'declined' | 'cancelled',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('category_invitations')
    .set({ status, responded_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('category_id', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
