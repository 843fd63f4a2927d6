import { z } from 'zod';

/**
 * The scheduler numbers of UserInfo with their defaults and bounds (docs/scheduler.md "Defaults and
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

/** What an out-of-bounds number is told, by the server and beside the field in the forms. */
export function boundsMessage({ min, max }: { min: number; max: number }): string {
  return `Enter a number from ${min} to ${max}`;
}

/** A scheduler number within its bounds; the path names the field. */
export function boundedNumber(name: SchedulerNumberSetting) {
  const message = boundsMessage(schedulerNumberSettings[name]);
  const { min, max } = schedulerNumberSettings[name];
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
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
