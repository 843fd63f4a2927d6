import { randomUUID } from 'node:crypto';
import { DAY_MS, duplicateKey, sortKey } from '@glossa/srs';
import { insertCards } from '../../apps/server/src/modules/cards/cards.repository';
import { syncOwnerStudied } from '../../apps/server/src/modules/study/queue.repository';
import type { BenchServer } from './server';

export interface Learner {
  id: string;
  bearer: string;
}

/** Signs a learner up and in through the API; answers their id and bearer value. */
export async function signUpLearner(server: BenchServer, username: string): Promise<Learner> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const password = 'correct horse battery';
  const created = await post('/api/user/create', {
    username,
    email: `${username}@example.com`,
    password,
  });
  if (created.status !== 201) throw new Error(`sign-up of ${username} failed: ${created.status}`);
  const login = await post('/api/auth/login', { login: username, password });
  const { payload } = (await login.json()) as { payload: { access: string } };
  const row = await server.app.deps.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { id: row.id, bearer: `Bearer ${Buffer.from(payload.access).toString('base64')}` };
}

/** `count` uncategorised es→en cards of one owner, created one second apart; answers their ids. */
export async function seedCards(
  server: BenchServer,
  ownerId: string,
  count: number,
): Promise<string[]> {
  const { db } = server.app.deps;
  const ids: string[] = [];
  const start = Date.now() - count * 1000;
  for (let offset = 0; offset < count; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - offset) }, (_, j) => {
      const i = offset + j;
      const id = randomUUID();
      ids.push(id);
      const front = `palabra ${i.toString(36)}`;
      const answers = [`word ${i}`];
      return {
        id,
        owner_id: ownerId,
        category_id: null,
        front,
        front_lower: front,
        front_key: duplicateKey(front, 'es'),
        front_sort: sortKey(front, 'es'),
        answers: JSON.stringify(answers),
        search_text: [front, ...answers].join('\n'),
        notes: '',
        from_language_code: 'es',
        to_language_code: 'en',
        created_at: start + i * 1000,
        updated_at: start + i * 1000,
      };
    });
    await db.transaction().execute((trx) => insertCards(trx, rows));
  }
  return ids;
}

/**
 * Gives each card a schedule due now (studied before, periods of 3 to 60 days), as the review path
 * would have left it: most answers are to cards already studied, since the queue introduces at
 * most 20 new cards per category and day.
 */
export async function seedDueProgress(
  server: BenchServer,
  userId: string,
  cardIds: string[],
  now: number,
): Promise<void> {
  const { db } = server.app.deps;
  for (let offset = 0; offset < cardIds.length; offset += 1000) {
    const batch = cardIds.slice(offset, offset + 1000);
    const rows = batch.map((cardId, j) => {
      const period = 3 + ((offset + j) % 58);
      const dueAt = now - ((offset + j) % 48) * 3_600_000;
      return {
        user_id: userId,
        card_id: cardId,
        category_id: null,
        elevation: Math.log2(period),
        period,
        lapses: 0,
        reps: 3,
        last_review_at: dueAt - period * DAY_MS,
        due_at: dueAt,
        suspended: 0,
        created_at: dueAt - 2 * period * DAY_MS,
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('progress').values(rows).execute();
      // What the review path keeps for the owner's first reviews.
      await syncOwnerStudied(trx, batch);
    });
  }
}
