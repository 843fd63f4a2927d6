import { boundsMessage } from '@glossa/contract';

/**
 * The numbers of version 2 of the memory model (docs/decisions/0028-scheduler-v2.md): the ten of
 * UserInfo's memory model, read with version 2's defaults and bounds, and the seven it adds (the
 * learner's scheduler settings). The defaults were fitted on the earlier half of the benchmark's
 * log only (docs/scheduler.md "Defaults and bounds"). One table: validation, defaults, fitting, forms.
 */
export const memoryV2Settings = {
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
  initialElevationMissed: { default: 0.94, min: -3, max: 8, step: 0.01 },
  initialElevationClose: { default: 0.56, min: -3, max: 8, step: 0.01 },
  initialElevationExact: { default: 3.02, min: -3, max: 8, step: 0.01 },
  initialElevationQuick: { default: 4.42, min: -3, max: 8, step: 0.01 },
  closeGainFactor: { default: 0, min: 0, max: 1, step: 0.01 },
  quickGainFactor: { default: 4.5, min: 1, max: 8, step: 0.01 },
  firstMissDifficulty: { default: 0.91, min: 0, max: 3, step: 0.01 },
} as const;

export type MemoryV2ParameterName = keyof typeof memoryV2Settings;
export type MemoryV2Parameters = Record<MemoryV2ParameterName, number>;

export const memoryV2ParameterNames = Object.keys(memoryV2Settings) as MemoryV2ParameterName[];

/** The seven numbers version 2 adds: kept in the learner's scheduler settings, beside UserInfo. */
export const gradeSettingNames = [
  'initialElevationMissed',
  'initialElevationClose',
  'initialElevationExact',
  'initialElevationQuick',
  'closeGainFactor',
  'quickGainFactor',
  'firstMissDifficulty',
] as const satisfies readonly MemoryV2ParameterName[];

export type GradeSettingName = (typeof gradeSettingNames)[number];
export type GradeSettings = Pick<MemoryV2Parameters, GradeSettingName>;

export const defaultMemoryV2Parameters = Object.fromEntries(
  memoryV2ParameterNames.map((name) => [name, memoryV2Settings[name].default]),
) as MemoryV2Parameters;

export const defaultGradeSettings: GradeSettings = pickSettings(
  defaultMemoryV2Parameters,
  gradeSettingNames,
);

function pickSettings<Name extends MemoryV2ParameterName>(
  source: Readonly<Record<Name, number>>,
  names: readonly Name[],
): Record<Name, number> {
  return Object.fromEntries(names.map((name) => [name, source[name]])) as Record<Name, number>;
}

/** The seventeen numbers of version 2 out of anything that holds them (settings, a fit…). */
export function pickMemoryV2Parameters(source: Readonly<MemoryV2Parameters>): MemoryV2Parameters {
  return pickSettings(source, memoryV2ParameterNames);
}

/** One refused field, shaped like the contract's issues so the server can answer invalid_input. */
export interface SettingIssue {
  path: [string];
  message: string;
}

export type SettingsValidation<T> =
  { success: true; data: T } | { success: false; issues: SettingIssue[] };

function validateNumbers<Name extends MemoryV2ParameterName>(
  input: unknown,
  names: readonly Name[],
): SettingsValidation<Record<Name, number>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, issues: [{ path: [''], message: 'Expected an object' }] };
  }
  const record = input as Record<string, unknown>;
  const issues: SettingIssue[] = [];
  const data = {} as Record<Name, number>;
  for (const name of names) {
    const value = record[name];
    const bounds = memoryV2Settings[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ path: [name], message: boundsMessage(bounds) });
    } else if (value < bounds.min || value > bounds.max) {
      issues.push({ path: [name], message: boundsMessage(bounds) });
    } else {
      data[name] = value;
    }
  }
  const known = new Set<string>(names);
  for (const key of Object.keys(record)) {
    if (!known.has(key)) issues.push({ path: [key], message: 'Unknown setting' });
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data };
}

/**
 * The learner's seven version-2 numbers, each present, finite and within its bounds; no other
 * key (a strict object, like the contract's schemas). Every refused field is named.
 */
export function validateGradeSettings(input: unknown): SettingsValidation<GradeSettings> {
  return validateNumbers(input, gradeSettingNames);
}

/** All seventeen numbers of version 2 (the ten memory numbers with version 2's bounds). */
export function validateMemoryV2Parameters(input: unknown): SettingsValidation<MemoryV2Parameters> {
  return validateNumbers(input, memoryV2ParameterNames);
}
