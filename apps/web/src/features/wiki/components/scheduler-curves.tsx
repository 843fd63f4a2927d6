import type { SchedulerNumberSetting } from '@glossa/contract';
import { defaultSchedulerSettings, schedulerNumberSettings } from '@glossa/contract/values';
import type { SchedulerSettings } from '@glossa/srs';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import { describeDays, IntervalPlot } from '../../../components/interval-plot';
import { useUser } from '../../../lib/auth';
import { intervalSeries } from '../../../lib/interval-series';
import { useGradeSettings } from '../../study/api/scheduler-requests';
import {
  answersShown,
  cardAfter,
  gradeWaitsV1,
  gradeWaitsV2,
  type GradeWait,
} from '../content/curves';
import { ForgettingCurve } from './forgetting-curve';
import styles from './widgets.module.css';

/** The numbers the what-if sliders move, each with the words the settings give it. */
const whatIf: {
  name: SchedulerNumberSetting;
  label: MessageDescriptor;
  hint: MessageDescriptor;
}[] = [
  {
    name: 'interceptElevationGain',
    label: msg`Lift of every right answer`,
    hint: msg`At least this many doublings per right answer.`,
  },
  {
    name: 'amplitudeElevationGain',
    label: msg`Extra lift`,
    hint: msg`On top, largest for a card never forgotten.`,
  },
  {
    name: 'interceptElevationDepreciation',
    label: msg`Share a miss takes`,
    hint: msg`Of the card’s height above the floor, at least.`,
  },
  {
    name: 'checkpointAmplitudeCoefficientPeriodGain',
    label: msg`Wait multiplier of well-known cards`,
    hint: msg`Above 1: longer waits once a card is high.`,
  },
];

type Overrides = Partial<Record<SchedulerNumberSetting, number>>;

function GradeTable({ caption, waits, id }: { caption: string; waits: GradeWait[]; id: string }) {
  return (
    <table className={styles.table} data-testid={id}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Next answer</Trans>
          </th>
          <th scope="col">
            <Trans>Next wait</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {waits.map((wait) => (
          <tr key={wait.grade}>
            <th scope="row">{wait.label}</th>
            <td>{describeDays(wait.days)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The scheduler article's live curves, from the learner's own numbers (UserInfo, as the settings
 * show them) by the engine that plans their reviews, with what-if sliders that change nothing
 * saved: the waits after each of ten answers, a card's forgetting curve, the wait after each grade.
 */
export function SchedulerCurves() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { data: user, isPending } = useUser();
  // The learner's seven version-2 numbers (decision 0030); the defaults until known.
  const { data: grades } = useGradeSettings({ enabled: Boolean(user) });
  const own: SchedulerSettings = useMemo(() => {
    if (!user) return { ...defaultSchedulerSettings };
    const picked: Record<string, number | boolean> = {
      isReflowAbsolute: user.isReflowAbsolute,
      reflowValue: user.reflowValue,
    };
    for (const name of Object.keys(schedulerNumberSettings) as SchedulerNumberSetting[]) {
      picked[name] = user[name];
    }
    return picked as SchedulerSettings;
  }, [user]);
  const [overrides, setOverrides] = useState<Overrides>({});
  const [answer, setAnswer] = useState(3);
  const settings: SchedulerSettings = { ...own, ...overrides };
  const changed = Object.keys(overrides).length > 0;

  const series = intervalSeries({ ...settings, ...grades });
  const card = cardAfter(settings, answer, grades);
  const v1 = gradeWaitsV1(settings, answer);
  const v2 = gradeWaitsV2(settings, answer, grades);

  return (
    <section
      className={styles.widget}
      aria-labelledby={`${id}-title`}
      data-testid="curves"
      lang={i18n.locale}
    >
      <h3 id={`${id}-title`} className={styles.widgetTitle}>
        <Trans>Live curves</Trans>
      </h3>
      <p className={styles.muted} role="status" data-testid="curves-source">
        {isPending && !user
          ? t`Loading your numbers; the defaults are shown meanwhile.`
          : changed
            ? t`Drawn from your numbers with the changes below (not saved).`
            : user
              ? t`Drawn from your own numbers.`
              : t`Drawn from the default numbers.`}
      </p>
      <fieldset className={styles.sliders}>
        <legend className={styles.legend}>
          <Trans>What if…</Trans>
        </legend>
        {whatIf.map(({ name, label, hint }) => {
          const bounds = schedulerNumberSettings[name];
          const value = settings[name];
          const shown = value.toFixed(2);
          const yours = own[name].toFixed(2);
          const { min, max } = bounds;
          const labelText = i18n._(label);
          return (
            <div key={name} className={styles.sliderField}>
              <label className={styles.sliderLabel} htmlFor={`${id}-${name}`}>
                {overrides[name] !== undefined ? (
                  <Trans>
                    {labelText}: <strong>{shown}</strong> (yours: {yours})
                  </Trans>
                ) : (
                  <Trans>
                    {labelText}: <strong>{shown}</strong>
                  </Trans>
                )}
              </label>
              <input
                id={`${id}-${name}`}
                type="range"
                className={styles.slider}
                min={bounds.min}
                max={bounds.max}
                step={bounds.step}
                value={value}
                aria-describedby={`${id}-${name}-hint`}
                onChange={(event) =>
                  setOverrides((previous) => ({ ...previous, [name]: Number(event.target.value) }))
                }
              />
              <p id={`${id}-${name}-hint`} className={styles.hint}>
                {i18n._(hint)}{' '}
                <Trans>
                  From {min} to {max}.
                </Trans>
              </p>
            </div>
          );
        })}
        <Button variant="secondary" size="sm" onClick={() => setOverrides({})} disabled={!changed}>
          <Trans>Back to my numbers</Trans>
        </Button>
      </fieldset>

      <h4 className={styles.plotTitle}>
        <Trans>Days until the next review, answer after answer</Trans>
      </h4>
      <div data-testid="interval-plot">
        <IntervalPlot series={series} />
      </div>

      <h4 className={styles.plotTitle}>
        <Trans>The forgetting curve of one card</Trans>
      </h4>
      <div className={styles.sliderField}>
        <label className={styles.sliderLabel} htmlFor={`${id}-answer`}>
          <Trans>
            After answer <strong>{answer}</strong> of {answersShown} (all right, each on its due
            day)
          </Trans>
        </label>
        <input
          id={`${id}-answer`}
          type="range"
          className={styles.slider}
          min={1}
          max={answersShown}
          step={1}
          value={answer}
          onChange={(event) => setAnswer(Number(event.target.value))}
        />
      </div>
      <ForgettingCurve card={card} />

      <h4 className={styles.plotTitle}>
        <Trans>The wait after each grade</Trans>
      </h4>
      <p className={styles.muted}>
        <Trans>The same card, answered on its due day after answer {answer}:</Trans>
      </p>
      <div className={styles.tables}>
        <GradeTable id="grade-waits-v1" caption={t`Today’s scheduler (version 1)`} waits={v1} />
        <GradeTable
          id="grade-waits-v2"
          caption={t`Version 2 (its default memory numbers, a card of as many exact answers)`}
          waits={v2}
        />
      </div>
    </section>
  );
}
