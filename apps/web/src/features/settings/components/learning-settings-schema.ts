import {
  boundsMessage,
  learningSettingsSchema,
  reflowBounds,
  reflowWindowProblem,
  schedulerNumberSettingNames,
  schedulerNumberSettings,
  type LearningSettings,
  type SchedulerNumberSetting,
  type UserInfo,
} from '@glossa/contract';
import { i18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';

const passing = schedulerNumberSettings.guessSuccessMinimumScore;

/**
 * The passing score as the form shows it: a percentage (85 means 85 %), while the server keeps
 * the fraction (0.85). Its bounds are the contract's, times 100.
 */
export const passingPercent = {
  min: Math.round(passing.min * 100),
  max: Math.round(passing.max * 100),
  step: Math.round(passing.step * 100),
} as const;

/** Made when asked, in the language active then (the schema's checks call it as they fail). */
function passingPercentMessage(): string {
  const { min, max } = passingPercent;
  return i18n._(msg`Enter a percentage from ${min} to ${max}`);
}

/** A fraction as a percentage without floating-point dust (0.85 → 85, 0.855 → 85.5). */
export function toPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}

function toFraction(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

/**
 * The learning tab's form: the contract's schema of the learning settings (its bounds and
 * messages, and its rule between the reflow unit and window), with the passing score typed as a
 * percentage. One source with the server's validation, checked as the learner types.
 */
export const learningSettingsFormSchema = learningSettingsSchema
  .extend({
    guessSuccessMinimumScore: z
      .number({ error: passingPercentMessage })
      .min(passingPercent.min, { error: passingPercentMessage })
      .max(passingPercent.max, { error: passingPercentMessage }),
  })
  .superRefine((values, context) => {
    const problem = reflowWindowProblem(values);
    if (problem !== null)
      context.addIssue({ code: 'custom', path: ['reflowValue'], message: problem });
  });

/** The form's values: the learning settings, the passing score in percent. */
export type LearningSettingsForm = z.output<typeof learningSettingsFormSchema>;

export const learningFieldNames = [
  ...schedulerNumberSettingNames,
  'isAutodetectLanguageEnabled',
  'isReflowAbsolute',
  'reflowValue',
  'defaultFromLanguageCode',
  'toLanguageCode',
] as const satisfies readonly (keyof LearningSettings)[];

export function reflowBoundsFor(isReflowAbsolute: boolean) {
  return isReflowAbsolute ? reflowBounds.absolute : reflowBounds.relative;
}

/** The bounds message of a scheduler number (the contract's words). */
export function schedulerBoundsMessage(name: SchedulerNumberSetting): string {
  return name === 'guessSuccessMinimumScore'
    ? passingPercentMessage()
    : boundsMessage(schedulerNumberSettings[name]);
}

/** The learning settings of a user, as the form's starting values. */
export function pickLearningSettings(user: UserInfo): LearningSettingsForm {
  const settings = Object.fromEntries(
    learningFieldNames.map((name) => [name, user[name]]),
  ) as LearningSettingsForm;
  return { ...settings, guessSuccessMinimumScore: toPercent(user.guessSuccessMinimumScore) };
}

/**
 * Only the fields that differ from what the server has, in the server's units: the body of
 * POST /api/user/edit.
 */
export function changedLearningSettings(
  values: LearningSettingsForm,
  saved: LearningSettingsForm,
): Partial<LearningSettings> {
  const changed: Record<string, unknown> = Object.fromEntries(
    learningFieldNames
      .filter((name) => values[name] !== saved[name])
      .map((name) => [name, values[name]]),
  );
  if (typeof changed['guessSuccessMinimumScore'] === 'number') {
    changed['guessSuccessMinimumScore'] = toFraction(changed['guessSuccessMinimumScore']);
  }
  return changed as Partial<LearningSettings>;
}

type SchedulerGroup = {
  /** Not shown: a stable key for the group. */
  key: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  fields: { name: SchedulerNumberSetting; label: MessageDescriptor; hint: MessageDescriptor }[];
};

/**
 * The scheduler's numbers as the learning tab groups them, each with one plain sentence
 * (docs/scheduler.md says the same with the formulas). A card's height (elevation) is how long
 * you remember it in doublings: one step up is twice as long.
 */
export const schedulerGroups: SchedulerGroup[] = [
  {
    key: 'gain',
    title: msg`Elevation gain`,
    description: msg`Each card has a height: how long you remember it, in doublings (one step up is twice as long). A right answer given on the due day lifts the card by these numbers; later lifts it more, sooner less.`,
    fields: [
      {
        name: 'interceptElevationGain',
        label: msg`Intercept`,
        hint: msg`The lift every right answer gives at least: 1 doubles how long you remember the card.`,
      },
      {
        name: 'amplitudeElevationGain',
        label: msg`Amplitude`,
        hint: msg`The extra lift on top, largest for a card you have never forgotten.`,
      },
      {
        name: 'decayRateElevationGain',
        label: msg`Decay rate`,
        hint: msg`How fast the extra lift shrinks with each time you forgot the card: 0 never shrinks it.`,
      },
      {
        name: 'checkpointAmplitudeCoefficientElevationGain',
        label: msg`Checkpoint coefficient`,
        hint: msg`The extra lift is multiplied by this at each checkpoint the card has passed: below 1, well-known cards climb more slowly.`,
      },
      {
        name: 'checkpointSpanElevationGain',
        label: msg`Checkpoint span`,
        hint: msg`How many steps of height lie between two checkpoints: 0 turns them off.`,
      },
    ],
  },
  {
    key: 'depreciation',
    title: msg`Elevation depreciation`,
    description: msg`A miss drops a card part of the way down to the floor (a few hours); these numbers set how far, as a share of its height above the floor.`,
    fields: [
      {
        name: 'interceptElevationDepreciation',
        label: msg`Intercept`,
        hint: msg`The share every miss takes at least: 0.1 drops the card a tenth of the way down.`,
      },
      {
        name: 'amplitudeElevationDepreciation',
        label: msg`Amplitude`,
        hint: msg`The extra share a miss takes on top, largest for a card you have never forgotten.`,
      },
      {
        name: 'decayRateElevationDepreciation',
        label: msg`Decay rate`,
        hint: msg`How fast the extra share shrinks with each earlier time you forgot the card: 0 never shrinks it.`,
      },
      {
        name: 'checkpointAmplitudeCoefficientElevationDepreciation',
        label: msg`Checkpoint coefficient`,
        hint: msg`The extra share is multiplied by this at each checkpoint below the card: above 1, well-known cards fall further.`,
      },
      {
        name: 'checkpointSpanElevationDepreciation',
        label: msg`Checkpoint span`,
        hint: msg`How many steps of height lie between two checkpoints: 0 turns them off.`,
      },
    ],
  },
  {
    key: 'period',
    title: msg`Period`,
    description: msg`The wait before a card comes back. With the gain coefficient at 1, a card comes back when you are predicted to remember it 9 times out of 10.`,
    fields: [
      {
        name: 'checkpointAmplitudeCoefficientPeriodGain',
        label: msg`Gain coefficient`,
        hint: msg`After a right answer the wait is multiplied by this once per checkpoint the card has reached: above 1 waits longer.`,
      },
      {
        name: 'checkpointSpanPeriodGain',
        label: msg`Gain checkpoint span`,
        hint: msg`How many steps of height lie between two of those checkpoints: 0 turns them off.`,
      },
      {
        name: 'checkpointAmplitudeCoefficientPeriodDepreciation',
        label: msg`Depreciation coefficient`,
        hint: msg`After a miss the wait is also multiplied by this for each checkpoint the card fell through: below 1 brings it back sooner.`,
      },
      {
        name: 'checkpointSpanPeriodDepreciation',
        label: msg`Depreciation checkpoint span`,
        hint: msg`How many steps of height lie between two of those checkpoints: 0 turns them off.`,
      },
    ],
  },
];

/** "Elevation gain › Intercept": where a scheduler number sits in the form. */
export function schedulerFieldName(i18n: I18n, name: SchedulerNumberSetting): string {
  for (const group of schedulerGroups) {
    const field = group.fields.find((candidate) => candidate.name === name);
    if (field) return `${i18n._(group.title)} › ${i18n._(field.label)}`;
  }
  return i18n._(msg`Minimum similarity to pass`);
}
