// `node scripts/run-parallel.mjs a b c`: runs `npm run a`, `npm run b` and `npm run c` at the same
// time (the format check, lint and typecheck are one process each and would leave a core idle one
// after the other). Each one's output is printed whole when it ends, so the logs do not interleave;
// the exit code is the first failure's, after all have ended. When one fails, a summary at the very
// end names it and repeats the end of its output, so a log cut to its last lines still shows why.
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
        resolve({ script, code: code ?? 1, status, output: Buffer.concat(output).toString() });
      });
    }),
);

const results = await Promise.all(runs);
const failures = results.filter((result) => result.code !== 0);
for (const failure of failures) {
  const lines = failure.output.split('\n');
  process.stdout.write(
    `\n> the end of npm run ${failure.script} (${failure.status}), again:\n` +
      lines.slice(-120).join('\n') +
      '\n',
  );
}
process.stdout.write(
  `\n> ${results.map((result) => `npm run ${result.script}: ${result.status}`).join('; ')}\n`,
);
process.exit(failures[0]?.code ?? 0);
