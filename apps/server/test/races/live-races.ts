import WebSocket from 'ws';
import { socketAddress, socketCredential } from '../../src/modules/live/live.test-support';
import { createUser, signIn } from '../factories';
import { check, statusesAre, type RaceGroup } from './race-support';

// Races of the live updates' socket (docs/decisions/0032-live-updates.md).

/**
 * Opens a socket with the access token and answers how it ended, within `ms`: refused before
 * the upgrade (its HTTP status), closed (its close code), or 'open' still.
 */
function socketOutcome(address: string, access: string, ms: number): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `${address}?Authorization=${encodeURIComponent(socketCredential(access))}`,
    );
    const timer = setTimeout(() => {
      resolve('open');
      ws.terminate();
    }, ms);
    ws.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      resolve(`refused ${response.statusCode ?? 0}`);
      ws.terminate();
    });
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(`closed ${code}`);
    });
    ws.once('error', () => undefined);
  });
}

export const liveRaces: RaceGroup[] = [
  {
    name: 'a socket opening ‖ its session signed out: never left open',
    async run(ctx) {
      const address = await socketAddress(ctx.t.app);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const user = await createUser(ctx.t);
        const session = await signIn(ctx.t, user.username, user.password);
        const [outcome, answers] = await Promise.all([
          socketOutcome(address, session.access, 1500),
          ctx.fire([
            {
              as: { ...user, access: session.access },
              method: 'POST',
              url: '/api/auth/logout',
              may: [200],
            },
          ]),
        ]);
        check(ctx, statusesAre(answers, [200]), `logout: ${answers.map((r) => r.status).join()}`);
        check(
          ctx,
          outcome === 'refused 401' || outcome === 'closed 4401',
          `the socket of a signed-out session ended ${outcome}`,
        );
      }
    },
  },
];
