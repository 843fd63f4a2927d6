import { formResolver } from '../../../lib/form-resolver';
import { LanguagePairFields } from '../../../components/form/language-pair-fields';
import {
  defaultSchedulerSettings,
  memorySettingNames,
  schedulerNumberSettings,
  type MemorySettings,
  type UserInfo,
} from '@glossa/contract';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { NumberField } from '../../../components/form/number-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { SwitchField } from '../../../components/form/switch-field';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useContractMessages } from '../../../lib/form-resolver';
import { toast } from '../../../lib/toast';
import { useEditUser } from '../api/settings-requests';
import styles from '../settings.module.css';
import { FitToHistory } from './fit-history';
import { IntervalPlot } from '../../../components/interval-plot';
import { intervalSeries, previewSettings } from '../../../lib/interval-series';
import {
  changedLearningSettings,
  learningFieldNames,
  learningSettingsFormSchema,
  passingPercent,
  pickLearningSettings,
  reflowBoundsFor,
  schedulerBoundsMessage,
  schedulerFieldName,
  schedulerGroups,
  toPercent,
} from './learning-settings-schema';

/**
 * Settings › learning: languages, the passing score (in percent), the scheduler's numbers beside
 * the preview of what they do, reflow. Checked as typed; leaving with unsaved changes asks first.
 */
