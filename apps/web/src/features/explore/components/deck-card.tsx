import type { DeckSummary } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import exploreStyles from '../explore.module.css';
import styles from './deck-card.module.css';
import { dayText, pairText } from './deck-format';

export interface DeckCardProps {
  deck: DeckSummary;
  onPreview(id: string): void;
}

/** One public deck in explore's list: what it is, how big, who made it, and its preview. */
export function DeckCard({ deck, onPreview }: DeckCardProps) {
  const { t } = useLingui();
  const titleId = `deck-${deck.id}-title`;
  const { cardCount, learnerCount } = deck;
  const owner = deck.owner.username;
  const updated = dayText(deck.updatedAt);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {deck.name}
        </h2>
        {deck.joined ? (
          <span className={exploreStyles.badge} data-tone="joined">
            <Icon name="check" size={14} />
            <Trans context="deck">Joined</Trans>
          </span>
        ) : null}
        {deck.own ? (
          <span className={exploreStyles.badge} data-tone="own">
            <Trans context="deck">Yours</Trans>
          </span>
        ) : null}
      </div>
      <p className={styles.pair}>{pairText(deck)}</p>
      {deck.description ? <p className={styles.description}>{deck.description}</p> : null}
      <ul className={exploreStyles.facts} aria-label={t`About this deck`}>
        <li>
          <Icon name="card" size={14} />
          {t`${plural(cardCount, { one: '# card', other: '# cards' })}`}
        </li>
        <li>
          <Icon name="user" size={14} />
          {t`${plural(learnerCount, { one: '# learner', other: '# learners' })}`}
        </li>
        <li>
          <Trans>by {owner}</Trans>
        </li>
        <li>
          <Trans>updated {updated}</Trans>
        </li>
      </ul>
      <div className={styles.foot}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPreview(deck.id)}
          aria-describedby={titleId}
        >
          <Trans>Preview</Trans>
        </Button>
      </div>
    </article>
  );
}
