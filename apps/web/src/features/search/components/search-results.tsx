import type { CardHit, CategoryHit, SearchResults } from '@glossa/contract';
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { SearchTerm } from '@glossa/srs';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Highlight } from './highlight';
import styles from './search-results.module.css';

/** "3 cards and 1 category": what a search found, for the status line ("50+ cards" past a page). */
export function resultsSummary(results: SearchResults): string {
  const { cards, categories } = results;
  if (cards.items.length === 0 && categories.items.length === 0) return t`Nothing found`;
  const cardCount = cards.items.length;
  const categoryCount = categories.items.length;
  const shownCards = i18n.number(cardCount);
  const shownCategories = i18n.number(categoryCount);
  const cardText = cards.more
    ? t`${shownCards}+ cards`
    : t`${plural(cardCount, { one: '# card', other: '# cards' })}`;
  const categoryText = categories.more
    ? t`${shownCategories}+ categories`
    : t`${plural(categoryCount, { one: '# category', other: '# categories' })}`;
  return t`${cardText} and ${categoryText}`;
}

/** Who a result belongs to, when not the learner. */
const ownership = (own: boolean) =>
  own ? null : (
    <span className={styles.badge}>
      <Trans>not yours</Trans>
    </span>
  );

/** Where a card's match is, beyond its front: its answers, and its notes when they hold it. */
export function CardHitText({ card, terms }: { card: CardHit; terms: SearchTerm[] }) {
  return (
    <>
      <span className={styles.title}>
        <span lang={card.fromLanguageCode}>
          <Highlight text={card.front} terms={terms} />
        </span>
        {ownership(card.own)}
      </span>
      <span className={styles.detail} lang={card.toLanguageCode}>
        <Highlight text={card.answers.join(' · ')} terms={terms} />
      </span>
      {card.notes ? (
        <span className={styles.detail}>
          <Highlight text={card.notes} terms={terms} />
        </span>
      ) : null}
    </>
  );
}

export function CategoryHitText({
  category,
  terms,
}: {
  category: CategoryHit;
  terms: SearchTerm[];
}) {
  return (
    <>
      <span className={styles.title}>
        <Highlight text={category.name} terms={terms} />
        {ownership(category.own)}
      </span>
      {category.description ? (
        <span className={styles.detail}>
          <Highlight text={category.description} terms={terms} />
        </span>
      ) : null}
    </>
  );
}

/** The results grouped by kind, each opening its card or category. */
export function SearchResultGroups({
  results,
  terms,
}: {
  results: SearchResults;
  terms: SearchTerm[];
}) {
  const { cards, categories } = results;
  return (
    <div className={styles.groups}>
      {categories.items.length > 0 ? (
        <section className={styles.group} aria-labelledby="search-categories">
          <h2 id="search-categories" className={styles.groupTitle}>
            <Trans>Categories</Trans>
          </h2>
          <ul className={styles.list}>
            {categories.items.map((category) => (
              <li key={category.id}>
                <Link className={styles.hit} to={paths.app.organizeCategory.getHref(category.id)}>
                  <CategoryHitText category={category} terms={terms} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {cards.items.length > 0 ? (
        <section className={styles.group} aria-labelledby="search-cards">
          <h2 id="search-cards" className={styles.groupTitle}>
            <Trans>Cards</Trans>
          </h2>
          <ul className={styles.list}>
            {cards.items.map((card) => (
              <li key={card.id}>
                <Link className={styles.hit} to={paths.app.card.getHref(card.id)}>
                  <CardHitText card={card} terms={terms} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
