import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Statistics at scale (issue 21; docs/decisions/0036-statistics.md, addendum): log rows leave the
// log when their card is deleted (review_log.card_id cascades), which moves no log seq, so the
// days summed from them would keep counting them. A trigger copies each deleted row that the
// learner's days already hold (at or before their mark); the next statistics read takes those
// answers out of their days (summing a day again from the log only when one of them may have held
// its best combo) and drops the copies.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The dashboard's forecast counts the learner's rows due in the next 14 days by their
  // direction (about 19,000 at 100,000 cards): with the direction in the index it reads the index
  // alone instead of each row (on SQLite 40 ms of CPU became 5). Replaces the index of 0006, so an
  // answer writes no more index entries than before.
  await db.schema
    .createIndex('progress_user_due_direction')
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id', 'suspended', 'category_id', 'direction'])
    .execute();
  await db.schema.dropIndex('progress_user_due_card').execute();
  if (postgres) {
    await sql`create table stats_log_gone (
      id bigserial primary key,
      user_id text not null references users (id) on delete cascade,
      log_id text not null,
      kind text not null,
      target_id text,
      seq bigint not null,
      reviewed_at bigint not null,
      success integer not null,
      elapsed_ms integer not null,
      state_before text not null,
      state_after text not null
    )`.execute(db);
  } else {
    await sql`create table stats_log_gone (
      id integer primary key autoincrement,
      user_id text not null references users (id) on delete cascade,
      log_id text not null,
      kind text not null,
      target_id text,
      seq integer not null,
      reviewed_at integer not null,
      success integer not null,
      elapsed_ms integer not null,
      state_before text not null,
      state_after text not null
    )`.execute(db);
  }
  await db.schema
    .createIndex('stats_log_gone_user')
    .on('stats_log_gone')
    .columns(['user_id', 'id'])
    .execute();

  // Only rows the learner's days hold (at or before their mark); not for a learner whose
  // account is being deleted (their user row is gone before the cascade reaches the log).
  if (postgres) {
    // One statement-level trigger: a deleted category's 100,000 log rows are one insert.
    await sql`create function stats_log_gone_note() returns trigger language plpgsql as $$
      begin
        insert into stats_log_gone (user_id, log_id, kind, target_id, seq, reviewed_at, success,
            elapsed_ms, state_before, state_after)
          select g.user_id, g.id, g.kind, g.target_id, g.seq, g.reviewed_at, g.success,
            g.elapsed_ms, g.state_before, g.state_after
          from gone g
          join stats_log_mark m on m.user_id = g.user_id
          where g.seq <= m.seq
            and exists (select 1 from users u where u.id = g.user_id);
        return null;
      end
    $$`.execute(db);
    await sql`create trigger review_log_stats_gone after delete on review_log
      referencing old table as gone for each statement
      execute function stats_log_gone_note()`.execute(db);
    return;
  }
  await sql`create trigger review_log_stats_gone after delete on review_log
    when old.seq <= (select m.seq from stats_log_mark m where m.user_id = old.user_id)
      and exists (select 1 from users u where u.id = old.user_id)
    begin
      insert into stats_log_gone (user_id, log_id, kind, target_id, seq, reviewed_at, success,
          elapsed_ms, state_before, state_after)
        values (old.user_id, old.id, old.kind, old.target_id, old.seq, old.reviewed_at,
          old.success, old.elapsed_ms, old.state_before, old.state_after);
    end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop trigger review_log_stats_gone${sql.raw(postgres ? ' on review_log' : '')}`.execute(
    db,
  );
  if (postgres) await sql`drop function stats_log_gone_note()`.execute(db);
  await db.schema.dropTable('stats_log_gone').execute();
  await db.schema
    .createIndex('progress_user_due_card')
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id', 'suspended', 'category_id'])
    .execute();
  await db.schema.dropIndex('progress_user_due_direction').execute();
}
