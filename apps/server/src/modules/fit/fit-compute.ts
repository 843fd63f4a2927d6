import {
  gradeSettingNames,
  memorySettingNames,
  memoryV2Settings,
  type GradeSettings,
  type MemorySettings,
  type StudyFit,
} from '@glossa/contract';
import {
  defaultMemoryV2Parameters,
  fitMemoryV2,
  memoryV2LogLoss,
  memoryV2ParameterNames,
  packHistories as packForLogLoss,
  seededRandom,
  type CardHistory,
  type Grade,
  type HistoryReview,
  type MemoryV2ParameterName,
  type MemoryV2Parameters,
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
  /** The learner's seventeen memory numbers now (version 2): the "before" of the answer. */
  current: MemoryV2Parameters;
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
export function onStep(name: MemoryV2ParameterName, value: number): number {
  const { min, max, step } = memoryV2Settings[name];
  const decimals = Math.max(0, Math.round(-Math.log10(step)));
  const rounded = Number((Math.round(value / step) * step).toFixed(decimals));
  return Math.min(max, Math.max(min, rounded));
}

export function pickMemorySettings(settings: MemorySettings): MemorySettings {
  return Object.fromEntries(
    memorySettingNames.map((name) => [name, settings[name]]),
  ) as MemorySettings;
}

/** The seven numbers version 2 adds, out of the seventeen. */
export function pickGradeSettings(parameters: MemoryV2Parameters): GradeSettings {
  return Object.fromEntries(
    gradeSettingNames.map((name) => [name, parameters[name]]),
  ) as GradeSettings;
}

const meanLogLoss = (histories: readonly CardHistory[], parameters: MemoryV2Parameters) => {
  const { sum, count } = memoryV2LogLoss(packForLogLoss(histories, { merge: false }), parameters);
  return count === 0 ? null : sum / count;
};

/**
 * The fit answered by POST /api/study/fit (decision 0030): version 2's seventeen numbers, fitted
 * from version 2's defaults with a pull toward them (fitMemoryV2, docs/decisions/0028); the
 * proposal is put on the settings' steps, and both log losses are those of the whole log under
 * version 2. A proposal that does not beat the current numbers is the current numbers.
 * `onProgress` hears the evaluations so far after every optimiser run (the worker reports them).
 */
export function computeFit(
  input: FitInput,
  onProgress?: (progress: { evaluations: number }) => void,
): StudyFit {
  const histories = unpackHistories(input.histories).filter((history) => history.length > 1);
  const current = { ...input.current };
  const reviewCount = scoredReviews(histories);
  const logLossBefore = meanLogLoss(histories, current);
  const answer = (parameters: MemoryV2Parameters) => ({
    settings: pickMemorySettings(parameters as unknown as MemorySettings),
    gradeSettings: pickGradeSettings(parameters),
  });
  const kept: StudyFit = {
    reviewCount,
    minimumReviews: input.minimumReviews,
    enoughHistory: false,
    fittedReviewCount: 0,
    logLossBefore,
    logLossAfter: null,
    ...answer(current),
  };
  if (reviewCount < input.minimumReviews || logLossBefore === null) return kept;

  const sample = sampleHistories(histories, input.maximumFittedReviews);
  const fit = fitMemoryV2(sample, defaultMemoryV2Parameters, {
    minReviews: input.minimumReviews,
    ...(onProgress ? { onProgress: ({ evaluations }) => onProgress({ evaluations }) } : {}),
  });
  const proposed = Object.fromEntries(
    memoryV2ParameterNames.map((name) => [name, onStep(name, fit.parameters[name])]),
  ) as MemoryV2Parameters;
  const logLossAfter = meanLogLoss(histories, proposed);
  const better = logLossAfter !== null && logLossAfter < logLossBefore;
  return {
    ...kept,
    enoughHistory: true,
    fittedReviewCount: scoredReviews(sample),
    logLossAfter: better ? logLossAfter : logLossBefore,
    ...answer(better ? proposed : current),
  };
}
