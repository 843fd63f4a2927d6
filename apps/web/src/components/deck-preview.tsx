import type { DeckPreview } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getDateLocale } from '../lib/dates';
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
  const { t } = useLingui();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { deck, subcategories, subcategoriesOmitted, cards } = preview;
  const locale = getDateLocale();
  const shownCount = cards.length;
  const deckCount = deck.cardCount.toLocaleString(locale);
  return (
    <div className={styles.preview}>
      {deck.description ? (
        <p className={styles.description}>{deck.description}</p>
      ) : (
        <p className={styles.muted}>
          <Trans>No description.</Trans>
        </p>
      )}
      <section aria-label={t`Sub-categories`}>
        <Heading className={styles.heading}>
          <Trans>Sub-categories</Trans>
        </Heading>
        {subcategories.length === 0 ? (
          <p className={styles.muted}>
            <Trans>None: every card is in the deck itself.</Trans>
          </p>
        ) : (
          <ul className={styles.subcategories}>
            {subcategories.map(({ id, name, depth, cardCount }) => (
              <li key={id} style={{ paddingInlineStart: `${(depth - 2) * 1.25}rem` }}>
                <span className={styles.subName}>{name}</span>{' '}
                <span className={styles.muted}>
                  {t`${plural(cardCount, { one: '# card', other: '# cards' })}`}
                </span>
              </li>
            ))}
            {subcategoriesOmitted > 0 ? (
              <li className={styles.muted}>
                {t`${plural(subcategoriesOmitted, {
                  one: 'and # more sub-category',
                  other: 'and # more sub-categories',
                })}`}
              </li>
            ) : null}
          </ul>
        )}
      </section>
      <section aria-label={t`First cards`}>
        <Heading className={styles.heading}>
          {cards.length < deck.cardCount
            ? t`The first ${shownCount} of ${deckCount} cards`
            : t`${plural(shownCount, { one: 'Its card', other: 'Its # cards' })}`}
        </Heading>
        {cards.length === 0 ? (
          <p className={styles.muted}>
            <Trans>No cards yet.</Trans>
          </p>
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
