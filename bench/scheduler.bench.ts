import { pathToFileURL } from 'node:url';
import {
  averageRecall,
  constantRecallModel,
  defaultSchedulerSettings,
  elevationRecallModel,
  evaluate,
  fitMemoryParameters,
  memoryParameterNames,
  pickMemoryParameters,
  replay,
  type CardHistory,
  type Evaluation,
  type RecallModel,
} from '@glossa/srs';
import { fsrsRecallModel } from './lib/fsrs-model';
import { loadSeq2seq, seq2seqPath } from './lib/seq2seq';

/** Share of each card's reviews (after its first) that the fitter sees; the rest is scored. */
const TRAIN_SHARE = 0.5;
/** Cap on the training cards given to the fitter, to keep the run near a minute on 2 cores. */
const FIT_CARD_LIMIT = 10_000;

interface Split {
  train: CardHistory[];
  /** 0-based position of each card's first scored review. */
  testFrom: number[];
  trainReviews: number;
  testReviews: number;
}

/** Time-ordered split inside each card: the earlier reviews train, the later ones test. */
function splitByTime(histories: readonly CardHistory[]): Split {
  const train: CardHistory[] = [];
  const testFrom: number[] = [];
  let trainReviews = 0;
  let testReviews = 0;
  for (const history of histories) {
    const labelled = history.length - 1;
    const trained = Math.ceil(labelled * TRAIN_SHARE);
    train.push(history.slice(0, trained + 1));
    testFrom.push(trained + 1);
    trainReviews += trained;
    testReviews += labelled - trained;
  }
  return { train, testFrom, trainReviews, testReviews };
}

/** Evenly spaced cards when the training set is over the cap, so the sample is deterministic. */
function subsample(histories: CardHistory[], limit: number): CardHistory[] {
  if (histories.length <= limit) return histories;
  const step = histories.length / limit;
  return Array.from({ length: limit }, (_, i) => histories[Math.floor(i * step)] ?? []);
}

function scoreOnTest<S>(
  histories: readonly CardHistory[],
  split: Split,
  model: RecallModel<S>,
): Evaluation {
  const predictions = replay(histories, model, {
    scoreFrom: (_, card) => split.testFrom[card] ?? Number.POSITIVE_INFINITY,
  });
  return evaluate(predictions);
}

function row(name: string, result: Evaluation): string {
  return (
    `| ${name.padEnd(36)} | ${result.logLoss.toFixed(4).padStart(8)} | ` +
    `${result.rmseBins.toFixed(4).padStart(10)} | ${result.auc.toFixed(4).padStart(6)} |`
  );
}

export function schedulerBench(): void {
  const started = performance.now();
  const histories = loadSeq2seq();
  const split = splitByTime(histories);
  console.log(
    `${seq2seqPath}: ${histories.length} cards; time-ordered split inside each card: ` +
      `first ${TRAIN_SHARE * 100} % of its reviews to fit (${split.trainReviews}), ` +
      `the rest to score (${split.testReviews})`,
  );

  const defaults = pickMemoryParameters(defaultSchedulerSettings);
  const fitSet = subsample(split.train, FIT_CARD_LIMIT);
  if (fitSet.length < split.train.length) {
    console.log(`fitter subsample: ${fitSet.length} of ${split.train.length} cards`);
  }
  const fitStarted = performance.now();
  const fit = fitMemoryParameters(fitSet, defaults);
  const fitSeconds = (performance.now() - fitStarted) / 1000;
  console.log(
    `fit: ${fit.evaluations} evaluations in ${fitSeconds.toFixed(1)} s, pull ` +
      `${fit.priorWeight ?? 'none (defaults kept)'} chosen on held-out later reviews; training log loss ` +
      `${fit.logLossBefore.toFixed(4)} → ${fit.logLossAfter.toFixed(4)} (${fit.reviews} reviews)`,
  );
  for (const name of memoryParameterNames) {
    console.log(
      `  ${name.padEnd(52)} ${defaults[name].toFixed(3).padStart(6)} → ${fit.parameters[name].toFixed(3)}`,
    );
  }

  const results: [string, Evaluation][] = [
    [
      'constant average (train mean)',
      scoreOnTest(histories, split, constantRecallModel(averageRecall(split.train))),
    ],
    ['elevation, defaults', scoreOnTest(histories, split, elevationRecallModel(defaults))],
    ['elevation, fitted', scoreOnTest(histories, split, elevationRecallModel(fit.parameters))],
    ['FSRS-6 (ts-fsrs), default parameters', scoreOnTest(histories, split, fsrsRecallModel())],
  ];
  const scored = results[0]?.[1].count ?? 0;
  console.log(
    `\nscored on ${scored} later reviews (note: the defaults were fitted on this whole file, ` +
      'scored part included, by SCHEDULER.md)',
  );
  console.log(`| ${'model'.padEnd(36)} | log loss | RMSE(bins) |    AUC |`);
  console.log(`|${'-'.repeat(38)}|----------|------------|--------|`);
  for (const [name, result] of results) console.log(row(name, result));

  const fitted = results[2]?.[1].logLoss ?? Number.NaN;
  const fsrsDefault = results[3]?.[1].logLoss ?? Number.NaN;
  const met = fitted <= fsrsDefault;
  console.log(
    `\n${met ? 'MET ' : 'MISS'}  fitted elevation log loss ${fitted.toFixed(4)} vs FSRS-6 default ` +
      `${fsrsDefault.toFixed(4)}  (target: fitted elevation log loss ≤ FSRS-6 default log loss)`,
  );
  console.log(`run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  schedulerBench();
}
