import { ankiImportBench } from './anki-import.bench';
import { authOverheadBench } from './auth-overhead.bench';
import { cardsImportBench } from './cards-import.bench';
import { cardsListBench } from './cards-list.bench';
import { exploreBench } from './explore.bench';
import { jsonDepthBench } from './json-depth.bench';
import { liveBench } from './live.bench';
import { scoringBench } from './scoring.bench';
import { searchBench } from './search.bench';
import { statisticsBench } from './statistics.bench';
import { studyFairnessBench } from './study-fairness.bench';
import { studyQueueBench } from './study-queue.bench';
import { studyReviewsBench } from './study-reviews.bench';
import { studyRevisionsBench } from './study-revisions.bench';
import { studySummaryBench } from './study-summary.bench';
import { translateSuggestionsBench } from './translate-suggestions.bench';

// Every benchmark prints its figure and its target; none fails the build on time.
const benches: [string, () => Promise<void>][] = [
  ['scoring', scoringBench],
  ['auth overhead', authOverheadBench],
  ['cards list', cardsListBench],
  ['JSON depth', jsonDepthBench],
  ['cards import', cardsImportBench],
  ['Anki import', ankiImportBench],
  ['study summary', studySummaryBench],
  ['statistics', async () => void (await statisticsBench())],
  ['study reviews', studyReviewsBench],
  ['study fairness', studyFairnessBench],
  ['study revisions', studyRevisionsBench],
  ['study queue', studyQueueBench],
  ['translate suggestions', translateSuggestionsBench],
  ['explore', exploreBench],
  ['search', searchBench],
  ['live updates', liveBench],
];

for (const [name, run] of benches) {
  console.log(`\n== ${name}`);
  await run();
}
