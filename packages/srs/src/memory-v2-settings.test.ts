import { describe, expect, it } from 'vitest';
import {
  defaultGradeSettings,
  defaultMemoryV2Parameters,
  gradeSettingNames,
  memoryV2ParameterNames,
  memoryV2Settings,
  validateGradeSettings,
  validateMemoryV2Parameters,
} from './memory-v2-settings';

describe('version 2 settings', () => {
  it('holds docs/scheduler.md’s defaults and bounds for the seven new numbers', () => {
    expect(defaultGradeSettings).toEqual({
      initialElevationMissed: 0.94,
      initialElevationClose: 0.56,
      initialElevationExact: 3.02,
      initialElevationQuick: 4.42,
      closeGainFactor: 0,
      quickGainFactor: 4.5,
      firstMissDifficulty: 0.91,
    });
    for (const name of gradeSettingNames.slice(0, 4)) {
      expect(memoryV2Settings[name]).toMatchObject({ min: -3, max: 8 });
    }
    expect(memoryV2Settings.closeGainFactor).toMatchObject({ min: 0, max: 1 });
    expect(memoryV2Settings.quickGainFactor).toMatchObject({ min: 1, max: 8 });
    expect(memoryV2Settings.firstMissDifficulty).toMatchObject({ min: 0, max: 3 });
    expect(memoryV2Settings.checkpointAmplitudeCoefficientElevationGain).toMatchObject({
      default: 1.51,
      min: 0.3,
      max: 2,
    });
  });

  it('keeps every default within its bounds', () => {
    expect(memoryV2ParameterNames).toHaveLength(17);
    for (const name of memoryV2ParameterNames) {
      const { min, max } = memoryV2Settings[name];
      expect(defaultMemoryV2Parameters[name]).toBeGreaterThanOrEqual(min);
      expect(defaultMemoryV2Parameters[name]).toBeLessThanOrEqual(max);
    }
  });

  it('accepts the defaults and values on the bounds', () => {
    expect(validateGradeSettings(defaultGradeSettings)).toEqual({
      success: true,
      data: defaultGradeSettings,
    });
    const edges = { ...defaultGradeSettings, initialElevationQuick: 8, quickGainFactor: 1 };
    expect(validateGradeSettings(edges).success).toBe(true);
    expect(validateMemoryV2Parameters(defaultMemoryV2Parameters).success).toBe(true);
  });

  it('refuses a value out of bounds, not a number, missing or unknown, naming each field', () => {
    const result = validateGradeSettings({
      ...defaultGradeSettings,
      initialElevationExact: 8.5,
      closeGainFactor: '0.5',
      quickGainFactor: Number.POSITIVE_INFINITY,
      firstMissDifficulty: undefined,
      nickname: 3,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues).toEqual([
      { path: ['initialElevationExact'], message: 'Enter a number from -3 to 8' },
      { path: ['closeGainFactor'], message: 'Enter a number from 0 to 1' },
      { path: ['quickGainFactor'], message: 'Enter a number from 1 to 8' },
      { path: ['firstMissDifficulty'], message: 'Enter a number from 0 to 3' },
      { path: ['nickname'], message: 'Unknown setting' },
    ]);
  });

  it('refuses what is not an object', () => {
    for (const input of [null, 3, 'x', [1, 2]]) {
      expect(validateGradeSettings(input).success).toBe(false);
    }
  });

  it('checks the ten memory numbers with version 2’s bounds', () => {
    const result = validateMemoryV2Parameters({
      ...defaultMemoryV2Parameters,
      checkpointAmplitudeCoefficientElevationGain: 1.9,
      interceptElevationDepreciation: 1.2,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map((issue) => issue.path[0])).toEqual(['interceptElevationDepreciation']);
  });
});
