import { defaultSchedulerSettings, studyLimits } from '@glossa/contract/values';
import { gradeGuess, scoreGuess, type Grade } from '@glossa/srs';
import { useId, useState } from 'react';
import { AnswerDiff } from '../../../components/answer-diff';
import formStyles from '../../../components/form/form.module.css';
import { useUser } from '../../../lib/auth';
import { verdictOf } from '../../../lib/verdict';
import styles from './widgets.module.css';

/** Languages whose rules differ (articles, Turkish İ), and a few scripts to try. */
const languages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'es', name: 'Spanish' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'nl', name: 'Dutch' },
  { code: 'sv', name: 'Swedish' },
  { code: 'tr', name: 'Turkish' },
  { code: 'ru', name: 'Russian' },
  { code: 'ar', name: 'Arabic' },
  { code: 'ja', name: 'Japanese' },
  { code: 'zh', name: 'Chinese' },
] as const;

export const gradeNames: Record<Grade, string> = {
  1: '1 · missed',
  2: '2 · close',
  3: '3 · exact',
  4: '4 · exact and quick',
};

/**
 * The scoring playground: an expected answer and a guess, scored on this device by the engine the
 * server scores answers with (scoreGuess, gradeGuess of packages/srs) at the learner's pass mark.
 * Nothing is sent.
 */
export function ScoringPlayground() {
  const id = useId();
  const { data: user } = useUser();
  const ownPassMark =
    user?.guessSuccessMinimumScore ?? defaultSchedulerSettings.guessSuccessMinimumScore;
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

  return (
    <section className={styles.widget} aria-labelledby={`${id}-title`} data-testid="playground">
      <h3 id={`${id}-title`} className={styles.widgetTitle}>
        Scoring playground
      </h3>
      <div className={styles.fields}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-expected`}>
            Expected answer
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
            Variants separated by ; | or / are each accepted.
          </p>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-guess`}>
            Your guess
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
            Language of the answer
          </label>
          <select
            id={`${id}-language`}
            className={formStyles.input}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
          >
            {languages.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-pass`}>
            Pass mark: {Math.round(minimumScore * 100)} %{passPercent === null ? ' (yours)' : ''}
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
            aria-valuetext={`${Math.round(minimumScore * 100)} %`}
          />
        </div>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={quick}
          onChange={(event) => setQuick(event.target.checked)}
        />
        Answered within my quick threshold
      </label>
      <div className={styles.result} aria-live="polite" data-testid="playground-result">
        {scored && grade ? (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>Score</dt>
                <dd data-testid="playground-score">{percent} %</dd>
              </div>
              <div>
                <dt>Verdict</dt>
                <dd data-testid="playground-verdict" data-success={scored.success}>
                  {verdictOf(scored.score, scored.success)}
                </dd>
              </div>
              <div>
                <dt>Grade</dt>
                <dd data-testid="playground-grade">{gradeNames[grade]}</dd>
              </div>
              <div>
                <dt>Compared with</dt>
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
          <p className={styles.muted}>Type an expected answer to score a guess against it.</p>
        )}
      </div>
    </section>
  );
}
