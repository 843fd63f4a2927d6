import {
  defaultSchedulerSettings,
  exploreLimits,
  studyLimits,
  type PreviewCard,
} from '@glossa/contract';
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
  const tried = cards.slice(0, exploreLimits.tryCards);
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
          You got {right} of {tried.length} right
        </h3>
        <p className={exploreStyles.muted}>
          Nothing was saved. Join the deck to study all of it with your own schedule.
        </p>
        <div className={exploreStyles.actions}>
          <Button variant="secondary" onClick={onAgain}>
            Try again
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Back to the preview
          </Button>
        </div>
      </section>
    );
  }
  if (!card) return null;
  return (
    <section className={styles.tryCards} aria-labelledby={`${inputId}-heading`}>
      <div className={styles.top}>
        <h3 id={`${inputId}-heading`} className={styles.heading}>
          Try card {index + 1} of {tried.length}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Stop trying
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
          Your answer in {languageName(card.toLanguageCode)}
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
          {result ? null : <Button type="submit">Check</Button>}
        </div>
      </form>
      <div role="status" className={styles.result}>
        {result ? (
          <p data-success={result.success}>
            <strong>{verdictOf(result.score, result.success)}</strong> (
            {Math.round(result.score * 100)}
            %){result.success ? '. ' : ': '}
            <span lang={card.toLanguageCode} dir={languageDirection(card.toLanguageCode)}>
              {result.success ? card.answers.join(', ') : result.expected}
            </span>
          </p>
        ) : null}
      </div>
      {result ? (
        <button ref={nextRef} type="button" className={buttonClassName({})} onClick={onNext}>
          {index + 1 < tried.length ? 'Next card' : 'See how it went'}
        </button>
      ) : null}
    </section>
  );
}
