import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';

// The admins' users tab (docs/decisions/0033-admin-and-plans.md) over HTTP on the real server:
// ADMIN_BENCH_USERS users (100,000), some with sessions, searched by username and e-mail
// prefixes of every length and paged in each sort, p95 of sequential requests, target < 20 ms.

const totalUsers = Number(process.env['ADMIN_BENCH_USERS'] ?? 100_000);
const samples = Number(process.env['ADMIN_BENCH_SAMPLES'] ?? 200);
const warmup = 20;
const targetMs = 20;
const batch = 1000;
const password = 'correct horse battery';

const first = ['ana', 'bo', 'carla', 'dmitri', 'eva', 'femi', 'guo', 'hana', 'ivan', 'jun'];

async function seed(server: BenchServer): Promise<void> {
  const { db } = server.app.deps;
  const start = Date.now() - 365 * 86_400_000;
  for (let offset = 0; offset < totalUsers; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(totalUsers, offset + batch); i += 1) {
      const name = `${first[i % first.length] ?? 'x'}_${i.toString(36)}`;
      rows.push({
        id: randomUUID(),
        username: name,
        username_lower: name,
        username_skeleton: name,
        email: `${name}@mail${i % 7}.example`,
        email_lower: `${name}@mail${i % 7}.example`,
        email_verified: i % 3 === 0 ? 0 : 1,
        password_hash: 'x',
        role: 'user' as const,
        is_freeloaded: i % 50 === 0 ? 1 : 0,
        disabled: i % 97 === 0 ? 1 : 0,
        security_stamp: randomUUID(),
        settings: '{}',
        created_at: start + i * 300,
        updated_at: start + i * 300,
      });
    }
    await db.insertInto('users').values(rows).execute();
  }
  // As autovacuum would after such a load: the planner's statistics of the users table.
  if (server.app.deps.dbKind === 'postgres') await sql`analyze users`.execute(db);
}

const post = (server: BenchServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function adminBearer(server: BenchServer): Promise<string> {
  const name = 'bench_admin';
  await post(server, '/api/user/create', { username: name, email: `${name}@x.example`, password });
  await server.app.deps.db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('username', '=', name)
    .execute();
  const login = await post(server, '/api/auth/login', { login: name, password });
  const { payload } = (await login.json()) as { payload: { access: string } };
  return `Bearer ${Buffer.from(payload.access).toString('base64')}`;
}

async function measure(server: BenchServer, bearer: string, query: string): Promise<number[]> {
  const times: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < warmup + samples; i += 1) {
    const url = `${server.url}/api/admin/users?${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: bearer } });
    const body = (await res.json()) as { payload: { nextCursor: string | null } };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    // Page on through the list, back to its start at its end.
    cursor = body.payload.nextCursor;
    if (i >= warmup) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

const queries: [string, string][] = [
  ['newest first, paged', 'sort=created&limit=50'],
  ['username A→Z, paged', 'sort=username&limit=50'],
  ['prefix "a" (10% of users), newest first', 'q=a&limit=50'],
  ['prefix "carla_1" (~0.4%), by username', 'q=carla_1&sort=username&limit=50'],
  ['prefix "j" (10%), by username', 'q=j&sort=username&limit=50'],
  ['e-mail prefix "jun_2a"', 'q=jun_2a&limit=50'],
  ['a whole username', 'q=eva_2bz&limit=50'],
  ['no match', 'q=zzz&limit=50'],
];

export async function runAdminUsersBench(): Promise<boolean> {
  let ok = true;
  await onBothDatabases('admin', async (kind, server) => {
    const seeded = performance.now();
    await seed(server);
    console.log(
      `${kind}: ${totalUsers} users seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
    );
    const bearer = await adminBearer(server);
    for (const [label, query] of queries) {
      const times = await measure(server, bearer, query);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      if (p95 >= targetMs) ok = false;
      console.log(
        `${kind.padEnd(10)} ${label.padEnd(44)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms` +
          (p95 >= targetMs ? `  (over ${targetMs} ms)` : ''),
      );
    }
  });
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await runAdminUsersBench();
  process.exitCode = ok ? 0 : 1;
}
