import type { DeckSummary } from '@glossa/contract';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import exploreStyles from '../explore.module.css';
import styles from './deck-card.module.css';
import { countText, dayText, pairText } from './deck-format';

export interface DeckCardProps {
  deck: DeckSummary;
  onPreview(id: string): void;
}

/** One public deck in explore's list: what it is, how big, who made it, and its preview. */
export function DeckCard({ deck, onPreview }: DeckCardProps) {
  const titleId = `deck-${deck.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {deck.name}
        </h2>
        {deck.joined ? (
          <span className={exploreStyles.badge} data-tone="joined">
            <Icon name="check" size={14} />
            Joined
          </span>
        ) : null}
        {deck.own ? (
          <span className={exploreStyles.badge} data-tone="own">
            Yours
          </span>
        ) : null}
      </div>
      <p className={styles.pair}>{pairText(deck)}</p>
      {deck.description ? <p className={styles.description}>{deck.description}</p> : null}
      <ul className={exploreStyles.facts} aria-label="About this deck">
        <li>
          <Icon name="card" size={14} />
          {countText(deck.cardCount, 'card', 'cards')}
        </li>
        <li>
          <Icon name="user" size={14} />
          {countText(deck.learnerCount, 'learner', 'learners')}
        </li>
        <li>by {deck.owner.username}</li>
        <li>updated {dayText(deck.updatedAt)}</li>
      </ul>
      <div className={styles.foot}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPreview(deck.id)}
          aria-describedby={titleId}
        >
          Preview
        </Button>
      </div>
    </article>
  );
}
