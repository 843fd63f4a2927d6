// The live bench's clients, in a thread of their own so that the server's heap (the main
// thread's) holds only the server's side of each socket. Told { url, bearers, perLearner }, it
// opens perLearner sockets per bearer, posts 'ready' once every one said hello, then posts the
// arrival time of each card.created event (epoch ms, high resolution) in batches.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, bearers, perLearner } = workerData;
const now = () => performance.timeOrigin + performance.now();
let arrivals = [];
let flushing = false;
const flush = () => {
  flushing = false;
  if (arrivals.length === 0) return;
  parentPort.postMessage({ type: 'arrivals', arrivals });
  arrivals = [];
};

let greeted = 0;
const total = bearers.length * perLearner;
const sockets = [];
for (const bearer of bearers) {
  for (let i = 0; i < perLearner; i += 1) {
    const socket = new WebSocket(`${url}?Authorization=${encodeURIComponent(bearer)}`);
    socket.on('message', (data) => {
      const event = JSON.parse(String(data));
      if (event.type === 'hello') {
        greeted += 1;
        if (greeted === total) parentPort.postMessage({ type: 'ready' });
        return;
      }
      if (event.type !== 'card.created') return;
      arrivals.push([event.data.id, now()]);
      if (!flushing) {
        flushing = true;
        setTimeout(flush, 20);
      }
    });
    socket.on('error', (error) =>
      parentPort.postMessage({ type: 'error', message: String(error) }),
    );
    sockets.push(socket);
  }
}

parentPort.on('message', (message) => {
  if (message === 'close') {
    for (const socket of sockets) socket.close();
    setTimeout(() => process.exit(0), 200);
  }
});
