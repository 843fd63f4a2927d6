// The learning engine (docs/scheduler.md): pure functions, time is always an argument (epoch ms).
export { defaultSchedulerSettings, schedulerV1MemoryDefaults } from '@glossa/contract/values';
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
  GAIN_HEIGHT_CAP,
  answerMemoryV2,
  elevationDepreciationV2,
  elevationGainV2,
  gradeGainFactor,
  initialElevation,
  startMemoryV2,
  updateMemoryV2,
  type MemoryV2State,
} from './memory-model-v2';
export {
  defaultGradeSettings,
  defaultMemoryV2Parameters,
  gradeSettingNames,
  memoryV2ParameterNames,
  memoryV2Settings,
  pickMemoryV2Parameters,
  validateGradeSettings,
  validateMemoryV2Parameters,
  type GradeSettingName,
  type GradeSettings,
  type MemoryV2ParameterName,
  type MemoryV2Parameters,
  type SettingIssue,
  type SettingsValidation,
} from './memory-v2-settings';
export {
  QUICK_MINIMUM_ANSWERS,
  QUICK_QUANTILE,
  QUICK_WINDOW,
  gradeGuess,
  passFailGrade,
  quickThresholdMs,
  withoutQuick,
  type GradedGuess,
} from './grades';
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
  newCardStateV2,
  outcomeGradeV2,
  reviewV2,
  type CardStateV2,
  type ReviewOutcomeV2,
  type ReviewResultV2,
  type SchedulerSettingsV2,
} from './review-v2';
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
  applyConventions,
  conventionsLoaded,
  loadConventions,
  type AppliedConvention,
  type ConventionKind,
} from './conventions';
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
  elevationV2RecallModel,
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
export {
  FIT_V2_WORK,
  MIN_FIT_V2_REVIEWS,
  continuousV2Names,
  fitMemoryV2,
  memoryV2MeanLogLoss,
  priorDistanceV2,
  type FitV2Options,
  type FitV2Result,
} from './fit-v2';
export { memoryLogLoss, standardErrorOfDifference } from './memory-log-loss';
export { memoryV2LogLoss, packHistories, type PackedHistories } from './memory-v2-log-loss';
export {
  nelderMead,
  nelderMeadWithRestarts,
  type NelderMeadOptions,
  type RestartOptions,
} from './nelder-mead';
export { duplicateKey, foldDiacritics, searchKey, sortKey } from './text-keys';
export {
  searchDocument,
  searchHighlights,
  searchTerms,
  searchTermsMax,
  searchWordMax,
  type SearchTerm,
} from './search-terms';
