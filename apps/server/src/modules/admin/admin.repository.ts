import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AdminAuditTable } from '../../db/schema';

export type AuditRow = Selectable<AdminAuditTable>;

export async function insertAudit(db: Db, row: Insertable<AdminAuditTable>): Promise<void> {
  await db.insertInto('admin_audit').values(row).execute();
}

/** A page of the audit log, newest first (keyset on created_at, id). */
export async function listAudit(
  db: Db,
  page: { after?: { createdAt: number; id: string }; limit: number },
): Promise<AuditRow[]> {
  let query = db.selectFrom('admin_audit').selectAll();
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}
