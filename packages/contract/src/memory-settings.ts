// The memory model's setting names without zod (decision 0031).

/** The ten numbers of the memory model: the ones a fit proposes. */
export const memorySettingNames = [
  'interceptElevationGain',
  'amplitudeElevationGain',
  'decayRateElevationGain',
  'checkpointAmplitudeCoefficientElevationGain',
  'checkpointSpanElevationGain',
  'interceptElevationDepreciation',
  'amplitudeElevationDepreciation',
  'decayRateElevationDepreciation',
  'checkpointAmplitudeCoefficientElevationDepreciation',
  'checkpointSpanElevationDepreciation',
] as const;
export type MemorySettingName = (typeof memorySettingNames)[number];
