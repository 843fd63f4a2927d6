import {
  MIN_ELEVATION,
  clampElevation,
  checkpointStage,
  retrievability,
  spacingEffect,
} from './memory-model';
import type { MemoryV2Parameters } from './memory-v2-settings';
import type { Grade } from './policy';

// Version 2 of the memory model (docs/decisions/0028-scheduler-v2.md): grade-aware. Version 1
// (memory-model.ts) stays for the logs and learners that still use it.

/** Growth with height stops counting here (64 days): the data cannot say more above it. */
export const GAIN_HEIGHT_CAP = 6;

/** The part of a card's state version 2 reads and writes. */
export interface MemoryV2State {
  elevation: number;
  /** Failures after the first answer. */
  lapses: number;
  /** Failures, the first answer's counting `firstMissDifficulty` (≥ 0). */
  difficulty: number;
  reps: number;
}

export function initialElevation(grade: Grade, p: MemoryV2Parameters): number {
  switch (grade) {
    case 1:
      return p.initialElevationMissed;
    case 2:
      return p.initialElevationClose;
    case 3:
      return p.initialElevationExact;
    case 4:
      return p.initialElevationQuick;
  }
}

/** m_g: what a success of grade g makes of the gain (a close answer by default adds nothing). */
export function gradeGainFactor(grade: 2 | 3 | 4, p: MemoryV2Parameters): number {
  if (grade === 2) return p.closeGainFactor;
  return grade === 4 ? p.quickGainFactor : 1;
}

/** A card's first answer: its start elevation by grade, a first miss weighing on difficulty. */
export function startMemoryV2(grade: Grade, p: MemoryV2Parameters): MemoryV2State {
  return {
    elevation: clampElevation(initialElevation(grade, p)),
    lapses: 0,
    difficulty: grade === 1 ? p.firstMissDifficulty : 0,
    reps: 1,
  };
}

/** amplitude · factor, a zero amplitude staying zero even against an infinite factor. */
function scaled(amplitude: number, factor: number): number {
  return amplitude === 0 ? 0 : amplitude * factor;
}

/**
 * G: the elevation a success on time adds. Its checkpoint term grows smoothly with height
 * (coefficient^(min(max(E, 0), 6) / span)); a span of 0 turns it off.
 */
export function elevationGainV2(
  elevation: number,
  difficulty: number,
  p: MemoryV2Parameters,
): number {
  const span = p.checkpointSpanElevationGain;
  const height = Math.min(Math.max(elevation, 0), GAIN_HEIGHT_CAP);
  const power = span > 0 ? height / span : 0;
  return (
    p.interceptElevationGain +
    scaled(
      p.amplitudeElevationGain * Math.exp(-p.decayRateElevationGain * difficulty),
      p.checkpointAmplitudeCoefficientElevationGain ** power,
    )
  );
}

/** δ: the share of its height above the floor a failure takes, in [0, 1] (stepped checkpoints). */
export function elevationDepreciationV2(
  elevation: number,
  lapses: number,
  p: MemoryV2Parameters,
): number {
  const delta =
    p.interceptElevationDepreciation +
    scaled(
      p.amplitudeElevationDepreciation * Math.exp(-p.decayRateElevationDepreciation * lapses),
      p.checkpointAmplitudeCoefficientElevationDepreciation **
        checkpointStage(elevation, p.checkpointSpanElevationDepreciation),
    );
  return Math.min(1, Math.max(0, delta));
}

/** One later answer of grade g; `recall` is R at the moment of the answer. */
export function updateMemoryV2(
  memory: MemoryV2State,
  recall: number,
  grade: Grade,
  p: MemoryV2Parameters,
): MemoryV2State {
  const { elevation, lapses, difficulty, reps } = memory;
  if (grade === 1) {
    const delta = elevationDepreciationV2(elevation, lapses, p);
    return {
      elevation: clampElevation(elevation - delta * (elevation - MIN_ELEVATION)),
      lapses: lapses + 1,
      difficulty: difficulty + 1,
      reps: reps + 1,
    };
  }
  const boost = spacingEffect(recall) * gradeGainFactor(grade, p);
  const gain = elevationGainV2(elevation, difficulty, p);
  // Nothing to add (a close answer, or one at R = 1) leaves the card where it is, even for an
  // unbounded gain (∞ · 0 would be NaN).
  const next = boost === 0 ? elevation : elevation + Math.log2(1 + (2 ** gain - 1) * boost);
  return { elevation: clampElevation(next), lapses, difficulty, reps: reps + 1 };
}

/** Any answer: the first starts the card, a later one updates it after `elapsedDays`. */
export function answerMemoryV2(
  memory: MemoryV2State | null,
  elapsedDays: number,
  grade: Grade,
  p: MemoryV2Parameters,
): MemoryV2State {
  if (memory === null || memory.reps === 0) return startMemoryV2(grade, p);
  return updateMemoryV2(memory, retrievability(elapsedDays, memory.elevation), grade, p);
}
