import {
  languageCodeSchema,
  reflowBounds,
  schedulerNumberSettingNames,
  schedulerNumberSettings,
  type LearningSettings,
  type SchedulerNumberSetting,
  type UserInfo,
} from '@glossa/contract';
import { z } from 'zod';

function boundedField(name: SchedulerNumberSetting) {
  const { min, max } = schedulerNumberSettings[name];
  const message = `Enter a number from ${min} to ${max}`;
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const schedulerShape = Object.fromEntries(
  schedulerNumberSettingNames.map((name) => [name, boundedField(name)]),
) as Record<SchedulerNumberSetting, ReturnType<typeof boundedField>>;

/** The learning tab's form: the contract's bounds with messages written for people. */
export const learningSettingsFormSchema = z
  .object({
    ...schedulerShape,
    isAutodetectLanguageEnabled: z.boolean(),
    isReflowAbsolute: z.boolean(),
    reflowValue: z.number({ error: 'Enter a number' }),
    defaultFromLanguageCode: languageCodeSchema,
    toLanguageCode: languageCodeSchema,
  })
  .superRefine((values, context) => {
    // The reflow window is in days when absolute, a fraction of the period otherwise.
    const { min, max } = reflowBoundsFor(values.isReflowAbsolute);
    if (values.reflowValue < min || values.reflowValue > max) {
      context.addIssue({
        code: 'custom',
        path: ['reflowValue'],
        message: `Enter a number from ${min} to ${max}`,
      });
    }
  });

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

/** The learning settings of a user, as the form's starting values. */
export function pickLearningSettings(user: UserInfo): LearningSettingsForm {
  return Object.fromEntries(
    learningFieldNames.map((name) => [name, user[name]]),
  ) as LearningSettingsForm;
}

/** Only the fields that differ from what the server has: the body of POST /api/user/edit. */
export function changedLearningSettings(
  values: LearningSettingsForm,
  saved: LearningSettingsForm,
): Partial<LearningSettingsForm> {
  return Object.fromEntries(
    learningFieldNames
      .filter((name) => values[name] !== saved[name])
      .map((name) => [name, values[name]]),
  ) as Partial<LearningSettingsForm>;
}

type SchedulerGroup = {
  title: string;
  description: string;
  fields: { name: SchedulerNumberSetting; label: string; hint: string }[];
};

/** The scheduler's numbers as the learning tab groups and explains them (SCHEDULER.md). */
export const schedulerGroups: SchedulerGroup[] = [
  {
    title: 'Elevation gain',
    description:
      'How much higher a card climbs after a correct answer. Elevation is log₂ of how many days you remember it.',
    fields: [
      {
        name: 'interceptElevationGain',
        label: 'Intercept',
        hint: 'The part of the gain every correct answer earns.',
      },
      {
        name: 'amplitudeElevationGain',
        label: 'Amplitude',
        hint: 'The extra gain on top, shrunk by lapses and checkpoints.',
      },
      {
        name: 'decayRateElevationGain',
        label: 'Decay rate',
        hint: 'How much each past lapse slows a card’s climb.',
      },
      {
        name: 'checkpointAmplitudeCoefficientElevationGain',
        label: 'Checkpoint coefficient',
        hint: 'Multiplies the amplitude at each checkpoint: below 1, high cards climb more slowly.',
      },
      {
        name: 'checkpointSpanElevationGain',
        label: 'Checkpoint span',
        hint: 'Elevation between two checkpoints; 0 turns checkpoints off.',
      },
    ],
  },
  {
    title: 'Elevation depreciation',
    description: 'How far a card falls when you miss it: a fraction of its height above the floor.',
    fields: [
      {
        name: 'interceptElevationDepreciation',
        label: 'Intercept',
        hint: 'The part of the fall every miss costs.',
      },
      {
        name: 'amplitudeElevationDepreciation',
        label: 'Amplitude',
        hint: 'The extra fall on top, shrunk by lapses and checkpoints.',
      },
      {
        name: 'decayRateElevationDepreciation',
        label: 'Decay rate',
        hint: 'How much each past lapse softens the extra fall.',
      },
      {
        name: 'checkpointAmplitudeCoefficientElevationDepreciation',
        label: 'Checkpoint coefficient',
        hint: 'Multiplies the amplitude at each checkpoint: above 1, high cards fall harder.',
      },
      {
        name: 'checkpointSpanElevationDepreciation',
        label: 'Checkpoint span',
        hint: 'Elevation between two checkpoints; 0 turns checkpoints off.',
      },
    ],
  },
  {
    title: 'Period',
    description:
      'When a card comes back. At 1, it returns when you are predicted to recall it 90 % of the time.',
    fields: [
      {
        name: 'checkpointAmplitudeCoefficientPeriodGain',
        label: 'Gain coefficient',
        hint: 'Multiplies the period at each checkpoint after a correct answer: above 1 waits longer.',
      },
      {
        name: 'checkpointSpanPeriodGain',
        label: 'Gain checkpoint span',
        hint: 'Elevation between two period checkpoints; 0 turns them off.',
      },
      {
        name: 'checkpointAmplitudeCoefficientPeriodDepreciation',
        label: 'Depreciation coefficient',
        hint: 'Multiplies the period for each checkpoint a missed card falls through.',
      },
      {
        name: 'checkpointSpanPeriodDepreciation',
        label: 'Depreciation checkpoint span',
        hint: 'Elevation between two of those checkpoints; 0 turns them off.',
      },
    ],
  },
];
