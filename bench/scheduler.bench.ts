import { pathToFileURL } from 'node:url';
import {
  averageRecall,
  calendarCuts,
  constantRecallModel,
  defaultSchedulerSettings,
  elevationRecallModel,
  evaluate,
  firstReviewAfter,
  fitMemoryParameters,
  fitWithPrior,
  isSuccessfulGrade,
  logLoss,
  memoryParameterNames,
  nelderMead,
  pickMemoryParameters,
  replay,
  seededRandom,
  type CardHistory,
  type Evaluation,
  type RecallModel,
  type ReplayPrediction,
} from '@glossa/srs';
import { CLAMP_PARAMETERS, W17_W18_Ceiling, default_w } from 'ts-fsrs';
import { fsrsRecallModel, type FsrsModelOptions } from './lib/fsrs-model';
import { loadSeq2seq, seq2seqPath } from './lib/seq2seq';

/** FSRS-6 is slower to replay: its fit sees a third of the training cards… */
const FSRS_FIT_CARD_LIMIT = 3_000;
/** …and a fixed budget of Nelder–Mead evaluations on its 21 parameters. */
const FSRS_FIT_EVALUATIONS = 800;
/** Nelder–Mead budget of each round of the ceiling fit (it replays the whole file each time). */
const CEILING_EVALUATIONS = 400;
/** Resamples of the cards for the confidence interval of a difference in log loss. */
const BOOTSTRAP_RESAMPLES = 1_000;

/**
 * How each card's reviews are split into an earlier part to fit and a later part to score
 * (SCHEDULER_SPLIT=kind:value). The file has no calendar time, only each card's own intervals.
 */
interface SplitKind {
  name: string;
  value: number;
  describe: string;
  /** 0-based position of each card's first scored review. */
  cuts: (histories: readonly CardHistory[]) => number[];
  /** Whether the cut reads the card's later reviews: the scored part is then not a forecast. */
  looksAhead: boolean;
}

function splitKind(spec: string): SplitKind {
  const [name = '', raw] = spec.split(':');
  const value = raw === undefined ? Number.NaN : Number(raw);
  switch (name) {
    case 'age': {
      const days = Number.isFinite(value) ? value : 60;
      return {
        name,
        value: days,
        describe: `each card's reviews in its first ${days} days are fitted, its later ones scored`,
        cuts: (histories) => histories.map((history) => firstReviewAfter(history, days)),
        looksAhead: false,
      };
    }
    case 'calendar': {
      const share = Number.isFinite(value) ? value : 0.5;
      return {
        name,
        value: share,
        describe:
          `an emulated calendar cut-off: cards begun on random days of a collection as long as ` +
          `the longest card history, cut where ${share * 100} % of the reviews come after it`,
        cuts: (histories) => calendarCuts(histories, share, 'scheduler bench split').cuts,
        looksAhead: false,
      };
    }
    case 'position': {
      const reviews = Number.isFinite(value) ? value : 6;
      return {
        name,
        value: reviews,
        describe: `each card's first ${reviews} reviews are fitted, its later ones scored`,
        cuts: (histories) => histories.map(() => reviews),
        looksAhead: false,
      };
    }
    case 'share': {
      const share = Number.isFinite(value) ? value : 0.5;
      return {
        name,
        value: share,
        describe: `the first ${share * 100} % of each card's own reviews are fitted, the rest scored`,
        cuts: (histories) =>
          histories.map((history) => Math.ceil((history.length - 1) * share) + 1),
        looksAhead: true,
      };
    }
    default:
      throw new Error(
        `SCHEDULER_SPLIT=${spec}: use age[:days], calendar[:days], position[:reviews] or share[:fraction]`,
      );
  }
}

interface Split {
  kind: SplitKind;
  train: CardHistory[];
  /** 0-based position of each card's first scored review. */
  testFrom: number[];
  trainReviews: number;
  testReviews: number;
}

