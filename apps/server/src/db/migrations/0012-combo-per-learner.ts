import type { Kysely } from 'kysely';

// Every learner has a combo row from sign-up on: the review writer locks it for each study write
// (docs/decisions/0012-study-write-path.md), and a refused write used to be what created it. The
// learners who never answered get theirs at zero, which every reader took a missing row to mean.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('combos')
    .columns(['user_id'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .where('users.id', 'not in', eb.selectFrom('combos').select('combos.user_id'))
        .select('users.id'),
    )
    .execute();
}

// Nothing to undo: a combo at zero reads as none.
export async function down(): Promise<void> {}
