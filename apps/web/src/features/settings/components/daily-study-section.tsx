import { formResolver } from '../../../lib/form-resolver';
import { studySettingsFields, studySettingsLimits, type StudySettings } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useForm } from '../../../lib/use-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FieldShell } from '../../../components/form/field-shell';
import { FormAlert } from '../../../components/form/form-alert';
import formStyles from '../../../components/form/form.module.css';
import { NumberField } from '../../../components/form/number-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { formatHourOfDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import {
  browserTimeZone,
  useEditStudySettings,
  useStudySettings,
} from '../../study/api/study-settings-requests';
import styles from '../settings.module.css';

const schema = z.strictObject(studySettingsFields);
type Values = z.infer<typeof schema>;

function zoneNames(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function DailyStudyForm({ settings }: { settings: StudySettings }) {
  const { t } = useLingui();
  const edit = useEditStudySettings();
  const zonesId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({
    resolver: formResolver(schema),
    // Checked as typed, next to each field.
    mode: 'onChange',
    // The stored settings, followed as they change (another device, a live update): a field the
    // learner is editing keeps what they typed (and its error), the others take the new value.
    values: {
      newCardsPerDay: settings.newCardsPerDay,
      reviewsPerDay: settings.reviewsPerDay,
      dayStartHour: settings.dayStartHour,
      timeZone: settings.timeZone,
    },
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  const here = browserTimeZone();
  const newMax = studySettingsLimits.newCardsPerDayMax;
  const reviewsMax = studySettingsLimits.reviewsPerDayMax;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await edit.mutateAsync(values);
      reset({
        newCardsPerDay: saved.newCardsPerDay,
        reviewsPerDay: saved.reviewsPerDay,
        dayStartHour: saved.dayStartHour,
        timeZone: saved.timeZone,
      });
      toast.success(t`Daily study saved.`);
    } catch (error) {
      applyServerErrors(error, setError, [
        'newCardsPerDay',
        'reviewsPerDay',
        'dayStartHour',
        'timeZone',
      ]);
    }
  });

  return (
    <form
      className={styles.narrowForm}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="daily-title"
    >
      <FormAlert message={errors.root?.server?.message} />
      <NumberField
        {...register('newCardsPerDay', { valueAsNumber: true })}
        label={t`New cards per day`}
        hint={t`Cards you study for the first time each day, across all your categories (0 to ${newMax}).`}
        min={0}
        max={studySettingsLimits.newCardsPerDayMax}
        step={1}
        inputMode="numeric"
        error={errors.newCardsPerDay?.message}
      />
      <NumberField
        {...register('reviewsPerDay', { valueAsNumber: true })}
        label={t`Reviews per day`}
        hint={t`Cards you studied before, answered again each day (0 to ${reviewsMax}).`}
        min={0}
        max={studySettingsLimits.reviewsPerDayMax}
        step={1}
        inputMode="numeric"
        error={errors.reviewsPerDay?.message}
      />
      <FieldShell
        label={t`Your day starts at`}
        hint={t`Answers before this hour count for the day before.`}
        error={errors.dayStartHour?.message}
      >
        {(a11y) => (
          <select
            className={formStyles.input}
            {...register('dayStartHour', { valueAsNumber: true })}
            {...a11y}
          >
            {Array.from({ length: 24 }, (_, hour) => (
              <option key={hour} value={hour}>
                {formatHourOfDay(hour)}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        label={t`Time zone`}
        hint={
          here && here !== settings.timeZone
            ? t`Your device is in ${here}.`
            : t`Where your day starts, such as Europe/Paris.`
        }
        list={zonesId}
        autoComplete="off"
        spellCheck={false}
        error={errors.timeZone?.message}
        {...register('timeZone')}
      />
      <datalist id={zonesId}>
        {zoneNames().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className={styles.actions}>
        <SubmitButton pending={isSubmitting} pendingLabel={t`Saving…`} disabled={!isDirty}>
          <Trans>Save daily study</Trans>
        </SubmitButton>
        {here && here !== settings.timeZone ? (
          <Button
            variant="ghost"
            onClick={() => setValue('timeZone', here, { shouldDirty: true, shouldValidate: true })}
          >
            <Trans>Use {here}</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Settings › Profile and learning: the learner's daily limits and when their day starts. */
export function DailyStudySection() {
  const settings = useStudySettings();
  const errorMessage = settings.error?.message;
  return (
    <section className={styles.section} aria-labelledby="daily-title">
      <h2 id="daily-title">
        <Trans>Daily study</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          How much study a day brings, whatever the number of your categories. A day counts from the
          hour you choose, where you are.
        </Trans>
      </p>
      {settings.isPending ? (
        <p className={styles.muted}>
          <Trans>Loading…</Trans>
        </p>
      ) : settings.isError ? (
        <p role="alert">
          <Trans>Your daily study could not be loaded: {errorMessage}</Trans>
        </p>
      ) : (
        <DailyStudyForm settings={settings.data} />
      )}
    </section>
  );
}
