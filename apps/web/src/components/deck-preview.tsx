import type { DeckPreview } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import styles from './deck-preview.module.css';

const direction = (code: string) => findLanguage(code)?.direction ?? 'auto';

/**
 * What strangers see of a deck (GET /api/explore/decks/{id}): its description, its
 * sub-categories and its first cards. Explore's preview and the owner's publishing preview in
 * organize both show it.
 */
export function DeckPreviewContent({
  preview,
  headingLevel = 3,
}: {
  preview: DeckPreview;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { deck, subcategories, subcategoriesOmitted, cards } = preview;
  return (
    <div className={styles.preview}>
      {deck.description ? (
        <p className={styles.description}>{deck.description}</p>
      ) : (
        <p className={styles.muted}>No description.</p>
      )}
      <section aria-label="Sub-categories">
        <Heading className={styles.heading}>Sub-categories</Heading>
        {subcategories.length === 0 ? (
          <p className={styles.muted}>None: every card is in the deck itself.</p>
        ) : (
          <ul className={styles.subcategories}>
            {subcategories.map((category) => (
              <li
                key={category.id}
                style={{ paddingInlineStart: `${(category.depth - 2) * 1.25}rem` }}
              >
                <span className={styles.subName}>{category.name}</span>{' '}
                <span className={styles.muted}>
                  {category.cardCount.toLocaleString()}{' '}
                  {category.cardCount === 1 ? 'card' : 'cards'}
                </span>
              </li>
            ))}
            {subcategoriesOmitted > 0 ? (
              <li className={styles.muted}>
                and {subcategoriesOmitted.toLocaleString()} more sub-categories
              </li>
            ) : null}
          </ul>
        )}
      </section>
      <section aria-label="First cards">
        <Heading className={styles.heading}>
          {cards.length < deck.cardCount
            ? `The first ${cards.length} of ${deck.cardCount.toLocaleString()} cards`
            : cards.length === 1
              ? 'Its card'
              : `Its ${cards.length} cards`}
        </Heading>
        {cards.length === 0 ? (
          <p className={styles.muted}>No cards yet.</p>
        ) : (
          <ul className={styles.cards}>
            {cards.map((card) => (
              <li key={card.id} className={styles.card}>
                <span
                  className={styles.front}
                  lang={card.fromLanguageCode}
                  dir={direction(card.fromLanguageCode)}
                >
                  {card.front}
                </span>
                <span aria-hidden="true" className={styles.muted}>
                  →
                </span>
                <span
                  className={styles.answers}
                  lang={card.toLanguageCode}
                  dir={direction(card.toLanguageCode)}
                >
                  {card.answers.join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
