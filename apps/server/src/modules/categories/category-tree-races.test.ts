import { categoryLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkTreesAfterEach, treeProblems } from '../../../test/tree-invariant';
import { caller, categoryCalls } from './sharing.test-support';

/**
 * Changes of one owner's tree sent at once (issue 14 item 7): they are ordered by the owner's
 * lock, so no interleaving makes a cycle or a tree too deep, on both databases.
 */
describe('categories: concurrent changes of one tree', () => {
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('no app');
    return t;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  checkTreesAfterEach(() => t);

  const { create } = categoryCalls(app);
  const move = (user: TestUser, id: string, parentId: string | null) =>
    caller(app()).call('PATCH', `/api/categories/${id}`, user, { parentId });

  it('50 concurrent crossing moves (A under B and B under A, and rings of three) leave a tree', async () => {
    const user = await createUser(app());
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await create(user, { name: `N${i}` }));
    const at = (i: number) => ids[i % ids.length] ?? '';
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const moves: [string, string][] = [];
      // 15 crossing pairs…
      for (let k = 0; k < 15; k += 1) {
        const a = at(k + round);
        const b = at(k * 3 + round + 1);
        if (a === b) continue;
        moves.push([a, b], [b, a]);
      }
      // …and rings of three (A under B, B under C, C under A) up to 50 moves.
      for (let k = 0; moves.length < 50; k += 1) {
        moves.push([at(k), at(k + 1)], [at(k + 1), at(k + 2)], [at(k + 2), at(k)]);
      }
      const answers = await Promise.all(
        moves.slice(0, 50).map(([id, parentId]) => move(user, id, parentId)),
      );
      statuses.push(...answers.map((res) => res.status));
      expect(await treeProblems(app().app.deps.db)).toEqual([]);
      // Back to the top for the next round: every category a root again, one after the other.
      for (const id of ids)
        await caller(app()).must('PATCH', `/api/categories/${id}`, user, { parentId: null });
    }
    expect(statuses).toHaveLength(150);
    expect(new Set(statuses)).toEqual(new Set([200, 400]));
  });

  it('two chains moved under each other’s leaf at once: one moves, the other would be a cycle', async () => {
    const user = await createUser(app());
    const height = categoryLimits.depthMax / 2;
    for (let round = 0; round < 5; round += 1) {
      const chains: string[][] = [[], []];
      for (const [c, chain] of chains.entries()) {
        for (let level = 0; level < height; level += 1) {
          const parentId = chain.at(-1);
          chain.push(
            await create(user, {
              name: `R${round}C${c}L${level}`,
              ...(parentId ? { parentId } : {}),
            }),
          );
        }
      }
      const [one = [], two = []] = chains;
      const answers = await Promise.all([
        move(user, one[0] ?? '', two.at(-1) ?? null),
        move(user, two[0] ?? '', one.at(-1) ?? null),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
      expect(answers.find((res) => res.status === 400)?.payload.issues?.[0]?.path).toBe('parentId');
    }
  });

  it('moves, creates and deletes of one tree at once: every answer an envelope, the tree whole', async () => {
    const user = await createUser(app());
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await create(user, { name: `M${i}` }));
    const at = (i: number) => ids[i % ids.length] ?? '';
    const calls = Array.from({ length: 40 }, (_, k) => {
      switch (k % 4) {
        case 0:
          return move(user, at(k), at(k + 1));
        case 1:
          return move(user, at(k + 1), at(k));
        case 2:
          return caller(app()).call('POST', '/api/categories', user, {
            name: `New ${k}`,
            parentId: at(k + 2),
          });
        default:
          return caller(app()).call('DELETE', `/api/categories/${at(k * 5)}?cards=move`, user);
      }
    });
    const answers = await Promise.all(calls);
    const codes: Record<number, string> = {
      200: 'ok',
      201: 'ok',
      400: 'invalid_input',
      404: 'not_found',
    };
    for (const res of answers) {
      expect([200, 201, 400, 404]).toContain(res.status);
      expect(res.code).toBe(codes[res.status]);
    }
  });
});