function split(histories: readonly CardHistory[], kind: SplitKind): Split {
  const cuts = kind.cuts(histories);
  const testFrom = histories.map((history, card) =>
    Math.min(history.length, Math.max(1, cuts[card] ?? 1)),
  );
  const train = histories.map((history, card) => history.slice(0, testFrom[card]));
  const labelled = histories.reduce((sum, history) => sum + Math.max(0, history.length - 1), 0);
  const trainReviews = train.reduce((sum, history) => sum + Math.max(0, history.length - 1), 0);
  return { kind, train, testFrom, trainReviews, testReviews: labelled - trainReviews };
}

function scored<S>(
  histories: readonly CardHistory[],
  at: Split,
  model: RecallModel<S>,
): ReplayPrediction[] {
  return replay(histories, model, {
    scoreFrom: (_, card) => at.testFrom[card] ?? Number.POSITIVE_INFINITY,
  });
}

/** Share recalled in the fitted and the scored part, overall and after ≥ `days` days. */
function partRecall(histories: readonly CardHistory[], at: Split, days: number): string {
  const parts = Array.from({ length: 4 }, () => ({ n: 0, y: 0 }));
  histories.forEach((history, card) => {
    const from = at.testFrom[card] ?? Number.POSITIVE_INFINITY;
    for (let j = 1; j < history.length; j++) {
      const review = history[j];
      if (!review) continue;
      const y = isSuccessfulGrade(review.grade) ? 1 : 0;
      const base = j < from ? 0 : 2;
      for (const index of review.elapsedDays >= days ? [base, base + 1] : [base]) {
        const part = parts[index];
        if (part) {
          part.n++;
          part.y += y;
        }
      }
    }
  });
  const [fitted, fittedLong, scoredAll, scoredLong] = parts.map(
    ({ n, y }) => `${((100 * y) / n).toFixed(1)} %`,
  );
  return (
    `recalled: fitted part ${fitted ?? ''} (${fittedLong ?? ''} after ≥ ${days} days), ` +
    `scored part ${scoredAll ?? ''} (${scoredLong ?? ''})`
  );
}

/**
 * FSRS-6's 21 parameters fitted like the elevation model's (log loss of the replay, Nelder–Mead in
 * the unit cube of ts-fsrs's own bounds, from its defaults), on the same training part.
 */
function fitFsrs(
  train: readonly CardHistory[],
  options: FsrsModelOptions = {},
): {
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
    logLoss(replay(train, fsrsRecallModel(toWeights(unit), options)));
  const result = nelderMead(objective, start, FSRS_FIT_EVALUATIONS);
  return { weights: toWeights(result.point), before: objective(start), after: result.value };
}

/** Evenly spaced cards when over the cap, so the sample is deterministic. */
function subsample(histories: CardHistory[], limit: number): CardHistory[] {
  if (histories.length <= limit) return histories;
  const step = histories.length / limit;
  return Array.from({ length: limit }, (_, i) => histories[Math.floor(i * step)] ?? []);
}

/**
 * 95 % interval of the difference in mean log loss between two models' predictions of the same
 * reviews, resampling whole cards (a card's reviews are not independent of each other).
 */
function differenceInterval(
  a: readonly ReplayPrediction[],
  b: readonly ReplayPrediction[],
): [number, number] {
  const perCard = new Map<number, { d: number; n: number }>();
  a.forEach((prediction, i) => {
    const other = b[i];
    if (!other) return;
    const entry = perCard.get(prediction.card) ?? { d: 0, n: 0 };
    entry.d += logLoss([prediction]) - logLoss([other]);
    entry.n++;
    perCard.set(prediction.card, entry);
  });
  const cards = [...perCard.values()];
  const random = seededRandom('scheduler bench bootstrap');
  const means: number[] = [];
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    let d = 0;
    let n = 0;
    for (let i = 0; i < cards.length; i++) {
      const card = cards[Math.floor(random() * cards.length)];
      if (!card) continue;
      d += card.d;
      n += card.n;
    }
    means.push(d / n);
  }
  means.sort((x, y) => x - y);
  const at = (q: number) => means[Math.round(q * (means.length - 1))] ?? Number.NaN;
  return [at(0.025), at(0.975)];
}

