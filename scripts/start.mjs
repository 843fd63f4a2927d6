// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server on the embedded defaults (SQLite and the mail outbox under ./data).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'packages/contract/src',
  'packages/srs/src',
];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@glossa/web'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, ['apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
