import type { DeckCopy, DeckSummary } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { PlanLimitAlert, planLimitError } from '../../../components/plan-limit-message';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { getDateLocale } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { copyProgressQueryOptions, useCopyDeck } from '../api/explore-requests';
import exploreStyles from '../explore.module.css';
import styles from './copy-deck.module.css';

/**
 * Copy a deck into the learner's own categories, with a progress bar while it runs: the copy is
 * named by an id made here, whose progress is asked for until the copy answers.
 */
export function CopyDeck({ deck }: { deck: DeckSummary }) {
  const { t } = useLingui();
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
          const deckName = deck.name;
          const copyName = result.name;
          toast.success(t`“${deckName}” was copied into your categories as “${copyName}”.`);
        },
        onError: (error) => {
          // A refusal by the free plan shows in the dialog with the way to upgrade (below): a toast
          // is outside the modal dialog, its link out of reach.
          if (planLimitError(error)) return;
          toast.failure(
            error instanceof ApiError ? error.message : t`The deck could not be copied. Try again.`,
          );
        },
      },
    );
  };

  const total = Math.max(progress.data?.cardsTotal ?? 0, deck.cardCount, 1);
  const copied = Math.min(progress.data?.cardsCopied ?? 0, total);
  const copiedText = copied.toLocaleString(getDateLocale());
  const copiedOfTotal = t`${copiedText} of ${plural(total, { one: '# card copied', other: '# cards copied' })}`;
  const deckName = deck.name;
  const madeName = made?.name ?? '';
  const madeCards = made?.cards ?? 0;
  return (
    <div className={styles.copy}>
      <Button variant="secondary" loading={copy.isPending} onClick={onCopy}>
        <Trans>Copy to my categories</Trans>
      </Button>
      {running ? (
        <div className={styles.progress}>
          <div
            role="progressbar"
            aria-label={t`Copying “${deckName}”`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={copied}
            aria-valuetext={copiedOfTotal}
            className={styles.track}
          >
            <span className={styles.bar} style={{ width: `${(100 * copied) / total}%` }} />
          </div>
          <p className={exploreStyles.muted} aria-hidden="true">
            {copiedOfTotal}
          </p>
        </div>
      ) : null}
      {/* No onFollow: the link leaves the explore page, and the preview dialog goes with it. */}
      <PlanLimitAlert error={copy.error} />
      {made ? (
        <p className={styles.done} role="status">
          {t`Copied as “${madeName}” (${plural(madeCards, { one: '# card', other: '# cards' })}), yours to change.`}{' '}
          <ButtonLink
            to={paths.app.organizeCategory.getHref(made.categoryId)}
            variant="ghost"
            size="sm"
          >
            <Trans>Open the copy</Trans>
          </ButtonLink>
        </p>
      ) : null}
    </div>
  );
}
