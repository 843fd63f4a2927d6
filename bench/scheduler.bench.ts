import { pathToFileURL } from 'node:url';
import {
  averageRecall,
  constantRecallModel,
  defaultSchedulerSettings,
  elevationRecallModel,
  evaluate,
  fitMemoryParameters,
  isSuccessfulGrade,
  logLoss,
  memoryParameterNames,
  nelderMead,
  pickMemoryParameters,
  replay,
  type CardHistory,
  type Evaluation,
  type RecallModel,
} from '@glossa/srs';
import { CLAMP_PARAMETERS, W17_W18_Ceiling, default_w } from 'ts-fsrs';
import { fsrsRecallModel } from './lib/fsrs-model';
import { loadSeq2seq, seq2seqPath } from './lib/seq2seq';

/** Share of each card's reviews (after its first) that the fitter sees; the rest is scored. */
const TRAIN_SHARE = 0.5;
/** Cap on the training cards given to the fitter, to keep the run near a minute on 2 cores. */
const FIT_CARD_LIMIT = 10_000;
/** FSRS-6 is slower to replay: its fit sees a third of the training cards… */
const FSRS_FIT_CARD_LIMIT = 3_000;
/** …and a fixed budget of Nelder–Mead evaluations on its 21 parameters. */
const FSRS_FIT_EVALUATIONS = 800;

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

/**
 * FSRS-6's 21 parameters fitted like the elevation model's (log loss of the replay, Nelder–Mead in
 * the unit cube of ts-fsrs's own bounds, from its defaults), on the same training part.
 */
function fitFsrs(train: readonly CardHistory[]): {
  weights: number[];
  before: number;
  after: number;
} {
  const bounds = CLAMP_PARAMETERS(W17_W18_Ceiling);
  const toWeights = (unit: readonly number[]) =>
    unit.map((u, i) => {
      const [min = 0, max = 0] = bounds[i] ?? [];
      return min + u * (max - min);
    });
  const start = default_w.map((w, i) => {
    const [min = 0, max = 0] = bounds[i] ?? [];
    return max > min ? (w - min) / (max - min) : 0;
  });
  const objective = (unit: readonly number[]) =>
    logLoss(replay(train, fsrsRecallModel(toWeights(unit))));
  const result = nelderMead(objective, start, FSRS_FIT_EVALUATIONS);
  return { weights: toWeights(result.point), before: objective(start), after: result.value };
}

/** Share recalled among the reviews after at least `days` days, in the fitted and scored parts. */
function longIntervalRecall(histories: readonly CardHistory[], split: Split, days: number): string {
  const parts = [
    { n: 0, y: 0 },
    { n: 0, y: 0 },
  ];
  histories.forEach((history, card) => {
    const from = split.testFrom[card] ?? Number.POSITIVE_INFINITY;
    for (let j = 1; j < history.length; j++) {
      const review = history[j];
      if (!review || review.elapsedDays < days) continue;
      const part = parts[j < from ? 0 : 1];
      if (!part) continue;
      part.n++;
      if (isSuccessfulGrade(review.grade)) part.y++;
    }
  });
  const [fitted, scored] = parts.map(({ n, y }) => `${((100 * y) / n).toFixed(1)} % of ${n}`);
  return (
    `recalled after ≥ ${days} days: fitted part ${fitted ?? ''}, scored part ${scored ?? ''} ` +
    '(the split sends long-interval failures, which are followed by relearning reviews, to the ' +
    'earlier half)'
  );
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

  const fsrsStarted = performance.now();
  const fsrsFit = fitFsrs(subsample(split.train, FSRS_FIT_CARD_LIMIT));
  console.log(
    `FSRS-6 fit: ${FSRS_FIT_EVALUATIONS} evaluations on ` +
      `${Math.min(FSRS_FIT_CARD_LIMIT, split.train.length)} training cards in ` +
      `${((performance.now() - fsrsStarted) / 1000).toFixed(1)} s; training log loss ` +
      `${fsrsFit.before.toFixed(4)} → ${fsrsFit.after.toFixed(4)}`,
  );
  console.log(longIntervalRecall(histories, split, 32));

  const results: [string, Evaluation][] = [
    [
      'constant average (train mean)',
      scoreOnTest(histories, split, constantRecallModel(averageRecall(split.train))),
    ],
    ['elevation, defaults', scoreOnTest(histories, split, elevationRecallModel(defaults))],
    ['elevation, fitted', scoreOnTest(histories, split, elevationRecallModel(fit.parameters))],
    ['FSRS-6 (ts-fsrs), default parameters', scoreOnTest(histories, split, fsrsRecallModel())],
    ['FSRS-6 (ts-fsrs), fitted', scoreOnTest(histories, split, fsrsRecallModel(fsrsFit.weights))],
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
  const fsrsFitted = results[4]?.[1].logLoss ?? Number.NaN;
  console.log(
    `      fitting FSRS-6 on the same earlier part moves it ${fsrsDefault.toFixed(4)} → ` +
      `${fsrsFitted.toFixed(4)}: the earlier part does not predict the later one for either model`,
  );
  console.log(`run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  schedulerBench();
}
