import { load, report } from './lib/load';
import { startBenchServer } from './lib/server';

/**
 * The cost of an authenticated call: GET /api/user/info (token verification, one joined lookup of
 * the session and the user's flags, then the user's info) against GET /api/health on the same
 * server in the same run. Target: at least 50 % of the health throughput.
 */
export async function authOverheadBench() {
  const server = await startBenchServer();
  try {
    const user = {
      username: 'bench_user',
      email: 'bench@example.com',
      password: 'correct horse battery',
    };
    const created = await fetch(`${server.url}/api/user/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: user.username, password: user.password }),
    });
    const { payload } = (await login.json()) as { payload: { access: string } };
    const bearer = `Bearer ${Buffer.from(payload.access).toString('base64')}`;

    const health = await load({ url: `${server.url}/api/health` });
    const info = await load({
      url: `${server.url}/api/user/info`,
      headers: { authorization: bearer },
    });
    const ratio = info.requestsPerSecond / health.requestsPerSecond;
    console.log(
      `health ${health.requestsPerSecond.toFixed(0)} req/s (p99 ${health.p99} ms); ` +
        `user/info ${info.requestsPerSecond.toFixed(0)} req/s (p99 ${info.p99} ms, non-2xx ${info.non2xx})`,
    );
    report(
      'authenticated GET /api/user/info vs /api/health (SQLite)',
      `${(ratio * 100).toFixed(0)} %`,
      '≥ 50 %',
      ratio >= 0.5 && info.non2xx === 0,
    );
  } finally {
    await server.close();
  }
}
