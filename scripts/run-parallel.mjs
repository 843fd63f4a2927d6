// `node scripts/run-parallel.mjs a b c`: runs `npm run a`, `npm run b` and `npm run c` at the same
// time (the format check, lint and typecheck are one process each and would leave a core idle one
// after the other). Each one's output is printed whole when it ends, so the logs do not interleave;
// the exit code is the first failure's, after all have ended.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>...');
  process.exit(2);
}

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = performance.now();
      const child = spawn('npm', ['run', '--silent', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: process.platform === 'win32',
      });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const status = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`;
        process.stdout.write(`\n> npm run ${script}: ${status} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code ?? 1);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
