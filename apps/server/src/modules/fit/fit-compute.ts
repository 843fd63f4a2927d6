import {
  memorySettingNames,
  schedulerNumberSettings,
  type MemorySettings,
  type StudyFit,
} from '@glossa/contract';
import {
  defaultSchedulerSettings,
  fitMemoryParameters,
  memoryLogLoss,
  seededRandom,
  type CardHistory,
  type Grade,
  type HistoryReview,
} from '@glossa/srs';

/**
 * Every card's history packed in three flat arrays, so it crosses to the worker thread without a
 * copy: card c holds the reviews starts[c] … starts[c + 1] − 1.
 */
export interface PackedHistories {
  starts: Uint32Array<ArrayBuffer>;
  elapsedDays: Float64Array<ArrayBuffer>;
  grades: Uint8Array<ArrayBuffer>;
}

export interface FitInput {
  histories: PackedHistories;
  /** The learner's memory numbers now: the "before" of the answer. */
  current: MemorySettings;
  minimumReviews: number;
  maximumFittedReviews: number;
}

export function packHistories(histories: readonly CardHistory[]): PackedHistories {
  const total = histories.reduce((sum, history) => sum + history.length, 0);
  const starts = new Uint32Array(histories.length + 1);
  const elapsedDays = new Float64Array(total);
  const grades = new Uint8Array(total);
  let at = 0;
  histories.forEach((history, card) => {
    starts[card] = at;
    for (const review of history) {
      elapsedDays[at] = review.elapsedDays;
      grades[at] = review.grade;
      at++;
    }
  });
  starts[histories.length] = at;
  return { starts, elapsedDays, grades };
}

const toGrade = (value: number): Grade => (value >= 1 && value <= 4 ? (value as Grade) : 1);

export function unpackHistories({ starts, elapsedDays, grades }: PackedHistories): CardHistory[] {
  const histories: CardHistory[] = [];
  for (let card = 0; card + 1 < starts.length; card++) {
    const history: HistoryReview[] = [];
    for (let i = starts[card] ?? 0; i < (starts[card + 1] ?? 0); i++) {
      history.push({ elapsedDays: elapsedDays[i] ?? 0, grade: toGrade(grades[i] ?? 1) });
    }
    histories.push(history);
  }
  return histories;
}

/** Reviews a fit learns from: every review of a card after its first. */
export function scoredReviews(histories: readonly CardHistory[]): number {
  return histories.reduce((sum, history) => sum + Math.max(0, history.length - 1), 0);
}

/**
 * Whole cards, picked in a fixed pseudo-random order, until about `maximum` scored reviews: an
 * unbiased sample of a long log that keeps each card's history intact (the model needs it whole).
 */
export function sampleHistories(histories: readonly CardHistory[], maximum: number): CardHistory[] {
  if (scoredReviews(histories) <= maximum) return [...histories];
  const random = seededRandom('fit-sample');
  const order = histories.map((_, card) => card);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const sample: CardHistory[] = [];
  let taken = 0;
  for (const card of order) {
    if (taken >= maximum) break;
    const history = histories[card];
    if (!history) continue;
    sample.push(history);
    taken += history.length - 1;
  }
  return sample;
}

/** A fitted number on its setting's step (what the form shows and saves), inside its bounds. */
export function onStep(name: keyof MemorySettings, value: number): number {
  const { min, max, step } = schedulerNumberSettings[name];
  const decimals = Math.max(0, Math.round(-Math.log10(step)));
  const rounded = Number((Math.round(value / step) * step).toFixed(decimals));
  return Math.min(max, Math.max(min, rounded));
}

export function pickMemorySettings(settings: MemorySettings): MemorySettings {
  return Object.fromEntries(
    memorySettingNames.map((name) => [name, settings[name]]),
  ) as MemorySettings;
}

const meanLogLoss = (histories: readonly CardHistory[], settings: MemorySettings) => {
  const { sum, count } = memoryLogLoss(histories, settings);
  return count === 0 ? null : sum / count;
};

/**
 * The fit answered by POST /api/study/fit. The fitter starts from the defaults and pulls toward
 * them (docs/scheduler.md); the proposal is put on the settings' steps, and both log losses are those
 * of the whole log. A proposal that does not beat the current numbers is the current numbers.
 */
export function computeFit(input: FitInput): StudyFit {
  const histories = unpackHistories(input.histories).filter((history) => history.length > 1);
  const current = pickMemorySettings(input.current);
  const reviewCount = scoredReviews(histories);
  const logLossBefore = meanLogLoss(histories, current);
  const kept: StudyFit = {
    reviewCount,
    minimumReviews: input.minimumReviews,
    enoughHistory: false,
    fittedReviewCount: 0,
    logLossBefore,
    logLossAfter: null,
    settings: current,
  };
  if (reviewCount < input.minimumReviews || logLossBefore === null) return kept;

  const sample = sampleHistories(histories, input.maximumFittedReviews);
  const fit = fitMemoryParameters(sample, pickMemorySettings(defaultSchedulerSettings), {
    minReviews: input.minimumReviews,
  });
  const proposed = Object.fromEntries(
    memorySettingNames.map((name) => [name, onStep(name, fit.parameters[name])]),
  ) as MemorySettings;
  const logLossAfter = meanLogLoss(histories, proposed);
  const better = logLossAfter !== null && logLossAfter < logLossBefore;
  return {
    ...kept,
    enoughHistory: true,
    fittedReviewCount: scoredReviews(sample),
    logLossAfter: better ? logLossAfter : logLossBefore,
    settings: better ? proposed : current,
  };
}
