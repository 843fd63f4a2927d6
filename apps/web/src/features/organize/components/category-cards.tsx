import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { categoryCardsQueryOptions } from '../api/organize-requests';
import styles from '../organize.module.css';

/** The cards filed directly in a category, a page at a time. */
export function CategoryCards({ categoryId }: { categoryId: string }) {
  const { t } = useLingui();
  const cards = useInfiniteQuery(categoryCardsQueryOptions(categoryId));
  if (cards.isPending) return <Spinner label={t`Loading the cards`} />;
  if (cards.isError) {
    return (
      <p role="alert" className={styles.error}>
        {cards.error instanceof ApiError ? cards.error.message : t`The cards could not be loaded.`}
      </p>
    );
  }
  const items = cards.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className={styles.muted}>
        <Trans>No cards in this category yet.</Trans>
      </p>
    );
  return (
    <div className={styles.stack}>
      <ul className={styles.cardList} aria-label={t`Cards`}>
        {items.map((card) => (
          <li key={card.id} className={styles.cardRow}>
            <Link
              to={paths.app.card.getHref(card.id)}
              className={styles.cardFront}
              lang={card.fromLanguageCode}
            >
              {card.front}
            </Link>
            <span className={styles.muted} lang={card.toLanguageCode}>
              {card.answers.join(', ')}
            </span>
          </li>
        ))}
      </ul>
      {cards.hasNextPage ? (
        <Button
          variant="secondary"
          loading={cards.isFetchingNextPage}
          onClick={() => void cards.fetchNextPage()}
        >
          <Trans>Load more</Trans>
        </Button>
      ) : null}
    </div>
  );
}
