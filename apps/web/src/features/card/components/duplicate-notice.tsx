import type { Card } from '@glossa/contract';
import { Plural, Trans } from '@lingui/react/macro';
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
  const front = first.front;
  const answers = first.answers.join('; ');
  return (
    <div className={styles.notice} role="status">
      <Icon name="alert" size={16} className={styles.icon} />
      <p className={styles.text}>
        <Trans>
          This card already exists:{' '}
          <Link to={paths.app.card.getHref(first.id)} className={styles.link} onClick={onOpen}>
            <span dir="auto">{front}</span> → <span dir="auto">{answers}</span>
          </Link>
          <Plural value={more} _0="." one=" and # more." other=" and # more." /> Saving adds another
          one.
        </Trans>
      </p>
    </div>
  );
}
