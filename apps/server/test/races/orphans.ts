import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../src/db/database';

/**
 * Rows that point at something gone, or that disagree with what they point at: every reference
 * between the tables, checked from the database at rest. The foreign keys hold most of them on
 * both databases; the others are the app's own (a card has its category's owner, a membership and
 * a pending invitation of one learner never coexist, a revision's target exists, the study's
 * owner_studied flag agrees with the owner's forward progress). Answers the count of each kind found,
 * only the kinds found.
 */
export async function orphanCounts(db: Db): Promise<Record<string, number>> {
  const userGone = (column: string) =>
    sql<SqlBool>`not exists (select 1 from users u where u.id = ${sql.ref(column)})`;
  const categoryGone = (column: string) =>
    sql<SqlBool>`${sql.ref(column)} is not null and not exists (select 1 from categories c where c.id = ${sql.ref(column)})`;
  const cardGone = (column: string) =>
    sql<SqlBool>`not exists (select 1 from cards k where k.id = ${sql.ref(column)})`;

  const checks: Record<string, { table: string; where: Expression<SqlBool> }> = {
    'session without its user': { table: 'sessions', where: userGone('sessions.user_id') },
    'one-time token without its user': {
      table: 'one_time_tokens',
      where: userGone('one_time_tokens.user_id'),
    },
    'feedback without its user': { table: 'feedback', where: userGone('feedback.user_id') },
    'category without its owner': { table: 'categories', where: userGone('categories.owner_id') },
    'category without its parent': {
      table: 'categories',
      where: categoryGone('categories.parent_id'),
    },
    'category under another owner’s': {
      table: 'categories',
      where: sql<SqlBool>`exists (select 1 from categories p where p.id = categories.parent_id and p.owner_id <> categories.owner_id)`,
    },
    'membership without its category': {
      table: 'category_members',
      where: categoryGone('category_members.category_id'),
    },
    'membership without its user': {
      table: 'category_members',
      where: userGone('category_members.user_id'),
    },
    'membership of the category’s owner': {
      table: 'category_members',
      where: sql<SqlBool>`exists (select 1 from categories c where c.id = category_members.category_id and c.owner_id = category_members.user_id)`,
    },
    'invitation without its category': {
      table: 'category_invitations',
      where: categoryGone('category_invitations.category_id'),
    },
    'invitation without its owner or invitee': {
      table: 'category_invitations',
      where: sql<SqlBool>`${userGone('category_invitations.owner_id')} or ${userGone('category_invitations.invitee_id')}`,
    },
    'invitation of an owner not the category’s': {
      table: 'category_invitations',
      where: sql<SqlBool>`exists (select 1 from categories c where c.id = category_invitations.category_id and c.owner_id <> category_invitations.owner_id)`,
    },
    'pending invitation of a member': {
      table: 'category_invitations',
      where: sql<SqlBool>`category_invitations.status = 'pending' and exists (select 1 from category_members m where m.category_id = category_invitations.category_id and m.user_id = category_invitations.invitee_id)`,
    },
    'card without its owner': { table: 'cards', where: userGone('cards.owner_id') },
    'card without its category': { table: 'cards', where: categoryGone('cards.category_id') },
    'card in another owner’s category': {
      table: 'cards',
      where: sql<SqlBool>`exists (select 1 from categories c where c.id = cards.category_id and c.owner_id <> cards.owner_id)`,
    },
    'card whose owner_studied disagrees with the owner’s progress': {
      table: 'cards',
      where: sql<SqlBool>`cards.owner_studied <> (case when exists (select 1 from progress p where p.card_id = cards.id and p.user_id = cards.owner_id and p.direction = 'forward') then 1 else 0 end)`,
    },
    'revision of another direction than its review': {
      table: 'review_log',
      where: sql<SqlBool>`review_log.target_id is not null and exists (select 1 from review_log r where r.id = review_log.target_id and r.direction <> review_log.direction)`,
    },
    'progress without its user': { table: 'progress', where: userGone('progress.user_id') },
    'progress without its card': { table: 'progress', where: cardGone('progress.card_id') },
    'review without its user': { table: 'review_log', where: userGone('review_log.user_id') },
    'review without its card': { table: 'review_log', where: cardGone('review_log.card_id') },
    'revision without the review it revises': {
      table: 'review_log',
      where: sql<SqlBool>`review_log.target_id is not null and not exists (select 1 from review_log r where r.id = review_log.target_id)`,
    },
    'combo without its user': { table: 'combos', where: userGone('combos.user_id') },
    'join without its deck or learner': {
      table: 'category_joins',
      where: sql<SqlBool>`${categoryGone('category_joins.category_id')} or ${userGone('category_joins.user_id')}`,
    },
    'learner count that is not the count of its joins': {
      table: 'categories',
      where: sql<SqlBool>`categories.learner_count <> (select count(*) from category_joins j where j.category_id = categories.id)`,
    },
  };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // SQLite's search rows, kept by triggers (docs/decisions/0021-search.md): one per card and
    // category, with its words and scope as they are now.
    const entryOf = (table: string) =>
      sql<SqlBool>`not exists (select 1 from search_docs d where d.item_id = ${sql.ref(`${table}.id`)} and d.doc = ${sql.ref(`${table}.search_doc`)})`;
    Object.assign(checks, {
      'card without its search entry': { table: 'cards', where: entryOf('cards') },
      'category without its search entry': { table: 'categories', where: entryOf('categories') },
      'search entry without its card or category': {
        table: 'search_docs',
        where: sql<SqlBool>`not exists (select 1 from cards k where k.id = search_docs.item_id and search_docs.owner_id = k.owner_id and search_docs.category_id is k.category_id and search_docs.scope = 'co' || replace(k.owner_id, '-', '') || ' cc' || replace(coalesce(k.category_id, '0'), '-', ''))
          and not exists (select 1 from categories c where c.id = search_docs.item_id)`,
      },
    });
  }
  const found: Record<string, number> = {};
  for (const [name, { table, where }] of Object.entries(checks)) {
    const row = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
    const count = Number(row.rows[0]?.n ?? 0);
    if (count > 0) found[name] = count;
  }
  return found;
}
