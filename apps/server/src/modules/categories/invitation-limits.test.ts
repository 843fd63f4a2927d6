import { randomBytes } from 'node:crypto';
import { ownerLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, uniqueName, type TestUser } from '../../../test/factories';
import { caller, uniqueLabel } from './sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/**
 * The limits of docs/limits.md on invitations: members of one category with the invitations
 * waiting (409 naming `members`), invitations one owner sends per rolling 24 hours (429).
 */
describe('invitation limits', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  /** Learners signed up (never signed in), to be invited by username. */
  let learners: { id: string; username: string }[];
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    learners = [];
    const names = Array.from({ length: ownerLimits.membersPerCategoryMax + 2 }, () =>
      uniqueName('seat'),
    );
    // Signed up through the API (the real rules), a few at a time.
    for (let i = 0; i < names.length; i += 20) {
      await Promise.all(
        names.slice(i, i + 20).map(async (username) => {
          const res = await t.call({
            method: 'POST',
            url: '/api/user/create',
            payload: {
              username,
              email: `${username}@example.com`,
              password: `pw-${randomBytes(8).toString('hex')}`,
            },
          });
          if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
        }),
      );
    }
    const rows = await t.app.deps.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', names)
      .execute();
    learners = names.map((name) => {
      const row = rows.find((r) => r.username === name);
      if (!row) throw new Error(`no user ${name}`);
      return row;
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const shared = async (owner: TestUser) =>
    String(
      (
        await api.must('POST', '/api/categories', owner, {
          name: uniqueLabel('Class'),
          visibility: 'shared',
        })
      )['id'],
    );
  const invite = (owner: TestUser, categoryId: string, username: string) =>
    api.call('POST', `/api/categories/${categoryId}/members`, owner, { username, role: 'viewer' });
  const invitationRows = (ownerId: string) =>
    t.app.deps.db
      .selectFrom('category_invitations')
      .select(['id', 'status'])
      .where('owner_id', '=', ownerId)
      .execute();

  it(`a category holds ${ownerLimits.membersPerCategoryMax} members, waiting invitations included (409 members)`, async () => {
    const owner = await createUser(t);
    const categoryId = await shared(owner);
    const max = ownerLimits.membersPerCategoryMax;
    // Members who joined before (as after the migration): every seat but two.
    await t.app.deps.db
      .insertInto('category_members')
      .values(
        learners.slice(0, max - 2).map((learner) => ({
          category_id: categoryId,
          user_id: learner.id,
          role: 'viewer' as const,
          created_at: Date.now(),
        })),
      )
      .execute();
    const [a, c] = learners.slice(max - 2);
    if (!a || !c) throw new Error('not enough learners');
    const b = await createUser(t);
    expect((await invite(owner, categoryId, a.username)).status).toBe(201);
    const last = await invite(owner, categoryId, b.username);
    expect(last.status).toBe(201);
    // Full: 198 members and 2 waiting.
    const full = await invite(owner, categoryId, c.username);
    expect(full.status).toBe(409);
    expect(full.code).toBe('conflict');
    expect(full.payload.issues?.[0]?.path).toBe('members');
    // A declined invitation frees its seat; accepting one keeps the count.
    await api.must('POST', `/api/invitations/${String(last.payload['id'])}/decline`, b);
    const third = await invite(owner, categoryId, c.username);
    expect(third.status).toBe(201);
    expect((await invite(owner, categoryId, b.username)).status).toBe(409);
    const members = await api.must('GET', `/api/categories/${categoryId}/members`, owner);
    expect((members['items'] as unknown[]).length).toBe(max - 2);
    const waiting = await api.must('GET', `/api/categories/${categoryId}/invitations`, owner);
    expect((waiting['items'] as unknown[]).length).toBe(2);
  });

  it(`an owner sends ${ownerLimits.invitationsPerDayMax} invitations per rolling 24 hours (429 with Retry-After)`, async () => {
    const owner = await createUser(t);
    const max = ownerLimits.invitationsPerDayMax;
    let categoryId = await shared(owner);
    const invitees = learners.slice(0, max + 1);
    for (const learner of invitees.slice(0, max)) {
      const res = await invite(owner, categoryId, learner.username);
      expect(res.status, JSON.stringify(res.payload)).toBe(201);
    }
    const next = invitees[max];
    if (!next) throw new Error('not enough learners');
    const over = await invite(owner, categoryId, next.username);
    expect(over.status).toBe(429);
    expect(over.code).toBe('rate_limited');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);

    // Cancelling, or deleting the category, gives no invitation back.
    const waiting = await api.must('GET', `/api/categories/${categoryId}/invitations`, owner);
    const first = (waiting['items'] as { id: string }[])[0];
    await api.must('DELETE', `/api/categories/${categoryId}/invitations/${first?.id}`, owner);
    await api.must('DELETE', `/api/categories/${categoryId}?cards=delete`, owner);
    categoryId = await shared(owner);
    expect((await invite(owner, categoryId, next.username)).status).toBe(429);
    expect(await invitationRows(owner.id)).toHaveLength(max);

    // The window rolls: when the oldest turns 24 hours old, one more may go.
    const { db } = t.app.deps;
    const rows = await db
      .selectFrom('category_invitations')
      .select(['id', 'created_at'])
      .where('owner_id', '=', owner.id)
      .orderBy('created_at', 'asc')
      .execute();
    const oldest = rows[0];
    if (!oldest) throw new Error('no invitations');
    await db
      .updateTable('category_invitations')
      .set({ created_at: Date.now() - 24 * 3600 * 1000 + 30_000 })
      .where('id', '=', oldest.id)
      .execute();
    const soon = await invite(owner, categoryId, next.username);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(30);
    await db
      .updateTable('category_invitations')
      .set({ created_at: Date.now() - 24 * 3600 * 1000 - 1 })
      .where('id', '=', oldest.id)
      .execute();
    expect((await invite(owner, categoryId, next.username)).status).toBe(201);
    // The answered ones out of the window are forgotten; those in it are kept.
    const kept = await invitationRows(owner.id);
    expect(kept.map((row) => row.id)).not.toContain(oldest.id);
    expect(kept).toHaveLength(max);
  });

  it('holds under invitations sent at once: never past either limit', async () => {
    const owner = await createUser(t);
    const max = ownerLimits.invitationsPerDayMax;
    const first = await shared(owner);
    for (const learner of learners.slice(0, max - 3)) {
      expect((await invite(owner, first, learner.username)).status).toBe(201);
    }
    // Three left today, eight sent at once to two categories.
    const second = await shared(owner);
    const burst = learners.slice(max, max + 8);
    const answers = await Promise.all(
      burst.map((learner, i) => invite(owner, i % 2 ? first : second, learner.username)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([
      201, 201, 201, 429, 429, 429, 429, 429,
    ]);
    expect(await invitationRows(owner.id)).toHaveLength(max);

    // One seat left in a full category, six invitations at once: one gets it.
    const other = await createUser(t);
    const full = await shared(other);
    const seats = ownerLimits.membersPerCategoryMax;
    await t.app.deps.db
      .insertInto('category_members')
      .values(
        learners.slice(0, seats - 1).map((learner) => ({
          category_id: full,
          user_id: learner.id,
          role: 'viewer' as const,
          created_at: Date.now(),
        })),
      )
      .execute();
    const contenders = [...learners.slice(seats - 1), await createUser(t), await createUser(t)];
    const race = await Promise.all(contenders.map((c) => invite(other, full, c.username)));
    expect(race.map((res) => res.status).sort()).toEqual(
      [201, ...Array<number>(contenders.length - 1).fill(409)].sort(),
    );
  });
});
