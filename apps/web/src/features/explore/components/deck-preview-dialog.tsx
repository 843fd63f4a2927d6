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
import { countText, pairText } from './deck-format';
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
  // The same query as the body's: the deck's name titles the dialog once it is known.
  const preview = useQuery({ ...deckPreviewQueryOptions(deckId ?? ''), enabled: deckId !== null });
  return (
    <Dialog
      open={deckId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title={preview.data?.deck.name ?? 'Deck preview'}
      description="What this deck holds, before you join or copy it."
    >
      {deckId ? <PreviewBody key={deckId} deckId={deckId} /> : null}
    </Dialog>
  );
}

function PreviewBody({ deckId }: { deckId: string }) {
  const preview = useQuery(deckPreviewQueryOptions(deckId));
  const join = useJoinDeck();
  const [mode, setMode] = useState<'preview' | 'try' | 'report'>('preview');

  if (preview.isPending) return <Spinner label="Loading the deck" />;
  if (preview.isError) {
    const gone = preview.error instanceof ApiError && preview.error.code === 'not_found';
    return (
      <p className={exploreStyles.error} role="alert">
        {gone ? 'This deck is no longer public.' : preview.error.message}
      </p>
    );
  }
  const { deck } = preview.data;
  const onJoin = (joining: boolean) =>
    join.mutate(
      { id: deck.id, join: joining },
      {
        onSuccess: () =>
          toast.success(
            joining
              ? `You joined “${deck.name}”: its cards are in your study queue.`
              : `You left “${deck.name}”: its cards left your queue, your history stays.`,
          ),
        onError: (error) =>
          toast.failure(
            error instanceof ApiError ? error.message : 'That did not work. Try again.',
          ),
      },
    );

  return (
    <div className={styles.body}>
      <ul className={exploreStyles.facts} aria-label="About this deck">
        <li>{pairText(deck)}</li>
        <li>{countText(deck.cardCount, 'card', 'cards')}</li>
        <li>{countText(deck.learnerCount, 'learner', 'learners')}</li>
        <li>by {deck.owner.username}</li>
      </ul>
      <div className={exploreStyles.actions}>
        {deck.own ? (
          <p className={exploreStyles.muted}>This is your deck.</p>
        ) : deck.joined ? (
          <Button variant="secondary" loading={join.isPending} onClick={() => onJoin(false)}>
            Leave
          </Button>
        ) : (
          <Button loading={join.isPending} onClick={() => onJoin(true)}>
            Join
          </Button>
        )}
        {preview.data.cards.length > 0 && mode !== 'try' ? (
          <Button variant="secondary" onClick={() => setMode('try')}>
            Try {Math.min(5, preview.data.cards.length)} cards
          </Button>
        ) : null}
        {!deck.own && mode !== 'report' ? (
          <Button variant="ghost" onClick={() => setMode('report')}>
            Report
          </Button>
        ) : null}
      </div>
      <CopyDeck deck={deck} />
      {deck.joined ? (
        <p className={exploreStyles.muted}>
          You study this deck with your own schedule. Its owner sees how many learners joined, never
          who.
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
