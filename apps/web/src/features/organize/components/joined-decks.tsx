import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { joinedDecksQueryOptions } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './joined-decks.module.css';

/**
 * The public decks the learner joined, apart from their tree: each opens in its view (studied
 * with the learner's own schedule, read only, left from there or from explore).
 */
export function JoinedDecks({ currentId }: { currentId: string | undefined }) {
  const { t } = useLingui();
  const joined = useQuery(joinedDecksQueryOptions());
  const cardsText = (cardCount: number) =>
    t`${plural(cardCount, { one: '# card', other: '# cards' })}`;
  return (
    <section aria-labelledby="joined-decks-title" className={styles.joined}>
      <h2 id="joined-decks-title" className={styles.title}>
        <Trans>Joined decks</Trans>
      </h2>
      {joined.isPending ? (
        <Spinner size="sm" label={t`Loading your joined decks`} />
      ) : joined.isError ? (
        <p className={organizeStyles.error}>
          <Trans>Your joined decks could not be loaded.</Trans>
        </p>
      ) : joined.data.length === 0 ? (
        <p className={organizeStyles.muted}>
          <Trans>
            Decks you join in <Link to={paths.app.explore.getHref()}>Explore</Link> show here.
          </Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {joined.data.map((deck) => (
            <li key={deck.id} className={styles.item}>
              <Link
                to={paths.app.organizeCategory.getHref(deck.id)}
                className={styles.link}
                aria-current={deck.id === currentId ? 'page' : undefined}
              >
                {deck.name}
              </Link>
              <span className={organizeStyles.muted}>
                {deck.owner.username} · {cardsText(deck.cardCount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
