import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

// One learner sending answers as fast as a client can (study-fairness.bench.ts runs it in a
// process of its own, so that its work does not delay the learners it is measured against).
// Arguments: a JSON object { url, bearer, cardIds, connections, seconds }. Prints one JSON line.

interface FloodOptions {
  url: string;
  bearer: string;
  cardIds: string[];
  connections: number;
  seconds: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as FloodOptions;
let sent = 0;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  requests: [
    {
      method: 'POST',
      path: '/api/study/reviews',
      setupRequest: (request) => {
        const cardId = options.cardIds[sent % options.cardIds.length];
        sent += 1;
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: options.bearer },
          body: JSON.stringify({
            cardId,
            guess: 'a flood of answers',
            clientReviewId: randomUUID(),
            elapsedMs: 10,
          }),
        };
      },
    },
  ],
});
const limited = result.statusCodeStats?.['429']?.count ?? 0;
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    ok: result['2xx'],
    limited,
    other: result.non2xx - limited,
    errors: result.errors,
  }),
);
