import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { emptyDatabase } from '../../../test/empty-database';
import { usernameSkeleton } from './username-skeleton';

// Usernames are unique by their Unicode TR39 confusable skeleton, without case (decision 0017).

/** A name of lower-case Latin letters nobody else in any test uses. */
function latinName(prefix: string): string {
  const letters = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26)));
  return `${prefix}${letters.join('')}`;
}
const cyrillicA = '\u0430';

describe('confusable usernames', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (username: string) =>
    t.call({
      method: 'POST',
      url: '/api/user/create',
      payload: {
        username,
        email: `${randomBytes(6).toString('hex')}@example.com`,
        password: 'a quiet walk in the hills',
      },
    });
  const expectTaken = (res: Awaited<ReturnType<TestApp['call']>>, label: string) => {
    expect(res.status, label).toBe(409);
    expect(res.code, label).toBe('conflict');
    expect(
      res.payload.issues?.map((issue) => issue.path),
      label,
    ).toEqual(['username']);
  };

  it('gives look-alike names one skeleton, and different names different ones', () => {
    expect(usernameSkeleton('anna')).toBe(usernameSkeleton(`${cyrillicA}nn${cyrillicA}`));
    expect(usernameSkeleton('paypal')).toBe(usernameSkeleton('PayPaI'));
    expect(usernameSkeleton('john')).toBe(usernameSkeleton('j0hn'));
    // The skeleton of the name as typed and shown: a capital I looks like a small l.
    expect(usernameSkeleton('Ivan')).toBe(usernameSkeleton('lvan'));
    expect(usernameSkeleton('\u0391NNA')).toBe(usernameSkeleton('ANNA'));
    expect(usernameSkeleton('ｍａｒｉａ')).toBe(usernameSkeleton('maria'));
    expect(usernameSkeleton('rené')).not.toBe(usernameSkeleton('rene'));
    expect(usernameSkeleton('anna')).not.toBe(usernameSkeleton('anne'));
  });

  it('answers 409 naming username to a sign-up with a look-alike of a taken name', async () => {
    const name = latinName('a');
    expect((await signUp(name)).status).toBe(201);
    const lookAlikes = [
      `${cyrillicA}${name.slice(1)}`,
      `\u03b1${name.slice(1)}`,
      `${name[0]?.toUpperCase()}${name.slice(1)}`,
      name.replace(/o/g, '0').replace(/l/g, '1').replace('a', cyrillicA),
    ];
    for (const lookAlike of lookAlikes) {
      expect(lookAlike).not.toBe(name);
      expectTaken(await signUp(lookAlike), lookAlike);
    }
    const rows = await t.app.deps.db
      .selectFrom('users')
      .select('username')
      .where('username_skeleton', '=', usernameSkeleton(name))
      .execute();
    expect(rows.map((row) => row.username)).toEqual([name]);
  });

  it('lets one of two look-alike sign-ups at once through, answering the other 409', async () => {
    const name = latinName('a');
    const answers = await Promise.all([signUp(name), signUp(`${cyrillicA}${name.slice(1)}`)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.status === 409);
    if (refused) expectTaken(refused, 'the second sign-up');
  });

  it('answers 409 to a rename to a look-alike of another name, and allows one of your own', async () => {
    const taken = latinName('a');
    expect((await signUp(taken)).status).toBe(201);
    const user = await createUser(t, { username: latinName('o') });
    const rename = (username: string) =>
      t.call({
        method: 'POST',
        url: '/api/user/edit',
        token: user.access,
        payload: { username, currentPassword: user.password },
      });
    expectTaken(await rename(`${cyrillicA}${taken.slice(1)}`), 'look-alike');
    expectTaken(await rename(taken.toUpperCase()), 'other case');
    const own = `${user.username.slice(0, -1)}${user.username.slice(-1).toUpperCase()}`;
    expect((await rename(own)).status).toBe(200);
    const row = await t.app.deps.db
      .selectFrom('users')
      .select(['username', 'username_skeleton'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: own, username_skeleton: usernameSkeleton(own) });
  });
});

describe('migration 0008 on existing users', () => {
  it('fills the skeletons and keeps every account whose names collide', async () => {
    const { db, drop } = await emptyDatabase('0008');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const before = await migrator.migrateTo('0006-fewer-index-writes');
      expect(before.error).toBeUndefined();
      const users = [
        ['u1', 'anna', 1],
        ['u2', `${cyrillicA}nn${cyrillicA}`, 2],
        ['u3', 'ANN\u0391', 3],
        ['u4', 'john', 4],
        ['u5', 'maria', 5],
      ] as const;
      for (const [id, username, createdAt] of users) {
        await db
          .insertInto('users')
          // The columns of 0001: this row is written before 0008 adds its own.
          .values({
            id,
            username,
            username_lower: username.toLowerCase(),
            email: `${id}@example.com`,
            email_lower: `${id}@example.com`,
            email_verified: 0,
            password_hash: 'x',
            role: 'user',
            is_freeloaded: 0,
            disabled: 0,
            security_stamp: 's',
            settings: '{}',
            created_at: createdAt,
            updated_at: createdAt,
          } as never)
          .execute();
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'username_skeleton'])
        .orderBy('created_at')
        .execute();
      const plain = usernameSkeleton('anna');
      expect(rows).toEqual([
        { id: 'u1', username: 'anna', username_skeleton: plain },
        { id: 'u2', username: users[1][1], username_skeleton: `${plain} #u2` },
        { id: 'u3', username: users[2][1], username_skeleton: `${plain} #u3` },
        { id: 'u4', username: 'john', username_skeleton: usernameSkeleton('john') },
        { id: 'u5', username: 'maria', username_skeleton: usernameSkeleton('maria') },
      ]);
      // The index holds from now on.
      await expect(
        db.updateTable('users').set({ username_skeleton: plain }).where('id', '=', 'u4').execute(),
      ).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});
