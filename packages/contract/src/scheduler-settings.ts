import { z } from 'zod';

/**
 * The scheduler numbers of UserInfo with their defaults and bounds (SCHEDULER.md "Defaults and
 * bounds"). One table, used by the contract's validation, the server's defaults and the web forms.
 */
export const schedulerNumberSettings = {
  interceptElevationGain: { default: 0.3, min: 0, max: 3, step: 0.01 },
  amplitudeElevationGain: { default: 2.5, min: 0, max: 5, step: 0.01 },
  decayRateElevationGain: { default: 1.25, min: 0, max: 3, step: 0.01 },
  checkpointAmplitudeCoefficientElevationGain: { default: 0.45, min: 0.3, max: 1.5, step: 0.01 },
  checkpointSpanElevationGain: { default: 2, min: 0, max: 16, step: 0.1 },
  interceptElevationDepreciation: { default: 0.12, min: 0, max: 1, step: 0.01 },
  amplitudeElevationDepreciation: { default: 0.12, min: 0, max: 1, step: 0.01 },
  decayRateElevationDepreciation: { default: 0.4, min: 0, max: 3, step: 0.01 },
  checkpointAmplitudeCoefficientElevationDepreciation: {
    default: 1.35,
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

export function boundedNumber(name: SchedulerNumberSetting) {
  const { min, max } = schedulerNumberSettings[name];
  return z
    .number({ error: `${name} must be a number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` });
}
