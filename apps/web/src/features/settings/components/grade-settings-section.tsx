import { formResolver } from '../../../lib/form-resolver';
import {
  defaultGradeSettings,
  gradeNumberSettings,
  gradeSettingsSchema,
  type GradeSettingName,
  type GradeSettings,
} from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '../../../lib/use-form';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { NumberField } from '../../../components/form/number-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { toast } from '../../../lib/toast';
import { useGradeSettings, useSaveGradeSettings } from '../../study/api/scheduler-requests';
import styles from '../settings.module.css';

/** What each of the seven numbers is called in the form, and what it does. */
export const gradeSettingFields: {
  name: GradeSettingName;
  label: MessageDescriptor;
  hint: MessageDescriptor;
}[] = [
  {
    name: 'initialElevationMissed',
    label: msg`Start height after a miss`,
    hint: msg`A new card’s height (log2 of the days it is remembered) when its first answer is missed.`,
  },
  {
    name: 'initialElevationClose',
    label: msg`Start height after a close answer`,
    hint: msg`When the first answer is right but not exact (a typo).`,
  },
  {
    name: 'initialElevationExact',
    label: msg`Start height after an exact answer`,
    hint: msg`When the first answer is exact.`,
  },
  {
    name: 'initialElevationQuick',
    label: msg`Start height after an exact and quick answer`,
    hint: msg`When the first answer is exact and among your quickest.`,
  },
  {
    name: 'closeGainFactor',
    label: msg`Lift of a close answer`,
    hint: msg`Share of an exact answer’s lift that a close one gives (0: the card stays where it is).`,
  },
  {
    name: 'quickGainFactor',
    label: msg`Lift of a quick answer`,
    hint: msg`How many times an exact answer’s lift an exact and quick one gives.`,
  },
  {
    name: 'firstMissDifficulty',
    label: msg`Difficulty of a miss on first sight`,
    hint: msg`How much a miss on a card’s first answer counts toward its difficulty (each later miss counts 1).`,
  },
];

function GradeSettingsForm({ settings }: { settings: GradeSettings }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const save = useSaveGradeSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<GradeSettings>({
    resolver: formResolver(gradeSettingsSchema),
    mode: 'onChange',
    // The stored numbers, followed as they change (another device, a live update): a number the
    // learner is editing keeps what they set (and its error), the others take the new value.
    values: settings,
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await save.mutateAsync(values));
      toast.success(t`Grade numbers saved.`);
    } catch (error) {
      applyServerErrors(
        error,
        setError,
        gradeSettingFields.map((field) => field.name),
      );
    }
  });

  return (
    <form
      className={styles.narrowForm}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="grade-numbers-title"
    >
      <FormAlert message={errors.root?.server?.message} />
      {gradeSettingFields.map(({ name, label, hint }) => {
        const { min, max } = gradeNumberSettings[name];
        const bounds = t`${min} to ${max}`;
        return (
          <NumberField
            key={name}
            {...register(name, { valueAsNumber: true })}
            label={i18n._(label)}
            hint={`${i18n._(hint)} (${bounds}).`}
            min={gradeNumberSettings[name].min}
            max={gradeNumberSettings[name].max}
            step={gradeNumberSettings[name].step}
            inputMode="decimal"
            error={errors[name]?.message}
          />
        );
      })}
      <div className={styles.actions}>
        <SubmitButton pending={isSubmitting} pendingLabel={t`Saving…`} disabled={!isDirty}>
          <Trans>Save grade numbers</Trans>
        </SubmitButton>
        <Button
          variant="ghost"
          onClick={() => reset(defaultGradeSettings, { keepDefaultValues: true })}
        >
          <Trans>Restore default grades</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings › Profile and learning, under the fourteen scheduler numbers: the seven numbers version 2
 * of the memory model adds (decision 0030), saved through PUT /api/study/scheduler.
 */
export function GradeSettingsSection() {
  const settings = useGradeSettings();
  const errorMessage = settings.error?.message;
  return (
    <section className={styles.section} aria-labelledby="grade-numbers-title">
      <h2 id="grade-numbers-title">
        <Trans>Grades</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Every answer gets a grade: missed, close, exact, or exact and quick. These numbers say
          what each grade does to a card’s memory. “Fit to my history” proposes them with the
          others.
        </Trans>
      </p>
      {settings.isPending ? (
        <p className={styles.muted}>
          <Trans>Loading…</Trans>
        </p>
      ) : settings.isError ? (
        <p role="alert">
          <Trans>Your grade numbers could not be loaded: {errorMessage}</Trans>
        </p>
      ) : (
        <GradeSettingsForm settings={settings.data} />
      )}
    </section>
  );
}
