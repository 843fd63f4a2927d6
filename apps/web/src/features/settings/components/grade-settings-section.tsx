import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultGradeSettings,
  gradeNumberSettings,
  gradeSettingsSchema,
  type GradeSettingName,
  type GradeSettings,
} from '@glossa/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { NumberField } from '../../../components/form/number-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { toast } from '../../../lib/toast';
import { useGradeSettings, useSaveGradeSettings } from '../../study/api/scheduler-requests';
import styles from '../settings.module.css';

/** What each of the seven numbers is called in the form, and what it does. */
export const gradeSettingFields: { name: GradeSettingName; label: string; hint: string }[] = [
  {
    name: 'initialElevationMissed',
    label: 'Start height after a miss',
    hint: 'A new card’s height (log2 of the days it is remembered) when its first answer is missed.',
  },
  {
    name: 'initialElevationClose',
    label: 'Start height after a close answer',
    hint: 'When the first answer is right but not exact (a typo).',
  },
  {
    name: 'initialElevationExact',
    label: 'Start height after an exact answer',
    hint: 'When the first answer is exact.',
  },
  {
    name: 'initialElevationQuick',
    label: 'Start height after an exact and quick answer',
    hint: 'When the first answer is exact and among your quickest.',
  },
  {
    name: 'closeGainFactor',
    label: 'Lift of a close answer',
    hint: 'Share of an exact answer’s lift that a close one gives (0: the card stays where it is).',
  },
  {
    name: 'quickGainFactor',
    label: 'Lift of a quick answer',
    hint: 'How many times an exact answer’s lift an exact and quick one gives.',
  },
  {
    name: 'firstMissDifficulty',
    label: 'Difficulty of a miss on first sight',
    hint: 'How much a miss on a card’s first answer counts toward its difficulty (each later miss counts 1).',
  },
];

const bounds = (name: GradeSettingName) => {
  const { min, max } = gradeNumberSettings[name];
  return `${min} to ${max}`;
};

function GradeSettingsForm({ settings }: { settings: GradeSettings }) {
  const save = useSaveGradeSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<GradeSettings>({
    resolver: zodResolver(gradeSettingsSchema),
    mode: 'onChange',
    defaultValues: settings,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await save.mutateAsync(values));
      toast.success('Grade numbers saved.');
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
      {gradeSettingFields.map(({ name, label, hint }) => (
        <NumberField
          key={name}
          {...register(name, { valueAsNumber: true })}
          label={label}
          hint={`${hint} (${bounds(name)}).`}
          min={gradeNumberSettings[name].min}
          max={gradeNumberSettings[name].max}
          step={gradeNumberSettings[name].step}
          inputMode="decimal"
          error={errors[name]?.message}
        />
      ))}
      <div className={styles.actions}>
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…" disabled={!isDirty}>
          Save grade numbers
        </SubmitButton>
        <Button
          variant="ghost"
          onClick={() => reset(defaultGradeSettings, { keepDefaultValues: true })}
        >
          Restore default grades
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
  return (
    <section className={styles.section} aria-labelledby="grade-numbers-title">
      <h2 id="grade-numbers-title">Grades</h2>
      <p className={styles.muted}>
        Every answer gets a grade: missed, close, exact, or exact and quick. These numbers say what
        each grade does to a card’s memory. “Fit to my history” proposes them with the others.
      </p>
      {settings.isPending ? (
        <p className={styles.muted}>Loading…</p>
      ) : settings.isError ? (
        <p role="alert">Your grade numbers could not be loaded: {settings.error.message}</p>
      ) : (
        <GradeSettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
      )}
    </section>
  );
}
