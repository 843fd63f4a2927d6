import type { StudyQueueItem } from '@glossa/contract';
import { graphemes, scoredLength, studyLimits } from '@glossa/contract/values';
import { Trans } from '@lingui/react/macro';
import { memo, useState, type Ref } from 'react';
import { Button } from '../../../components/button';
import styles from '../study.module.css';
import { askedOf, languageDirection, languageName } from './study-format';

export interface AnswerFormProps {
  card: StudyQueueItem;
  id: string;
  inputRef: Ref<HTMLInputElement>;
  /** The guess, when the learner answers (Enter or the button). */
  onSubmit: (guess: string) => void;
  submitting: boolean;
}

/**
 * The guess cut to the longest the server scores (studyLimits.guessMax characters as scored),
 * as an input's maxLength cuts what is typed or pasted past it.
 */
export function withinGuessLimit(text: string): string {
  if (scoredLength(text) <= studyLimits.guessMax) return text;
  const kept = graphemes(text);
  while (kept.length > 0 && scoredLength(kept.join('')) > studyLimits.guessMax) kept.pop();
  return kept.join('');
}

// The form renders again on every keystroke, and only the form: the guess is its own state until
// the learner answers (the session renders once then). Its texts are elements made once and a
// memoised label, which React does not render again.
const answerText = <Trans>Answer</Trans>;
const hintText = <Trans>Press Enter to answer.</Trans>;

const AnswerLabel = memo(function AnswerLabel({ id, name }: { id: string; name: string }) {
  return (
    <label htmlFor={id} className={styles.label}>
      <Trans>Your answer in {name}</Trans>
    </label>
  );
});

/**
 * The typed answer, in the language the item asks for (the card's to-language, or its
 * from-language in reverse) and its writing direction; Enter answers. Shown afresh for each card
 * (the session gives it a key per card), so each starts empty.
 */
export function AnswerForm({ card, id, inputRef, onSubmit, submitting }: AnswerFormProps) {
  const [guess, setGuess] = useState('');
  const language = askedOf(card).answerLanguage;
  return (
    <form
      className={styles.answerForm}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(guess);
      }}
    >
      <AnswerLabel id={id} name={languageName(language)} />
      <div className={styles.answerRow}>
        <input
          id={id}
          ref={inputRef}
          className={styles.input}
          value={guess}
          onChange={(event) => setGuess(withinGuessLimit(event.target.value))}
          lang={language}
          dir={languageDirection(language)}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={studyLimits.guessUnitsMax}
          aria-describedby={`${id}-hint`}
          readOnly={submitting}
        />
        <Button type="submit" loading={submitting}>
          {answerText}
        </Button>
      </div>
      <p id={`${id}-hint`} className={styles.muted}>
        {hintText}
      </p>
    </form>
  );
}
