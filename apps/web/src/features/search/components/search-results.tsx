import type { CardHit, CategoryHit, SearchResults } from '@glossa/contract';
import type { SearchTerm } from '@glossa/srs';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Highlight } from './highlight';
import styles from './search-results.module.css';

const plural = (count: number, one: string, many: string, more: boolean) =>
  `${count.toLocaleString()}${more ? '+' : ''} ${count === 1 && !more ? one : many}`;

/** "3 cards and 1 category": what a search found, for the status line. */
export function resultsSummary(results: SearchResults): string {
  const { cards, categories } = results;
  if (cards.items.length === 0 && categories.items.length === 0) return 'Nothing found';
  return [
    plural(cards.items.length, 'card', 'cards', cards.more),
    plural(categories.items.length, 'category', 'categories', categories.more),
  ].join(' and ');
}

/** Who a result belongs to, when not the learner. */
const ownership = (own: boolean) => (own ? null : <span className={styles.badge}>not yours</span>);

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
            Categories
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
            Cards
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
