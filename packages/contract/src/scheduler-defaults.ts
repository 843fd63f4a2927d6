// The scheduler's numbers, bounds and defaults without zod (the web's first paint, decision
// 0031); scheduler-settings.ts adds the schemas.

/**
 * The scheduler numbers of UserInfo with their defaults and bounds (docs/scheduler.md "Defaults and
 * bounds"). One table, used by the contract's validation, the server's defaults and the web forms.
 */
export const schedulerNumberSettings = {
  // The ten memory numbers, with version 2's defaults and bounds (decisions 0028, 0030).
  interceptElevationGain: { default: 0.4, min: 0, max: 3, step: 0.01 },
  amplitudeElevationGain: { default: 0.39, min: 0, max: 5, step: 0.01 },
  decayRateElevationGain: { default: 0.79, min: 0, max: 3, step: 0.01 },
  checkpointAmplitudeCoefficientElevationGain: { default: 1.51, min: 0.3, max: 2, step: 0.01 },
  checkpointSpanElevationGain: { default: 2, min: 0, max: 16, step: 0.1 },
  interceptElevationDepreciation: { default: 0.1, min: 0, max: 1, step: 0.01 },
  amplitudeElevationDepreciation: { default: 0.096, min: 0, max: 1, step: 0.001 },
  decayRateElevationDepreciation: { default: 0, min: 0, max: 3, step: 0.01 },
  checkpointAmplitudeCoefficientElevationDepreciation: {
    default: 1.47,
    min: 0.3,
    max: 1.5,
    step: 0.01,
  },
  checkpointSpanElevationDepreciation: { default: 2, min: 0, max: 16, step: 0.1 },
  checkpointAmplitudeCoefficientPeriodGain: { default: 1.0, min: 0.5, max: 1.5, step: 0.01 },
  checkpointSpanPeriodGain: { default: 4, min: 0, max: 16, step: 0.1 },
  checkpointAmplitudeCoefficientPeriodDepreciation: {
    default: 0.7,
    min: 0.25,
    max: 1,
    step: 0.01,
  },
  checkpointSpanPeriodDepreciation: { default: 2, min: 0, max: 16, step: 0.1 },
  guessSuccessMinimumScore: { default: 0.85, min: 0.5, max: 1, step: 0.01 },
} as const;

export type SchedulerNumberSetting = keyof typeof schedulerNumberSettings;
export const schedulerNumberSettingNames = Object.keys(
  schedulerNumberSettings,
) as SchedulerNumberSetting[];

/** reflowValue is in days when isReflowAbsolute, else a fraction of the period. */
export const reflowBounds = {
  absolute: { min: 0, max: 7, step: 0.5 },
  relative: { min: 0, max: 0.25, step: 0.01 },
} as const;

export const defaultSchedulerSettings = {
  ...(Object.fromEntries(
    schedulerNumberSettingNames.map((name) => [name, schedulerNumberSettings[name].default]),
  ) as Record<SchedulerNumberSetting, number>),
  isReflowAbsolute: false,
  reflowValue: 0.05,
};

/** What an out-of-bounds number is told, by the server and beside the field in the forms. */
export function boundsMessage({ min, max }: { min: number; max: number }): string {
  return `Enter a number from ${min} to ${max}`;
}

/**
 * The rule between two settings: the reflow window is in days (0 to 7) when absolute, a fraction
 * of the period (0 to 0.25) otherwise. The message of a window out of its unit's bounds, or null.
 */
export function reflowWindowProblem(settings: {
  isReflowAbsolute: boolean;
  reflowValue: number;
}): string | null {
  const bounds = settings.isReflowAbsolute ? reflowBounds.absolute : reflowBounds.relative;
  const { reflowValue } = settings;
  return reflowValue < bounds.min || reflowValue > bounds.max ? boundsMessage(bounds) : null;
}

/**
 * Version 1's defaults of the ten memory numbers, before version 2 (decision 0030): migration 0021
 * moves a learner whose ten numbers are exactly these to version 2's, and version 1's engine
 * (kept for the benchmark) reads them.
 */
export const schedulerV1MemoryDefaults = {
  interceptElevationGain: 0.3,
  amplitudeElevationGain: 2.5,
  decayRateElevationGain: 1.25,
  checkpointAmplitudeCoefficientElevationGain: 0.45,
  checkpointSpanElevationGain: 2,
  interceptElevationDepreciation: 0.12,
  amplitudeElevationDepreciation: 0.12,
  decayRateElevationDepreciation: 0.4,
  checkpointAmplitudeCoefficientElevationDepreciation: 1.35,
  checkpointSpanElevationDepreciation: 2,
} as const;

/** The ten memory numbers of UserInfo (the rest of the fourteen are the policy's). */
export const memoryNumberSettingNames = Object.keys(
  schedulerV1MemoryDefaults,
) as (keyof typeof schedulerV1MemoryDefaults)[];
export type MemoryNumberSetting = (typeof memoryNumberSettingNames)[number];

/**
 * The seven numbers version 2 adds (docs/decisions/0028-scheduler-v2.md), the learner's own beside
 * UserInfo: GET and PUT /api/study/scheduler. One table: validation, defaults, fitting, forms.
 */
export const gradeNumberSettings = {
  initialElevationMissed: { default: 0.94, min: -3, max: 8, step: 0.01 },
  initialElevationClose: { default: 0.56, min: -3, max: 8, step: 0.01 },
  initialElevationExact: { default: 3.02, min: -3, max: 8, step: 0.01 },
  initialElevationQuick: { default: 4.42, min: -3, max: 8, step: 0.01 },
  closeGainFactor: { default: 0, min: 0, max: 1, step: 0.01 },
  quickGainFactor: { default: 4.5, min: 1, max: 8, step: 0.01 },
  firstMissDifficulty: { default: 0.91, min: 0, max: 3, step: 0.01 },
} as const;

export type GradeSettingName = keyof typeof gradeNumberSettings;
export const gradeSettingNames = Object.keys(gradeNumberSettings) as GradeSettingName[];
export type GradeSettings = Record<GradeSettingName, number>;

export const defaultGradeSettings = Object.fromEntries(
  gradeSettingNames.map((name) => [name, gradeNumberSettings[name].default]),
) as GradeSettings;

/** The seventeen numbers of version 2's memory model: the ten of UserInfo and the seven. */
export const memoryV2Settings = {
  ...(Object.fromEntries(
    memoryNumberSettingNames.map((name) => [name, schedulerNumberSettings[name]]),
  ) as Pick<typeof schedulerNumberSettings, MemoryNumberSetting>),
  ...gradeNumberSettings,
};
