import { runWorkersFrom } from '../src/workers/start-worker';

// The in-process test apps start their worker threads from the build that the global setup made.
runWorkersFrom(new URL('../dist/', import.meta.url));
