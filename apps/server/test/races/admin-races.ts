import { api, fillPath } from '@glossa/contract';
import { createUser, signIn } from '../factories';
import { check, statusesAre, type RaceGroup } from './race-support';

// Races of the admin area (docs/decisions/0033-admin-and-plans.md).

const roleUrl = (id: string) => fillPath(api.admin.setRole.path, { id });

export const adminRaces: RaceGroup[] = [
  {
    name: 'two admins unmaking each other at once: one admin is left',
    async run(ctx) {
      for (let round = 0; round < ctx.rounds; round += 1) {
        const a = await createUser(ctx.t, { verified: true, role: 'admin' });
        const b = await createUser(ctx.t, { verified: true, role: 'admin' });
        const answers = await ctx.fire([
          { as: a, method: 'POST', url: roleUrl(b.id), body: { role: 'user' }, may: [200, 403] },
          { as: b, method: 'POST', url: roleUrl(a.id), body: { role: 'user' }, may: [200, 403] },
        ]);
        check(ctx, statusesAre(answers, [200, 403]), `${answers.map((r) => r.status).join()}`);
        const admins = await ctx.t.app.deps.db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', [a.id, b.id])
          .where('role', '=', 'admin')
          .execute();
        check(ctx, admins.length === 1, `${admins.length} of the two are admins`);
      }
    },
  },
  {
    name: 'an account disabled ‖ its session refreshed: no token of it works after',
    async run(ctx) {
      const admin = await createUser(ctx.t, { verified: true, role: 'admin' });
      for (let round = 0; round < ctx.rounds; round += 1) {
        const learner = await createUser(ctx.t);
        const session = await signIn(ctx.t, learner.username, learner.password);
        const [, refreshed] = await ctx.fire([
          {
            as: admin,
            method: 'POST',
            url: fillPath(api.admin.setDisabled.path, { id: learner.id }),
            body: { disabled: true },
            may: [200],
          },
          {
            as: undefined,
            method: 'POST',
            url: api.auth.refresh.path,
            body: { refresh: session.refresh },
            may: [200, 401],
          },
        ]);
        const tokens = [learner.access, session.access];
        const fresh = refreshed?.status === 200 ? refreshed.payload['access'] : undefined;
        if (typeof fresh === 'string') tokens.push(fresh);
        for (const token of tokens) {
          const info = await ctx.t.call({ method: 'GET', url: api.user.info.path, token });
          check(ctx, info.status === 401, `a token of a disabled account answered ${info.status}`);
        }
        const live = await ctx.t.app.deps.db
          .selectFrom('sessions')
          .select('token_id')
          .where('user_id', '=', learner.id)
          .where('revoked_at', 'is', null)
          .execute();
        check(ctx, live.length === 0, `${live.length} sessions of a disabled account left open`);
      }
    },
  },
  {
    name: 'an account deleted by an admin ‖ granted free premium by another: gone, audited',
    async run(ctx) {
      const a = await createUser(ctx.t, { verified: true, role: 'admin' });
      const b = await createUser(ctx.t, { verified: true, role: 'admin' });
      for (let round = 0; round < ctx.rounds; round += 1) {
        const learner = await createUser(ctx.t);
        const answers = await ctx.fire([
          {
            as: a,
            method: 'POST',
            url: fillPath(api.admin.deleteUser.path, { id: learner.id }),
            body: { username: learner.username },
            may: [200],
          },
          {
            as: b,
            method: 'POST',
            url: fillPath(api.admin.setFreeloaded.path, { id: learner.id }),
            body: { isFreeloaded: true },
            may: [200, 404],
          },
        ]);
        check(ctx, answers[0]?.status === 200, 'the deletion did not answer 200');
        const left = await ctx.t.app.deps.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', learner.id)
          .execute();
        check(ctx, left.length === 0, 'the deleted account is still there');
        const audit = await ctx.t.app.deps.db
          .selectFrom('admin_audit')
          .select('action')
          .where('target_id', '=', learner.id)
          .execute();
        check(
          ctx,
          audit.some((entry) => entry.action === 'user.deleted'),
          'no audit entry of the deletion',
        );
      }
    },
  },
];
