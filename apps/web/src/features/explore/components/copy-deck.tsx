import type { DeckCopy, DeckSummary } from '@glossa/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { copyProgressQueryOptions, useCopyDeck } from '../api/explore-requests';
import exploreStyles from '../explore.module.css';
import styles from './copy-deck.module.css';

/**
 * Copy a deck into the learner's own categories, with a progress bar while it runs: the copy is
 * named by an id made here, whose progress is asked for until the copy answers.
 */
export function CopyDeck({ deck }: { deck: DeckSummary }) {
  const copy = useCopyDeck();
  const [copyId, setCopyId] = useState<string | null>(null);
  const [made, setMade] = useState<DeckCopy | null>(null);
  const running = copy.isPending && copyId !== null;
  const progress = useQuery(copyProgressQueryOptions(copyId ?? 'none', running));

  const onCopy = () => {
    const id = crypto.randomUUID();
    setCopyId(id);
    setMade(null);
    copy.mutate(
      { id: deck.id, copyId: id },
      {
        onSuccess: (result) => {
          setMade(result);
          toast.success(`“${deck.name}” was copied into your categories as “${result.name}”.`);
        },
        onError: (error) =>
          toast.failure(
            error instanceof ApiError ? error.message : 'The deck could not be copied. Try again.',
          ),
      },
    );
  };

  const total = Math.max(progress.data?.cardsTotal ?? 0, deck.cardCount, 1);
  const copied = Math.min(progress.data?.cardsCopied ?? 0, total);
  return (
    <div className={styles.copy}>
      <Button variant="secondary" loading={copy.isPending} onClick={onCopy}>
        Copy to my categories
      </Button>
      {running ? (
        <div className={styles.progress}>
          <div
            role="progressbar"
            aria-label={`Copying “${deck.name}”`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={copied}
            aria-valuetext={`${copied.toLocaleString()} of ${total.toLocaleString()} cards copied`}
            className={styles.track}
          >
            <span className={styles.bar} style={{ width: `${(100 * copied) / total}%` }} />
          </div>
          <p className={exploreStyles.muted} aria-hidden="true">
            {copied.toLocaleString()} of {total.toLocaleString()} cards copied
          </p>
        </div>
      ) : null}
      {made ? (
        <p className={styles.done} role="status">
          Copied as “{made.name}” ({made.cards.toLocaleString()}{' '}
          {made.cards === 1 ? 'card' : 'cards'}), yours to change.{' '}
          <ButtonLink
            to={paths.app.organizeCategory.getHref(made.categoryId)}
            variant="ghost"
            size="sm"
          >
            Open the copy
          </ButtonLink>
        </p>
      ) : null}
    </div>
  );
}
