import { type LearningSettings } from '@glossa/contract';
/** The settings of a new learner: the scheduler defaults, Spanish → English unless given. */
export declare const defaultLearningSettings: LearningSettings;
export declare const learningSettingNames: ("isAutodetectLanguageEnabled" | "isReflowAbsolute" | "reflowValue" | "interceptElevationGain" | "amplitudeElevationGain" | "decayRateElevationGain" | "checkpointAmplitudeCoefficientElevationGain" | "checkpointSpanElevationGain" | "interceptElevationDepreciation" | "amplitudeElevationDepreciation" | "decayRateElevationDepreciation" | "checkpointAmplitudeCoefficientElevationDepreciation" | "checkpointSpanElevationDepreciation" | "checkpointAmplitudeCoefficientPeriodGain" | "checkpointSpanPeriodGain" | "checkpointAmplitudeCoefficientPeriodDepreciation" | "checkpointSpanPeriodDepreciation" | "guessSuccessMinimumScore" | "defaultFromLanguageCode" | "toLanguageCode")[];
/**
 * The stored settings JSON, keeping only known keys of the right type; a missing or damaged one
 * falls back to its default, so an old row never breaks UserInfo.
 */
export declare function readSettings(json: string): LearningSettings;
