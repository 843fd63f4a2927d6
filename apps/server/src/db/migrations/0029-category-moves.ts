import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The cards per category at scale (issue 21; docs/decisions/0036-statistics.md, second addendum):
// the counts were counted again over every card whenever the learner's latest card change moved,
// though an edit of a front, answers or notes changes no count (0.3 s at 100,000 cards on
// SQLite). What does change them besides the log: cards made or deleted (the count of cards
// says so) and cards moved to another category (or owner), which a trigger now counts per
// learner in stats_card_moves. The mark keeps that count in place of the latest change; every
// learner's counts are made again at the next start-up (their marks are cleared).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stats_card_moves')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('moves', postgres ? 'bigint' : 'integer', (column) => column.notNull())
    .execute();
  await db.deleteFrom('stats_categories_mark').execute();
  await db.schema
    .alterTable('stats_categories_mark')
    .renameColumn('cards_changed_at', 'card_moves')
    .execute();

  // A learner whose account is being deleted has no user row left: nothing to count.
  if (postgres) {
    await sql`create function stats_card_moved() returns trigger language plpgsql as $$
      begin
        insert into stats_card_moves (user_id, moves)
          select u.id, 1 from users u where u.id in (new.owner_id, old.owner_id)
          on conflict (user_id) do update set moves = stats_card_moves.moves + 1;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger cards_stats_moved after update of category_id, owner_id on cards
      for each row
      when (old.category_id is distinct from new.category_id
        or old.owner_id is distinct from new.owner_id)
      execute function stats_card_moved()`.execute(db);
    return;
  }
  await sql`create trigger cards_stats_moved after update of category_id, owner_id on cards
    when old.category_id is not new.category_id or old.owner_id is not new.owner_id
    begin
      insert into stats_card_moves (user_id, moves)
        select u.id, 1 from users u where u.id in (new.owner_id, old.owner_id)
        on conflict (user_id) do update set moves = moves + 1;
    end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop trigger cards_stats_moved${sql.raw(postgres ? ' on cards' : '')}`.execute(db);
  if (postgres) await sql`drop function stats_card_moved()`.execute(db);
  await db.deleteFrom('stats_categories_mark').execute();
  await db.schema
    .alterTable('stats_categories_mark')
    .renameColumn('card_moves', 'cards_changed_at')
    .execute();
  await db.schema.dropTable('stats_card_moves').execute();
}
