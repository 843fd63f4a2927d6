import { authOverheadBench } from './auth-overhead.bench';
import { cardsImportBench } from './cards-import.bench';
import { cardsListBench } from './cards-list.bench';
import { studyQueueBench } from './study-queue.bench';
import { studyReviewsBench } from './study-reviews.bench';
import { studyRevisionsBench } from './study-revisions.bench';
import { studySummaryBench } from './study-summary.bench';

// Every benchmark prints its figure and its target; none fails the build on time.
const benches: [string, () => Promise<void>][] = [
  ['auth overhead', authOverheadBench],
  ['cards list', cardsListBench],
  ['cards import', cardsImportBench],
  ['study summary', studySummaryBench],
  ['study reviews', studyReviewsBench],
  ['study revisions', studyRevisionsBench],
  ['study queue', studyQueueBench],
];

for (const [name, run] of benches) {
  console.log(`\n== ${name}`);
  await run();
}
