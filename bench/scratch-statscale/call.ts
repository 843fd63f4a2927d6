import { performance } from 'node:perf_hooks';
import { startBenchServer } from '../lib/server';
import { call, signIn } from '../statistics.bench';

const kind = process.argv[2];
const paths = process.argv.slice(3);
const env =
  kind === 'pg'
    ? { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/glossa_statscale_keep' }
    : { DATA_DIR: '/tmp/statscale-sqlite' };
const server = await startBenchServer(env);
const bearer = await signIn(server);
for (const path of paths) {
  for (let i = 0; i < 3; i += 1) {
    const begin = performance.now();
    await call(server, 'GET', path, bearer);
    console.log(path, (performance.now() - begin).toFixed(1), 'ms');
  }
}
await server.stop();