function row(name: string, result: Evaluation): string {
  return (
    `| ${name.padEnd(46)} | ${result.logLoss.toFixed(4).padStart(8)} | ` +
    `${result.rmseBins.toFixed(4).padStart(10)} | ${result.auc.toFixed(4).padStart(6)} |`
  );
}

const signed = (x: number, digits = 4) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

export function schedulerBench(spec = process.env.SCHEDULER_SPLIT ?? 'calendar'): void {
  const started = performance.now();
  const histories = loadSeq2seq();
  const at = split(histories, splitKind(spec));
  console.log(
    `${seq2seqPath}: ${histories.length} cards. Split ${at.kind.name}: ${at.kind.describe} ` +
      `(${at.trainReviews} fitted, ${at.testReviews} scored)`,
  );
  console.log(`  ${partRecall(histories, at, 32)}`);
  if (at.kind.looksAhead) {
    console.log(
      "  WARNING: this cut reads how many reviews each card has in all, its future. A card's " +
        'last reviews are mostly successes (a failure is soon followed by a relearning review), ' +
        'so the later part is rich in successes and is no forecast. Use calendar, age or position.',
    );
  } else {
    const ahead = split(histories, splitKind('share'));
    console.log(
      `  (the look-ahead split by share of each card's reviews gives instead: ` +
        `${partRecall(histories, ahead, 32)})`,
    );
  }

  const defaults = pickMemoryParameters(defaultSchedulerSettings);
  const fitStarted = performance.now();
  const fit = fitMemoryParameters(at.train, defaults);
  console.log(
    `\nelevation fit: ${fit.evaluations} evaluations in ` +
      `${((performance.now() - fitStarted) / 1000).toFixed(1)} s; training log loss ` +
      `${fit.logLossBefore.toFixed(4)} → ${fit.logLossAfter.toFixed(4)} (${fit.reviews} reviews)`,
  );
  if (fit.validation) {
    const { collectionDays, cutOffDay, heldOutReviews, startLogLoss, startStandardError } =
      fit.validation;
    const candidate = (c: { priorWeight: number; logLoss: number; standardError: number }) =>
      `w ${c.priorWeight} ${c.logLoss.toFixed(4)} (±${c.standardError.toFixed(4)})`;
    console.log(
      `  pull chosen on the ${heldOutReviews} training reviews after day ${cutOffDay.toFixed(0)} ` +
        `of ${collectionDays} (emulated calendar), strongest within one standard error of the ` +
        `best: ` +
        `defaults ${startLogLoss.toFixed(4)} (±${startStandardError.toFixed(4)}), ` +
        `${fit.validation.candidates.map(candidate).join(', ')} → ` +
        `${fit.fitted ? `w ${fit.priorWeight ?? ''}` : 'defaults kept'}`,
    );
  }
  for (const name of memoryParameterNames) {
    console.log(
      `  ${name.padEnd(52)} ${defaults[name].toFixed(3).padStart(6)} → ${fit.parameters[name].toFixed(3)}`,
    );
  }

  const fsrsFits = [false, true].map((passFail) => {
    const fsrsStarted = performance.now();
    const result = fitFsrs(subsample(at.train, FSRS_FIT_CARD_LIMIT), { passFail });
    console.log(
      `FSRS-6 fit${passFail ? ' (pass/fail grades)' : ''}: ${FSRS_FIT_EVALUATIONS} evaluations ` +
        `on ${Math.min(FSRS_FIT_CARD_LIMIT, at.train.length)} training cards in ` +
        `${((performance.now() - fsrsStarted) / 1000).toFixed(1)} s; training log loss ` +
        `${result.before.toFixed(4)} → ${result.after.toFixed(4)}`,
    );
    return result.weights;
  });

  // Not a forecast: the elevation numbers fitted to the scored reviews themselves (no pull, the
  // spans searched too) bound what any fit of this model could reach on them.
  const ceilingStarted = performance.now();
  const ceiling = fitWithPrior(histories, defaults, {
    priorWeight: 0,
    maxEvaluations: CEILING_EVALUATIONS,
    scoreFrom: (card) => at.testFrom[card] ?? Number.POSITIVE_INFINITY,
  });
  console.log(
    `elevation ceiling fit on the scored reviews: ${ceiling.evaluations} evaluations in ` +
      `${((performance.now() - ceilingStarted) / 1000).toFixed(1)} s`,
  );

  const predictions: [string, ReplayPrediction[]][] = [
    [
      'constant average (training mean)',
      scored(histories, at, constantRecallModel(averageRecall(at.train))),
    ],
    ['elevation, defaults', scored(histories, at, elevationRecallModel(defaults))],
    ['elevation, fitted', scored(histories, at, elevationRecallModel(fit.parameters))],
    ['FSRS-6 (ts-fsrs), default parameters', scored(histories, at, fsrsRecallModel())],
    ['FSRS-6 (ts-fsrs), fitted', scored(histories, at, fsrsRecallModel(fsrsFits[0]))],
    [
      'elevation fitted on the scored part (ceiling)',
      scored(histories, at, elevationRecallModel(ceiling.parameters)),
    ],
    [
      'FSRS-6 default, pass/fail grades only',
      scored(histories, at, fsrsRecallModel(undefined, { passFail: true })),
    ],
    [
      'FSRS-6 fitted, pass/fail grades only',
      scored(histories, at, fsrsRecallModel(fsrsFits[1], { passFail: true })),
    ],
  ];
  const results = predictions.map(([name, list]) => [name, evaluate(list)] as const);
  console.log(
    `\nscored on ${results[0]?.[1].count ?? 0} later reviews (the elevation defaults were ` +
      'fitted on this whole file, scored part included, by docs/scheduler.md; the ceiling is no ' +
      'forecast, only the best these formulas can do on the scored part; the last two rows give ' +
      'FSRS-6 only what the elevation model reads: Hard and Easy replayed as Good)',
  );
  console.log(`| ${'model'.padEnd(46)} | log loss | RMSE(bins) |    AUC |`);
  console.log(`|${'-'.repeat(48)}|----------|------------|--------|`);
  for (const [name, result] of results) console.log(row(name, result));

  const fitted = results[2]?.[1].logLoss ?? Number.NaN;
  const fsrsDefault = results[3]?.[1].logLoss ?? Number.NaN;
  const [low, high] = differenceInterval(predictions[2]?.[1] ?? [], predictions[3]?.[1] ?? []);
  console.log(
    `\n${fitted <= fsrsDefault ? 'MET ' : 'MISS'}  fitted elevation log loss ${fitted.toFixed(4)} ` +
      `vs FSRS-6 default ${fsrsDefault.toFixed(4)} (target: ≤); difference ` +
      `${signed(fitted - fsrsDefault)}, 95 % interval over cards ${signed(low)} … ${signed(high)}`,
  );
  const ceilingLoss = results[5]?.[1].logLoss ?? Number.NaN;
  console.log(
    `      the ceiling ${ceilingLoss.toFixed(5)} is ${signed(ceilingLoss - fsrsDefault, 5)} from ` +
      `FSRS-6 default; fitting FSRS-6 on the same earlier part gives ` +
      `${(results[4]?.[1].logLoss ?? Number.NaN).toFixed(4)}`,
  );
  const passFail = results[6]?.[1].logLoss ?? Number.NaN;
  const elevationDefault = results[1]?.[1].logLoss ?? Number.NaN;
  console.log(
    `      replayed on pass/fail grades alone (all the elevation model reads), FSRS-6 default ` +
      `scores ${passFail.toFixed(4)}, ${signed(passFail - elevationDefault)} from the elevation ` +
      `defaults${passFail > elevationDefault ? ': its lead over them comes from the Hard and Easy grades' : ''}`,
  );
  console.log(`run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  schedulerBench();
}
