import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// A card asked both ways (issue 16, item 5; docs/decisions/0027-reverse-direction.md): a learner's
// schedule is per card and direction ('forward': front → answers, 'reverse': answers → front), and
// each log row says which direction it answered. Every row written before is a forward one. A
// card's `reverse` is `inherit` (its category's `reverse_default`), `on` or `off`.
// Idempotent: a column or index already there is left as it is, so a run stopped half-way, or
// run again by hand, changes nothing twice.

/** The progress columns before this migration, in their order, as 0003 and 0005 made them. */
const progressColumns = [
  'user_id',
  'card_id',
  'category_id',
  'elevation',
  'period',
  'lapses',
  'reps',
  'last_review_at',
  'due_at',
  'suspended',
  'created_at',
  'foreign_card',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function columnsOf(db: Kysely<any>, table: string): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  return new Set(tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? []);
}

/** The progress indexes of 0003–0006, made again on the rebuilt SQLite table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function progressIndexes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('progress_card_id')
    .ifNotExists()
    .on('progress')
    .column('card_id')
    .execute();
  await db.schema
    .createIndex('progress_user_created')
    .ifNotExists()
    .on('progress')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('progress_user_due_card')
    .ifNotExists()
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id', 'suspended', 'category_id'])
    .execute();
  await db.schema
    .createIndex('progress_user_foreign_due')
    .ifNotExists()
    .on('progress')
    .columns(['user_id', 'suspended', 'due_at', 'card_id'])
    .where(sql.ref('foreign_card'), '=', 1)
    .execute();
}

/**
 * SQLite cannot change a primary key: the table is made again with the new key, every row copied
 * as a forward one, and its indexes made again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildSqliteProgress(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('progress_0019')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('category_id', 'text')
    .addColumn('elevation', 'double precision', (c) => c.notNull())
    .addColumn('period', 'double precision', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('last_review_at', 'bigint')
    .addColumn('due_at', 'bigint')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('foreign_card', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('direction', 'text', (c) =>
      c
        .notNull()
        .defaultTo('forward')
        .check(sql`direction in ('forward', 'reverse')`),
    )
    .addPrimaryKeyConstraint('progress_pk', ['user_id', 'card_id', 'direction'])
    .execute();
  const columns = sql.join(progressColumns.map((c) => sql.ref(c)));
  await sql`insert into progress_0019 (${columns}, direction)
    select ${columns}, 'forward' from progress`.execute(db);
  await db.schema.dropTable('progress').execute();
  await db.schema.alterTable('progress_0019').renameTo('progress').execute();
  await progressIndexes(db);
}

/**
 * Runs a migration step in one transaction on SQLite, where Kysely runs migrations without one:
 * the table's rebuild is then all or nothing, and every statement goes to the one connection
 * that writes (the app's SQLite dialect prepares a statement outside a transaction on its
 * reading connection first, whose view of the schema may lag a table just dropped). PostgreSQL
 * runs each migration in a transaction already.
 */
async function atOnce(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  step: (db: Kysely<any>, postgres: boolean) => Promise<void>,
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await step(db, true);
  else await db.transaction().execute((trx) => step(trx, false));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await atOnce(db, upStep);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function upStep(db: Kysely<any>, postgres: boolean): Promise<void> {
  if (!(await columnsOf(db, 'progress')).has('direction')) {
    if (postgres) {
      await db.schema
        .alterTable('progress')
        .addColumn('direction', 'text', (c) =>
          c
            .notNull()
            .defaultTo('forward')
            .check(sql`direction in ('forward', 'reverse')`),
        )
        .execute();
      await db.schema.alterTable('progress').dropConstraint('progress_pk').execute();
      await db.schema
        .alterTable('progress')
        .addPrimaryKeyConstraint('progress_pk', ['user_id', 'card_id', 'direction'])
        .execute();
    } else {
      await rebuildSqliteProgress(db);
    }
  }
  // The learner's reverse rows in due order: the few a learner has, without walking the forward
  // ones (the queue's count of a card due both ways, decision 0027).
  await db.schema
    .createIndex('progress_user_reverse_due')
    .ifNotExists()
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id'])
    .where(sql.ref('direction'), '=', 'reverse')
    .execute();

  if (!(await columnsOf(db, 'review_log')).has('direction')) {
    await db.schema
      .alterTable('review_log')
      .addColumn('direction', 'text', (c) => c.notNull().defaultTo('forward'))
      .execute();
  }

  if (!(await columnsOf(db, 'cards')).has('reverse')) {
    await db.schema
      .alterTable('cards')
      .addColumn('reverse', 'text', (c) => c.notNull().defaultTo('inherit'))
      .execute();
  }
  // The owner's cards asked in reverse whatever their category says, oldest first (new reverse
  // items of the queue); the cards that follow their category are found through it.
  await db.schema
    .createIndex('cards_owner_reverse_on')
    .ifNotExists()
    .on('cards')
    .columns(['owner_id', 'created_at', 'id'])
    .where(sql.ref('reverse'), '=', 'on')
    .execute();

  if (!(await columnsOf(db, 'categories')).has('reverse_default')) {
    await db.schema
      .alterTable('categories')
      .addColumn('reverse_default', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

/** Back to one schedule per card: the reverse schedules and their log rows are dropped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await atOnce(db, downStep);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function downStep(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('reverse_default').execute();
  await db.schema.dropIndex('cards_owner_reverse_on').execute();
  await db.schema.alterTable('cards').dropColumn('reverse').execute();
  await db.deleteFrom('review_log').where('direction', '=', 'reverse').execute();
  await db.schema.alterTable('review_log').dropColumn('direction').execute();
  await db.schema.dropIndex('progress_user_reverse_due').execute();
  await db.deleteFrom('progress').where('direction', '=', 'reverse').execute();
  if (postgres) {
    await db.schema.alterTable('progress').dropConstraint('progress_pk').execute();
    await db.schema
      .alterTable('progress')
      .addPrimaryKeyConstraint('progress_pk', ['user_id', 'card_id'])
      .execute();
    await db.schema.alterTable('progress').dropColumn('direction').execute();
    return;
  }
  await db.schema
    .createTable('progress_0018')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('category_id', 'text')
    .addColumn('elevation', 'double precision', (c) => c.notNull())
    .addColumn('period', 'double precision', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('last_review_at', 'bigint')
    .addColumn('due_at', 'bigint')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('foreign_card', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('progress_pk', ['user_id', 'card_id'])
    .execute();
  const columns = sql.join(progressColumns.map((c) => sql.ref(c)));
  await sql`insert into progress_0018 (${columns}) select ${columns} from progress`.execute(db);
  await db.schema.dropTable('progress').execute();
  await db.schema.alterTable('progress_0018').renameTo('progress').execute();
  await progressIndexes(db);
}
