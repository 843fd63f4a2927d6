import type { Card } from '@glossa/contract';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import styles from './duplicate-notice.module.css';

export interface DuplicateNoticeProps {
  /** The cards with the same front and pair, the oldest first. */
  cards: readonly Card[];
  /** Called when the learner follows the link (the dialog closes). */
  onOpen?(): void;
}

/**
 * "This card already exists", with a link to it: saving still adds another card, which the
 * learner may want (a second meaning), but never without knowing.
 */
export function DuplicateNotice({ cards, onOpen }: DuplicateNoticeProps) {
  const [first] = cards;
  if (!first) return null;
  const more = cards.length - 1;
  return (
    <div className={styles.notice} role="status">
      <Icon name="alert" size={16} className={styles.icon} />
      <p className={styles.text}>
        This card already exists:{' '}
        <Link to={paths.app.card.getHref(first.id)} className={styles.link} onClick={onOpen}>
          <span dir="auto">{first.front}</span> → <span dir="auto">{first.answers.join('; ')}</span>
        </Link>
        {more > 0 ? ` and ${more === 1 ? '1 more' : `${more} more`}.` : '.'} Saving adds another
        one.
      </p>
    </div>
  );
}
