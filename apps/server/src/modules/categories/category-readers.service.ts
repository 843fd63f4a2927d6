import type { Db } from '../../db/database';
import { findCategory, pathIds } from './categories.repository';
import { canStudy, isDeck, loadAccessContext, resolveAccess } from './category-access';
import { listJoinerIds, listMemberIdsOn, listMemberIdsUnder } from './category-readers.repository';

// Who live events of a category reach (docs/decisions/0032-live-updates.md): its owner, its
// members by the nearest membership and the learners of the public deck it is in, that is the
// learners who study it (canStudy). A public category's other readers, who may browse it but
// follow nothing, get no events.

/**
 * Which of `among` (the learners with a socket on this instance) may read the category now:
 * the candidates are read from the category's path (a few queries whatever the number of
 * sockets), then each candidate's access is resolved exactly as a request's would be.
 */
export async function categoryReadersAmong(
  db: Db,
  categoryId: string,
  among: ReadonlySet<string>,
): Promise<Set<string>> {
  const readers = new Set<string>();
  if (among.size === 0) return readers;
  const row = await findCategory(db, categoryId);
  if (!row) return readers;
  if (among.has(row.owner_id)) readers.add(row.owner_id);
  const path = pathIds(row.path);
  const candidates = new Set(
    (await listMemberIdsOn(db, path)).filter((id) => among.has(id) && id !== row.owner_id),
  );
  const rootId = path[0];
  const root = rootId === row.id ? row : rootId ? await findCategory(db, rootId) : undefined;
  if (root && isDeck(root)) {
    const present = [...among].filter((id) => id !== row.owner_id);
    for (const id of await listJoinerIds(db, root.id, present, 0)) candidates.add(id);
  }
  for (const userId of candidates) {
    const context = await loadAccessContext(db, userId, [row]);
    if (canStudy(resolveAccess(context, row))) readers.add(userId);
  }
  return readers;
}

/** Learners of a deck told of a change it is gone from (more would not fit the notifications). */
const joinersToldMax = 5000;

/**
 * Everyone who may read any of these categories or what lies under them now (a superset: the
 * owner, every member on their paths and sub-trees, the learners of their decks): read before a
 * move or a deletion, they are told of it afterwards (ids only).
 */
export async function categoryReadersBefore(db: Db, categoryIds: string[]): Promise<string[]> {
  const users = new Set<string>();
  for (const id of categoryIds) {
    const row = await findCategory(db, id);
    if (!row) continue;
    users.add(row.owner_id);
    const path = pathIds(row.path);
    for (const userId of await listMemberIdsOn(db, path)) users.add(userId);
    for (const userId of await listMemberIdsUnder(db, { ownerId: row.owner_id, path: row.path })) {
      users.add(userId);
    }
    const rootId = path[0];
    const root = rootId === row.id ? row : rootId ? await findCategory(db, rootId) : undefined;
    if (root && isDeck(root)) {
      for (const userId of await listJoinerIds(db, root.id, undefined, joinersToldMax)) {
        users.add(userId);
      }
    }
  }
  return [...users];
}
