import type { TranslationSuggestion } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/icon';
import cardStyles from '../card.module.css';
import styles from './language-help.module.css';
import { suggestionSourceLabel, type DetectedLanguage } from './use-language-help';

export interface DetectedChipProps {
  detected: DetectedLanguage;
  /** Swaps "from" and "to" (the detected language is the "to" one). */
  onSwap(): void;
  /** Makes the detected language the "from" one. */
  onUse(code: string): void;
}

/** "Detected: Italian" with a one-click fix; the languages never change on their own. */
export function DetectedChip({ detected, onSwap, onUse }: DetectedChipProps) {
  const name = detected.name;
  return (
    <div className={styles.chip} role="status">
      <Icon name="language" size={14} />
      <span>
        <Trans>Detected: {name}</Trans>
      </span>
      {detected.swap ? (
        <button type="button" className={styles.chipAction} onClick={onSwap}>
          <Trans>Swap languages</Trans>
        </button>
      ) : (
        <button type="button" className={styles.chipAction} onClick={() => onUse(detected.code)}>
          <Trans>Use {name}</Trans>
        </button>
      )}
    </div>
  );
}

export interface SuggestionListProps {
  suggestions: readonly TranslationSuggestion[];
  /** Suggestions already among the answers (lower case). */
  added: ReadonlySet<string>;
  onAdd(text: string): void;
}

/** Translation suggestions under the answers: click, or Alt+1–9 in the answers field. */
export function SuggestionList({ suggestions, added, onAdd }: SuggestionListProps) {
  const { t } = useLingui();
  if (suggestions.length === 0) return null;
  return (
    <div className={styles.suggestions} role="group" aria-label={t`Suggested answers`}>
      <p className={styles.suggestionsHint}>
        <Trans>
          Suggestions: click, or <kbd className={cardStyles.kbd}>Alt</kbd>+
          <kbd className={cardStyles.kbd}>1</kbd>–<kbd className={cardStyles.kbd}>9</kbd> in the
          answers.
        </Trans>
      </p>
      <ul className={styles.suggestionList}>
        {suggestions.map((suggestion, index) => {
          const isAdded = added.has(suggestion.text.toLocaleLowerCase());
          return (
            <li key={`${suggestion.source}:${suggestion.text}`}>
              <button
                type="button"
                className={styles.suggestion}
                disabled={isAdded}
                aria-keyshortcuts={index < 9 ? `Alt+${index + 1}` : undefined}
                onClick={() => onAdd(suggestion.text)}
              >
                {index < 9 ? <span className={styles.suggestionKey}>{index + 1}</span> : null}
                <span dir="auto">{suggestion.text}</span>
                <span className={styles.suggestionSource}>
                  {suggestionSourceLabel[suggestion.source]}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
