import type { Db } from '../../db/database';
import { inSubtree } from './categories.repository';

/** Ids per statement when a list of ids is bound (far below both dialects' limits). */
const idsPerStatement = 1000;

/** The users with a membership on any of these categories (the path of one, usually). */
export async function listMemberIdsOn(db: Db, categoryIds: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let start = 0; start < categoryIds.length; start += idsPerStatement) {
    const rows = await db
      .selectFrom('category_members')
      .select('user_id')
      .where('category_id', 'in', categoryIds.slice(start, start + idsPerStatement))
      .execute();
    for (const row of rows) found.add(row.user_id);
  }
  return [...found];
}

/** The users with a membership on the category or anything under it. */
export async function listMemberIdsUnder(
  db: Db,
  root: { ownerId: string; path: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('category_members')
    .innerJoin('categories', 'categories.id', 'category_members.category_id')
    .select('category_members.user_id')
    .distinct()
    .where(inSubtree(root))
    .execute();
  return rows.map((row) => row.user_id);
}

/** Which of `among` joined the deck (all of its learners, `limit` at most, when among is absent). */
export async function listJoinerIds(
  db: Db,
  deckId: string,
  among: string[] | undefined,
  limit: number,
): Promise<string[]> {
  if (!among) {
    const rows = await db
      .selectFrom('category_joins')
      .select('user_id')
      .where('category_id', '=', deckId)
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }
  const found: string[] = [];
  for (let start = 0; start < among.length; start += idsPerStatement) {
    const rows = await db
      .selectFrom('category_joins')
      .select('user_id')
      .where('category_id', '=', deckId)
      .where('user_id', 'in', among.slice(start, start + idsPerStatement))
      .execute();
    found.push(...rows.map((row) => row.user_id));
  }
  return found;
}
