import {
  defaultSchedulerSettings,
  exploreLimits,
  studyLimits,
  type PreviewCard,
} from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { loadConventions, scoreGuess } from '@glossa/srs';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClassName } from '../../../components/button';
import { useUser } from '../../../lib/auth';
import { verdictOf } from '../../../lib/verdict';
import exploreStyles from '../explore.module.css';
import { languageDirection, languageName } from './deck-format';
import styles from './try-cards.module.css';

interface Tried {
  success: boolean;
  score: number;
  expected: string;
}

export interface TryCardsProps {
  cards: readonly PreviewCard[];
  /** Back to the preview. */
  onClose(): void;
}

/**
 * "Try 5 cards": a few of the deck's first cards studied here, scored on this device by the
 * engine the server uses (@glossa/srs) with the learner's pass mark. Nothing is sent: no schedule,
 * no review log, no combo.
 */
export function TryCards({ cards, onClose }: TryCardsProps) {
  const { i18n, t } = useLingui();
  const tried = cards.slice(0, exploreLimits.tryCards);
  const total = tried.length;
  const { data: user } = useUser();
  const minimumScore =
    user?.guessSuccessMinimumScore ?? defaultSchedulerSettings.guessSuccessMinimumScore;
  const [index, setIndex] = useState(0);
  const [guess, setGuess] = useState('');
  const [results, setResults] = useState<Tried[]>([]);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const card = tried[index];
  const result = results[index];
  const finished = index >= tried.length;

  // The card language's typing conventions load while the card is read (decision 0029).
  const language = card?.toLanguageCode;
  useEffect(() => {
    if (language) loadConventions(language).catch(() => undefined);
  }, [language]);

  // Focus follows the loop: the answer field for a new card, the next button once scored.
  useEffect(() => {
    if (finished) return;
    if (result) nextRef.current?.focus();
    else inputRef.current?.focus();
  }, [index, result, finished]);

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    if (!card || result) return;
    const scored = scoreGuess(guess, card.answers, {
      language: card.toLanguageCode,
      minimumScore,
    });
    setResults((previous) => [
      ...previous,
      {
        success: scored.success,
        score: scored.score,
        expected: scored.expected || card.answers[0] || '',
      },
    ]);
  };
  const onNext = () => {
    setGuess('');
    setIndex((previous) => previous + 1);
  };
  const onAgain = () => {
    setResults([]);
    setGuess('');
    setIndex(0);
  };

  if (finished) {
    const right = results.filter((r) => r.success).length;
    return (
      <section className={styles.tryCards} aria-labelledby={`${inputId}-done`}>
        <h3 id={`${inputId}-done`} className={styles.heading}>
          <Trans>
            You got {right} of {total} right
          </Trans>
        </h3>
        <p className={exploreStyles.muted}>
          <Trans>Nothing was saved. Join the deck to study all of it with your own schedule.</Trans>
        </p>
        <div className={exploreStyles.actions}>
          <Button variant="secondary" onClick={onAgain}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Back to the preview</Trans>
          </Button>
        </div>
      </section>
    );
  }
  if (!card) return null;
  const number = index + 1;
  const answerLanguage = languageName(card.toLanguageCode);
  return (
    <section className={styles.tryCards} aria-labelledby={`${inputId}-heading`}>
      <div className={styles.top}>
        <h3 id={`${inputId}-heading`} className={styles.heading}>
          <Trans>
            Try card {number} of {total}
          </Trans>
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <Trans>Stop trying</Trans>
        </Button>
      </div>
      <p
        className={styles.front}
        lang={card.fromLanguageCode}
        dir={languageDirection(card.fromLanguageCode)}
      >
        {card.front}
      </p>
      <form className={styles.form} onSubmit={onCheck}>
        <label htmlFor={inputId} className={exploreStyles.label}>
          <Trans>Your answer in {answerLanguage}</Trans>
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            ref={inputRef}
            className={exploreStyles.input}
            value={guess}
            onChange={(event) => setGuess(event.target.value)}
            lang={card.toLanguageCode}
            dir={languageDirection(card.toLanguageCode)}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={studyLimits.guessUnitsMax}
            readOnly={result !== undefined}
          />
          {result ? null : (
            <Button type="submit">
              <Trans>Check</Trans>
            </Button>
          )}
        </div>
      </form>
      <div role="status" className={styles.result}>
        {result ? (
          <p data-success={result.success}>
            <strong>{verdictOf(result.score, result.success)}</strong> (
            {i18n.number(result.score, { style: 'percent', maximumFractionDigits: 0 })})
            {result.success ? '. ' : ': '}
            <span lang={card.toLanguageCode} dir={languageDirection(card.toLanguageCode)}>
              {result.success ? card.answers.join(', ') : result.expected}
            </span>
          </p>
        ) : null}
      </div>
      {result ? (
        <button ref={nextRef} type="button" className={buttonClassName({})} onClick={onNext}>
          {index + 1 < tried.length ? t`Next card` : t`See how it went`}
        </button>
      ) : null}
    </section>
  );
}
