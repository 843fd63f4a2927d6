import { defaultSchedulerSettings, studyLimits } from '@glossa/contract/values';
import { gradeGuess, scoreGuess, type Grade } from '@glossa/srs';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { AnswerDiff } from '../../../components/answer-diff';
import formStyles from '../../../components/form/form.module.css';
import { useUser } from '../../../lib/auth';
import { verdictOf } from '../../../lib/verdict';
import styles from './widgets.module.css';

/** Languages whose rules differ (articles, Turkish İ), and a few scripts to try. */
const languageCodes = [
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'nl',
  'sv',
  'tr',
  'ru',
  'ar',
  'ja',
  'zh',
] as const;

/** A language's name in the interface's language (Intl), else its code. */
function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const gradeNames: Record<Grade, MessageDescriptor> = {
  1: msg`1 · missed`,
  2: msg`2 · close`,
  3: msg`3 · exact`,
  4: msg`4 · exact and quick`,
};

/** A grade's number and name, in the active language ("1 · missed"). */
export function gradeName(grade: Grade): string {
  return i18n._(gradeNames[grade]);
}

/**
 * The scoring playground: an expected answer and a guess, scored on this device by the engine the
 * server scores answers with (scoreGuess, gradeGuess of packages/srs) at the learner's pass mark.
 * Nothing is sent.
 */
export function ScoringPlayground() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { data: user } = useUser();
  const ownPassMark =
    user?.guessSuccessMinimumScore ?? defaultSchedulerSettings.guessSuccessMinimumScore;
  // An English example, scored as English (the language below starts at en): not interface text.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  const [expected, setExpected] = useState('the apple');
  const [guess, setGuess] = useState('apple');
  const [language, setLanguage] = useState('en');
  const [passPercent, setPassPercent] = useState<number | null>(null);
  const [quick, setQuick] = useState(false);
  const minimumScore = passPercent === null ? ownPassMark : passPercent / 100;

  const answers = [expected];
  const scored = expected.trim() ? scoreGuess(guess, answers, { language, minimumScore }) : null;
  // A quick answer is one within the learner's quick threshold: here the box says whether it was.
  const grade = scored
    ? gradeGuess(
        { score: scored.score, elapsedMs: quick ? 0 : null },
        { guessSuccessMinimumScore: minimumScore },
        quick ? 1 : null,
      )
    : null;
  const percent = scored ? Math.round(scored.score * 1000) / 10 : 0;
  const pass = Math.round(minimumScore * 100);
  const number = (value: number) => value.toLocaleString(i18n.locale);
  const percentText = number(percent);
  const passText = number(pass);

  return (
    <section
      className={styles.widget}
      aria-labelledby={`${id}-title`}
      data-testid="playground"
      lang={i18n.locale}
    >
      <h3 id={`${id}-title`} className={styles.widgetTitle}>
        <Trans>Scoring playground</Trans>
      </h3>
      <div className={styles.fields}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-expected`}>
            <Trans>Expected answer</Trans>
          </label>
          <input
            id={`${id}-expected`}
            className={formStyles.input}
            value={expected}
            onChange={(event) => setExpected(event.target.value)}
            lang={language}
            dir="auto"
            autoComplete="off"
            spellCheck={false}
            maxLength={studyLimits.guessUnitsMax}
            aria-describedby={`${id}-expected-hint`}
          />
          <p id={`${id}-expected-hint`} className={formStyles.hint}>
            <Trans>Variants separated by ; | or / are each accepted.</Trans>
          </p>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-guess`}>
            <Trans>Your guess</Trans>
          </label>
          <input
            id={`${id}-guess`}
            className={formStyles.input}
            value={guess}
            onChange={(event) => setGuess(event.target.value)}
            lang={language}
            dir="auto"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={studyLimits.guessUnitsMax}
          />
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-language`}>
            <Trans>Language of the answer</Trans>
          </label>
          <select
            id={`${id}-language`}
            className={formStyles.input}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
          >
            {languageCodes.map((code) => (
              <option key={code} value={code}>
                {languageName(code, i18n.locale)}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-pass`}>
            {passPercent === null
              ? t`Pass mark: ${passText} % (yours)`
              : t`Pass mark: ${passText} %`}
          </label>
          <input
            id={`${id}-pass`}
            type="range"
            className={styles.slider}
            min={50}
            max={100}
            step={1}
            value={Math.round(minimumScore * 100)}
            onChange={(event) => setPassPercent(Number(event.target.value))}
            aria-valuetext={t`${passText} %`}
          />
        </div>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={quick}
          onChange={(event) => setQuick(event.target.checked)}
        />
        <Trans>Answered within my quick threshold</Trans>
      </label>
      <div className={styles.result} aria-live="polite" data-testid="playground-result">
        {scored && grade ? (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>
                  <Trans>Score</Trans>
                </dt>
                <dd data-testid="playground-score">{t`${percentText} %`}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Verdict</Trans>
                </dt>
                <dd data-testid="playground-verdict" data-success={scored.success}>
                  {verdictOf(scored.score, scored.success)}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Grade</Trans>
                </dt>
                <dd data-testid="playground-grade">{gradeName(grade)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Compared with</Trans>
                </dt>
                <dd lang={language} dir="auto">
                  {scored.expected}
                </dd>
              </div>
            </dl>
            {/* The typing conventions read in the guess, named as the study screen names them. */}
            <AnswerDiff
              diff={scored.diff}
              conventions={scored.conventions ?? []}
              guess={guess}
              lang={language}
              dir="auto"
            />
          </>
        ) : (
          <p className={styles.muted}>
            <Trans>Type an expected answer to score a guess against it.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
