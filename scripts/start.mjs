// `npm start`: builds the web app and the server when their builds are missing or older than
// their sources, then runs the compiled server (`node apps/server/dist/main.js`) on the embedded
// defaults (SQLite and the mail outbox under ./data).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, newestMtime } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// The engines of package.json, said plainly: on an older Node the server would not even load its
// SQLite driver.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Glossa runs on Node.js 22 (22.12 or later) or 24, the current LTS lines; this is ${process.version}.`,
  );
  process.exit(1);
}

function build(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const webBuild = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/public',
  'packages/contract/src',
  'packages/srs/src',
];
const webSourceTime = Math.max(...webSources.map((s) => newestMtime(path.join(root, s))));
if (!fs.existsSync(webBuild) || fs.statSync(webBuild).mtimeMs < webSourceTime) {
  console.log('Building the web app…');
  build('@glossa/web');
}
if (buildIsStale()) {
  console.log('Building the server…');
  build('@glossa/server');
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
