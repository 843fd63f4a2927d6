// The learning engine (docs/scheduler.md): pure functions, time is always an argument (epoch ms).
export { defaultSchedulerSettings } from '@glossa/contract';
export {
  DAY_MS,
  MAX_ELEVATION,
  MAX_PERIOD_DAYS,
  MIN_ELEVATION,
  NEW_CARD_ELEVATION,
  SPACING_KAPPA,
  checkpointStage,
  clampElevation,
  elevationDepreciation,
  elevationGain,
  forgettingCurve,
  memoryParameterNames,
  newCardState,
  pickMemoryParameters,
  predictRecall,
  retrievability,
  spacingEffect,
  stability,
  updateMemory,
  type CardState,
  type MemoryParameterName,
  type MemoryParameters,
  type MemoryState,
  type SchedulerSettings,
} from './memory-model';
export {
  clampPeriod,
  gradeFromScore,
  isSuccessfulGrade,
  isSuccessfulScore,
  nextPeriod,
  periodMultiplier,
  type Grade,
} from './policy';
export {
  hashSeed,
  loadWeight,
  pickDay,
  reflowPeriod,
  reflowRadius,
  reflowSeed,
  reflowWindow,
  seededRandom,
  spreadBacklog,
  type BacklogCard,
  type DueLoad,
  type Random,
} from './reflow';
export {
  outcomeGrade,
  review,
  type ReflowContext,
  type ReviewOutcome,
  type ReviewResult,
} from './review';
export {
  baseLetters,
  graphemes,
  isAccentVariant,
  normaliseAnswer,
  splitVariants,
  type NormaliseOptions,
} from './normalise';
export {
  ACCENT_COST,
  alignGraphemes,
  type Alignment,
  type DiffKind,
  type DiffPart,
} from './alignment';
export { scoreGuess, type GuessScore, type ScoreOptions } from './scoring';
export {
  ARTICLE_WEIGHT,
  leadingArticles,
  scoreBand,
  scoreBandFloors,
  splitLeadingArticle,
  type LeadingArticle,
  type ScoreBand,
} from './articles';
export { nextCombo, nextComboCount, type ComboState } from './combo';
export {
  averageRecall,
  calendarCuts,
  constantRecallModel,
  elevationRecallModel,
  firstReviewAfter,
  replay,
  reviewsFrom,
  type CalendarCuts,
  type CardHistory,
  type HistoryReview,
  type RecallModel,
  type ReplayOptions,
  type ReplayPrediction,
} from './replay';
export {
  auc,
  evaluate,
  logLoss,
  rmseBinKey,
  rmseBins,
  type Evaluation,
  type ScoredPrediction,
} from './metrics';
export {
  MIN_FIT_REVIEWS,
  fitMemoryParameters,
  fitWithPrior,
  priorDistance,
  type FitOptions,
  type FitResult,
  type FitValidation,
  type PriorFit,
  type PriorFitOptions,
} from './fit';
export { memoryLogLoss } from './memory-log-loss';
export { nelderMead } from './nelder-mead';
export { duplicateKey, foldDiacritics, searchKey, sortKey } from './text-keys';
export {
  searchDocument,
  searchHighlights,
  searchTerms,
  searchTermsMax,
  searchWordMax,
  type SearchTerm,
} from './search-terms';