export function LearningSettingsForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const contractMessage = useContractMessages();
  const saved = useMemo(() => pickLearningSettings(user), [user]);
  const editUser = useEditUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    getValues,
    reset,
    resetField,
    trigger,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: formResolver(learningSettingsFormSchema),
    defaultValues: saved,
    // Each field says what is wrong as it is typed, not only after Save.
    mode: 'onChange',
  });
  const isReflowAbsolute = useWatch({ control, name: 'isReflowAbsolute' });
  const passingScore = useWatch({ control, name: 'guessSuccessMinimumScore' });
  const reflow = reflowBoundsFor(isReflowAbsolute);
  const { min: reflowMin, max: reflowMax } = reflow;
  const { min: passingMin, max: passingMax } = passingPercent;
  // The preview follows the numbers as typed, saved or not.
  const typed = useWatch({ control });
  const preview = previewSettings(typed);
  const series = 'settings' in preview ? intervalSeries(preview.settings) : null;
  const waitingField = 'waitingFor' in preview ? schedulerFieldName(i18n, preview.waitingFor) : '';
  // The bounds' sentence (the contract's, translated) starts with "Enter…": lowercase after the
  // colon (in English).
  const waitingBounds =
    'waitingFor' in preview
      ? contractMessage(schedulerBoundsMessage(preview.waitingFor)).replace(/^Enter/, 'enter')
      : '';

  const onSubmit = handleSubmit(async (values) => {
    const changed = changedLearningSettings(values, saved);
    if (Object.keys(changed).length === 0) {
      reset(values);
      return;
    }
    try {
      await editUser.mutateAsync(changed);
    } catch (error) {
      applyServerErrors(error, setError, learningFieldNames);
      return;
    }
    reset(values);
    toast.success(t`Your learning settings were saved.`);
  });

  const restoreDefaults = () => {
    for (const [name, value] of Object.entries(defaultSchedulerSettings) as [
      keyof typeof defaultSchedulerSettings,
      number | boolean,
    ][]) {
      const shown =
        name === 'guessSuccessMinimumScore' && typeof value === 'number' ? toPercent(value) : value;
      setValue(name, shown, { shouldDirty: true, shouldValidate: true });
    }
  };

  /** "Fit to my history" › Apply: saves the ten fitted numbers, then shows them as saved. */
  const applyFit = async (fitted: MemorySettings) => {
    const changed = Object.fromEntries(
      memorySettingNames
        .filter((name) => fitted[name] !== saved[name])
        .map((name) => [name, fitted[name]]),
    );
    if (Object.keys(changed).length > 0) await editUser.mutateAsync(changed);
    // Other unsaved edits of the form stay as they are.
    for (const name of memorySettingNames) resetField(name, { defaultValue: fitted[name] });
    toast.success(t`The fitted numbers were saved.`);
  };

  const onReflowModeChange = (absolute: boolean) => {
    // Keep the window inside the new unit's bounds rather than leaving an invalid value behind.
    const { min, max } = reflowBoundsFor(absolute);
    const current = getValues('reflowValue');
    if (Number.isFinite(current) && (current < min || current > max)) {
      setValue('reflowValue', Math.min(max, Math.max(min, current)), { shouldDirty: true });
    }
    void trigger('reflowValue');
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`Learning settings`}>
      <h2 className={styles.formHeading}>
        <Trans>Learning</Trans>
      </h2>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} what={t`your learning settings`} />
      <FormAlert message={errors.root?.server?.message} />

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Languages</Trans>
        </legend>
        <p className={styles.muted}>
          <Trans>The languages new cards start with.</Trans>
        </p>
        <div className={styles.grid}>
          <LanguagePairFields
            control={control}
            fromName="defaultFromLanguageCode"
            toName="toLanguageCode"
            fromLabel={t`I'm learning`}
            toLabel={t`I speak`}
          />
        </div>
        <Controller
          control={control}
          name="isAutodetectLanguageEnabled"
          render={({ field }) => (
            <SwitchField
              label={t`Detect the language of what I type`}
              hint={t`When you write a new card, Glossa guesses its languages from the text.`}
              name={field.name}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Passing score</Trans>
        </legend>
        <NumberField
          label={
            <Trans>
              Minimum similarity to pass<VisuallyHidden>, in percent</VisuallyHidden>
            </Trans>
          }
          unit="%"
          hint={
            Number.isFinite(passingScore) &&
            passingScore >= passingPercent.min &&
            passingScore <= passingPercent.max
              ? t`A typed answer at least ${passingScore} % like an expected one counts as right. From ${passingMin} to ${passingMax} %.`
              : t`From ${passingMin} to ${passingMax} %.`
          }
          error={errors.guessSuccessMinimumScore?.message}
          {...register('guessSuccessMinimumScore', { valueAsNumber: true })}
          min={passingPercent.min}
          max={passingPercent.max}
          step={passingPercent.step}
        />
      </fieldset>

      <div className={styles.scheduler}>
        <fieldset className={`${styles.fieldset} ${styles.schedulerPreview}`}>
          <legend className={styles.legend}>
            <Trans>Intervals</Trans>
          </legend>
          <p className={styles.muted}>
            <Trans>
              How long a new card waits before it comes back, with the numbers of this form as you
              type them.
            </Trans>
          </p>
          {series ? (
            <IntervalPlot series={series} />
          ) : 'waitingFor' in preview ? (
            <p className={styles.previewWaiting} role="status">
              <Trans>
                The preview waits for{' '}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => setFocus(preview.waitingFor)}
                >
                  {waitingField}
                </button>
                : {waitingBounds}.
              </Trans>
            </p>
          ) : null}
        </fieldset>
        <div className={styles.schedulerNumbers}>
          <FitToHistory saved={saved} onApply={applyFit} />

          {schedulerGroups.map((group) => (
            <fieldset key={group.key} className={styles.fieldset}>
              <legend className={styles.legend}>{i18n._(group.title)}</legend>
              <p className={styles.muted}>{i18n._(group.description)}</p>
              <div className={styles.grid}>
                {group.fields.map(({ name, label, hint }) => {
                  const bounds = schedulerNumberSettings[name];
                  const { min, max } = bounds;
                  const hintText = i18n._(hint);
                  return (
                    <NumberField
                      key={name}
                      label={i18n._(label)}
                      hint={t`${hintText} From ${min} to ${max}.`}
                      error={errors[name]?.message}
                      {...register(name, { valueAsNumber: true })}
                      min={bounds.min}
                      max={bounds.max}
                      step={bounds.step}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <Trans>Reflow</Trans>
            </legend>
            <p className={styles.muted}>
              <Trans>
                Moves each due date a little, inside a window, so that every day has about the same
                number of reviews.
              </Trans>
            </p>
            <Controller
              control={control}
              name="isReflowAbsolute"
              render={({ field }) => (
                <SwitchField
                  label={t`Window in days`}
                  hint={t`Off: the window is a fraction of the card's period, so long periods move more.`}
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(checked) => {
                    field.onChange(checked);
                    onReflowModeChange(checked);
                  }}
                  onBlur={field.onBlur}
                />
              )}
            />
            <NumberField
              label={
                isReflowAbsolute ? t`Window (days either side)` : t`Window (fraction of the period)`
              }
              hint={
                isReflowAbsolute
                  ? t`From ${reflowMin} to ${reflowMax} days. 0 turns reflow off.`
                  : t`From ${reflowMin} to ${reflowMax}: 0.05 moves a 20-day card by a day at most. 0 turns reflow off.`
              }
              error={errors.reflowValue?.message}
              {...register('reflowValue', { valueAsNumber: true })}
              min={reflow.min}
              max={reflow.max}
              step={reflow.step}
            />
          </fieldset>
        </div>
      </div>

      <div className={`${styles.actions} ${styles.stickyActions}`} data-toast-clearance="">
        <SubmitButton pending={isSubmitting} pendingLabel={t`Saving…`} disabled={!isDirty}>
          <Trans>Save</Trans>
        </SubmitButton>
        <Button
          variant="secondary"
          onClick={() => reset(saved)}
          disabled={!isDirty || isSubmitting}
          // The visible text is shortened at phone width; the name stays whole.
          aria-label={t`Undo changes`}
        >
          {/* One flex item: the button's gap would otherwise split the words. */}
          <span>
            <Trans>
              Undo<span className={styles.wideOnly}> changes</span>
            </Trans>
          </span>
        </Button>
        <Button variant="ghost" onClick={restoreDefaults} disabled={isSubmitting}>
          <Trans>Restore defaults</Trans>
        </Button>
      </div>
    </form>
  );
}
