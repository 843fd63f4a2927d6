import {
  boundsMessage,
  defaultGradeSettings,
  gradeSettingNames,
  memoryV2Settings,
  type GradeSettingName,
  type GradeSettings,
} from '@glossa/contract/values';

/**
 * The numbers of version 2 of the memory model (docs/decisions/0028-scheduler-v2.md): the ten of
 * UserInfo's memory model and the seven it adds (the learner's scheduler settings). The table lives
 * in the contract (decision 0030): validation, server defaults, fitting and forms read the same one.
 */
export { defaultGradeSettings, gradeSettingNames, memoryV2Settings };
export type { GradeSettingName, GradeSettings };

export type MemoryV2ParameterName = keyof typeof memoryV2Settings;
export type MemoryV2Parameters = Record<MemoryV2ParameterName, number>;

export const memoryV2ParameterNames = Object.keys(memoryV2Settings) as MemoryV2ParameterName[];

export const defaultMemoryV2Parameters = Object.fromEntries(
  memoryV2ParameterNames.map((name) => [name, memoryV2Settings[name].default]),
) as MemoryV2Parameters;

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
