import { createUser, type TestUser } from '../factories';
import { addMember, createCategory, invite, must } from '../world';
import { check, statusesAre, type RaceContext, type RaceGroup, type Shot } from './race-support';

// Races of members and invitations (the former invitations-race.test.ts, and more).

/** An owner, their shared category, a learner invited to it (pending). */
async function pendingInvitation(ctx: RaceContext, owner: TestUser) {
  const invitee = await createUser(ctx.t);
  const categoryId = await createCategory(ctx.t, owner, { visibility: 'shared' });
  const id = await invite(ctx.t, owner, categoryId, invitee, 'viewer');
  // Dated a day back: the owner's invitations of the day stay for the races (docs/limits.md).
  await ctx.t.app.deps.db
    .updateTable('category_invitations')
    .set((eb) => ({ created_at: eb('created_at', '-', 25 * 60 * 60 * 1000) }))
    .where('id', '=', id)
    .execute();
  return { invitee, categoryId, id };
}

/** The invitation's status, and whether the invitee is a member of the category. */
async function outcome(ctx: RaceContext, id: string, categoryId: string, inviteeId: string) {
  const { db } = ctx.t.app.deps;
  const invitation = await db
    .selectFrom('category_invitations')
    .select(['status', 'category_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  const member = await db
    .selectFrom('category_members')
    .select('role')
    .where('category_id', '=', categoryId)
    .where('user_id', '=', inviteeId)
    .executeTakeFirst();
  return { status: invitation?.status, member: member !== undefined };
}

const accept = (invitee: TestUser, id: string, may = [200, 409]): Shot => ({
  as: invitee,
  method: 'POST',
  url: `/api/invitations/${id}/accept`,
  may,
});

const deleteCategory = (owner: TestUser, id: string): Shot => ({
  as: owner,
  method: 'DELETE',
  url: `/api/categories/${id}?cards=delete`,
  may: [200],
});

export const sharingRaces: RaceGroup[] = [
  {
    name: 'invite ‖ invite the same learner',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const invitee = await createUser(ctx.t);
        const categoryId = await createCategory(ctx.t, owner, { visibility: 'shared' });
        const shot: Shot = {
          as: owner,
          method: 'POST',
          url: `/api/categories/${categoryId}/members`,
          body: { username: invitee.username, role: 'viewer' },
          may: [201, 409],
        };
        const answers = await ctx.fire([
          shot,
          { ...shot, body: { username: invitee.username, role: 'editor' } },
        ]);
        check(
          ctx,
          statusesAre(answers, [201, 409]),
          `answered ${answers.map((r) => r.status).join(', ')}`,
        );
      }
    },
  },
  {
    name: 'accept ‖ cancel, accept ‖ accept, accept ‖ decline',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const { invitee, categoryId, id } = await pendingInvitation(ctx, owner);
        const other: Shot =
          [
            {
              as: owner,
              method: 'DELETE' as const,
              url: `/api/categories/${categoryId}/invitations/${id}`,
              may: [200, 409],
            },
            accept(invitee, id),
            {
              as: invitee,
              method: 'POST' as const,
              url: `/api/invitations/${id}/decline`,
              may: [200, 409],
            },
          ][round % 3] ?? accept(invitee, id);
        const [accepted, answered] = await ctx.fire([accept(invitee, id), other]);
        check(
          ctx,
          statusesAre(
            [accepted, answered].flatMap((r) => (r ? [r] : [])),
            [200, 409],
          ),
          'one answer did not win',
        );
        const after = await outcome(ctx, id, categoryId, invitee.id);
        const memberWanted =
          accepted?.status === 200 || (round % 3 === 1 && answered?.status === 200);
        check(
          ctx,
          after.member === memberWanted,
          `member ${after.member}, invitation ${after.status}`,
        );
        const statusWanted = memberWanted
          ? 'accepted'
          : ['cancelled', 'accepted', 'declined'][round % 3];
        check(
          ctx,
          after.status === statusWanted,
          `invitation ${after.status}, not ${statusWanted}`,
        );
      }
    },
  },
  {
    name: 'accept ‖ the owner deletes the category; invite ‖ the owner deletes the category',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const { invitee, categoryId, id } = await pendingInvitation(ctx, owner);
        const latecomer = await createUser(ctx.t);
        const [accepted, invited] = await ctx.fire([
          accept(invitee, id, [200, 404]),
          {
            as: owner,
            method: 'POST',
            url: `/api/categories/${categoryId}/members`,
            body: { username: latecomer.username, role: 'editor' },
            may: [201, 404],
          },
          deleteCategory(owner, categoryId),
        ]);
        const after = await outcome(ctx, id, categoryId, invitee.id);
        check(ctx, !after.member, `a member of a deleted category (accept: ${accepted?.status})`);
        // Nothing of the category is left to the invitee or to the one invited meanwhile.
        const tree = await must(ctx.t, 'GET', '/api/categories', invitee);
        const queue = await must(ctx.t, 'GET', '/api/study/queue', invitee);
        check(
          ctx,
          JSON.stringify([tree['items'], queue['items']]) === '[[],[]]',
          'the invitee still sees the category or its cards',
        );
        const waiting = await must(ctx.t, 'GET', '/api/invitations', latecomer);
        check(
          ctx,
          JSON.stringify(waiting['items']) === '[]',
          'an invitation to a deleted category is shown',
        );
        if (invited?.status === 201) {
          const late = await ctx.t.call({
            method: 'POST',
            url: `/api/invitations/${String(invited.payload['id'])}/accept`,
            token: latecomer.access,
          });
          check(
            ctx,
            late.status === 404,
            `an invitation to a deleted category answered ${late.status}`,
          );
        }
      }
    },
  },
  {
    name: 'change a member’s role ‖ remove the member ‖ the member leaves',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const member = await createUser(ctx.t);
        const categoryId = await createCategory(ctx.t, owner, { visibility: 'shared' });
        await addMember(ctx.t, owner, categoryId, member, 'viewer');
        const url = `/api/categories/${categoryId}/members/${member.id}`;
        const answers = await ctx.fire([
          { as: owner, method: 'PATCH', url, body: { role: 'editor' }, may: [200, 404] },
          { as: owner, method: 'DELETE', url, may: [200, 404] },
          {
            as: member,
            method: 'POST',
            url: `/api/categories/${categoryId}/leave`,
            may: [200, 404],
          },
        ]);
        const removals = answers.slice(1).filter((res) => res.status === 200).length;
        check(ctx, removals === 1, `${removals} of the removal and the leave answered 200`);
      }
    },
  },
  {
    name: 'the member leaves ‖ the owner deletes the category',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const member = await createUser(ctx.t);
        const categoryId = await createCategory(ctx.t, owner, { visibility: 'shared' });
        await addMember(ctx.t, owner, categoryId, member, 'editor');
        await ctx.fire([
          {
            as: member,
            method: 'POST',
            url: `/api/categories/${categoryId}/leave`,
            may: [200, 404],
          },
          {
            as: member,
            method: 'POST',
            url: '/api/cards',
            body: {
              front: 'late',
              answers: ['x'],
              fromLanguageCode: 'es',
              toLanguageCode: 'en',
              categoryId,
            },
            may: [201, 404],
          },
          deleteCategory(owner, categoryId),
        ]);
      }
    },
  },
];
