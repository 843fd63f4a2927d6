import { performance } from 'node:perf_hooks';
import { report } from './lib/load';
import { startBenchServer } from './lib/server';

const rowCount = 50_000;
const targetMs = 10_000;

/** 50,000 rows of a realistic CSV: quoted cells, two answers, notes, a three-level category. */
function csv(): string {
  const lines = ['front,answers,notes,category'];
  for (let i = 0; i < rowCount; i += 1) {
    const topic = ['Food', 'Travel', 'Home', 'Work'][i % 4] ?? 'Food';
    lines.push(
      `"palabra ${i}, forma ${i % 7}","word ${i}; term ${i}","Una ""nota"" ${i}",Spanish/${topic}/Part ${i % 10}`,
    );
  }
  return lines.join('\r\n');
}

/**
 * POST /api/cards/import of 50,000 rows over HTTP on the real server and a fresh SQLite database:
 * parse, check every row, create 44 categories and insert all cards in one transaction.
 * Target (the cards issue): under 10 s.
 */
export async function cardsImportBench() {
  const server = await startBenchServer();
  try {
    const post = (path: string, body: unknown, bearer?: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(bearer ? { authorization: bearer } : {}),
        },
        body: JSON.stringify(body),
      });
    const user = {
      username: 'import_bench',
      email: 'import@example.com',
      password: 'correct horse battery',
    };
    if ((await post('/api/user/create', user)).status !== 201) throw new Error('sign-up failed');
    const login = await post('/api/auth/login', { login: user.username, password: user.password });
    const { payload } = (await login.json()) as { payload: { access: string } };
    const bearer = `Bearer ${Buffer.from(payload.access).toString('base64')}`;
    const text = csv();
    const begin = performance.now();
    const res = await post(
      '/api/cards/import',
      {
        format: 'csv',
        text,
        mapping: { front: 'front', answers: 'answers', notes: 'notes', category: 'category' },
        defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
      },
      bearer,
    );
    const elapsed = performance.now() - begin;
    const body = (await res.json()) as { payload: { imported?: number } };
    if (res.status !== 200 || body.payload.imported !== rowCount) {
      throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    report(
      `POST /api/cards/import, ${rowCount} rows (${(text.length / 1e6).toFixed(1)} MB CSV, SQLite)`,
      `${(elapsed / 1000).toFixed(2)} s`,
      `under ${targetMs / 1000} s`,
      elapsed < targetMs,
    );
  } finally {
    await server.close();
  }
}
