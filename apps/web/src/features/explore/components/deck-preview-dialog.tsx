import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { DeckPreviewContent } from '../../../components/deck-preview';
import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { deckPreviewQueryOptions, useJoinDeck } from '../api/explore-requests';
import exploreStyles from '../explore.module.css';
import { CopyDeck } from './copy-deck';
import { pairText } from './deck-format';
import styles from './deck-preview-dialog.module.css';
import { ReportDeck } from './report-deck';
import { TryCards } from './try-cards';

export interface DeckPreviewDialogProps {
  /** The deck shown; the dialog is closed when null. */
  deckId: string | null;
  onClose(): void;
}

/**
 * A deck as strangers see it, without joining: what it holds and its first cards, with "try 5
 * cards" (nothing saved), join or leave, copy, and report.
 */
export function DeckPreviewDialog({ deckId, onClose }: DeckPreviewDialogProps) {
  const { t } = useLingui();
  // The same query as the body's: the deck's name titles the dialog once it is known.
  const preview = useQuery({ ...deckPreviewQueryOptions(deckId ?? ''), enabled: deckId !== null });
  return (
    <Dialog
      open={deckId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title={preview.data?.deck.name ?? t`Deck preview`}
      description={t`What this deck holds, before you join or copy it.`}
    >
      {deckId ? <PreviewBody key={deckId} deckId={deckId} /> : null}
    </Dialog>
  );
}

function PreviewBody({ deckId }: { deckId: string }) {
  const { t } = useLingui();
  const preview = useQuery(deckPreviewQueryOptions(deckId));
  const join = useJoinDeck();
  const [mode, setMode] = useState<'preview' | 'try' | 'report'>('preview');

  if (preview.isPending) return <Spinner label={t`Loading the deck`} />;
  if (preview.isError) {
    const gone = preview.error instanceof ApiError && preview.error.code === 'not_found';
    return (
      <p className={exploreStyles.error} role="alert">
        {gone ? t`This deck is no longer public.` : preview.error.message}
      </p>
    );
  }
  const { deck } = preview.data;
  const deckName = deck.name;
  const owner = deck.owner.username;
  const { cardCount, learnerCount } = deck;
  const tryCount = Math.min(5, preview.data.cards.length);
  const onJoin = (joining: boolean) =>
    join.mutate(
      { id: deck.id, join: joining },
      {
        onSuccess: () =>
          toast.success(
            joining
              ? t`You joined “${deckName}”: its cards are in your study queue.`
              : t`You left “${deckName}”: its cards left your queue, your history stays.`,
          ),
        onError: (error) =>
          toast.failure(
            error instanceof ApiError ? error.message : t`That did not work. Try again.`,
          ),
      },
    );

  return (
    <div className={styles.body}>
      <ul className={exploreStyles.facts} aria-label={t`About this deck`}>
        <li>{pairText(deck)}</li>
        <li>{t`${plural(cardCount, { one: '# card', other: '# cards' })}`}</li>
        <li>{t`${plural(learnerCount, { one: '# learner', other: '# learners' })}`}</li>
        <li>
          <Trans>by {owner}</Trans>
        </li>
      </ul>
      <div className={exploreStyles.actions}>
        {deck.own ? (
          <p className={exploreStyles.muted}>
            <Trans>This is your deck.</Trans>
          </p>
        ) : deck.joined ? (
          <Button variant="secondary" loading={join.isPending} onClick={() => onJoin(false)}>
            <Trans>Leave</Trans>
          </Button>
        ) : (
          <Button loading={join.isPending} onClick={() => onJoin(true)}>
            <Trans>Join</Trans>
          </Button>
        )}
        {preview.data.cards.length > 0 && mode !== 'try' ? (
          <Button variant="secondary" onClick={() => setMode('try')}>
            {t`Try ${plural(tryCount, { one: '# card', other: '# cards' })}`}
          </Button>
        ) : null}
        {!deck.own && mode !== 'report' ? (
          <Button variant="ghost" onClick={() => setMode('report')}>
            <Trans>Report</Trans>
          </Button>
        ) : null}
      </div>
      <CopyDeck deck={deck} />
      {deck.joined ? (
        <p className={exploreStyles.muted}>
          <Trans>
            You study this deck with your own schedule. Its owner sees how many learners joined,
            never who.
          </Trans>
        </p>
      ) : null}
      {mode === 'try' ? (
        <TryCards cards={preview.data.cards} onClose={() => setMode('preview')} />
      ) : null}
      {mode === 'report' ? <ReportDeck deckId={deck.id} onDone={() => setMode('preview')} /> : null}
      <DeckPreviewContent preview={preview.data} />
    </div>
  );
}
