import type { ReviewResult } from '@glossa/contract';
import { nextComboCount } from '@glossa/srs';
import { useState, type RefObject } from 'react';
import { setCardCombo } from '../../../lib/app-state';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../api/outbox-send';
import { reviewOutbox } from '../api/review-outbox';
import { useOverrideReview, useUndoReview } from '../api/study-requests';
import { answerFromServer, overriddenHere, type SessionAnswer } from './session-answer';

export interface AnswerCorrectionsOptions {
  userId: string | null;
  /** The answer of the card shown; none while it is asked. */
  result: SessionAnswer | null | undefined;
  /** The server's result of each answer given offline that has reached it, by clientReviewId. */
  syncedResults: RefObject<Map<string, ReviewResult>>;
  noteCombo: (combo: number, before: number) => void;
  replaceResult: (clientId: string, next: (answer: SessionAnswer) => SessionAnswer) => void;
  /** Takes the answer back: the card is asked again. */
  backToPrompt: () => void;
}

/**
 * Undo and "I was right" on the answer shown: on the server once it has the answer, else in the
 * outbox where it still waits (or on the server, if it reached it meanwhile).
 */
export function useAnswerCorrections({
  userId,
  result,
  syncedResults,
  noteCombo,
  replaceResult,
  backToPrompt,
}: AnswerCorrectionsOptions) {
  /** Undo or "I was right" of an answer still in the outbox, waiting for its lock. */
  const [localAction, setLocalAction] = useState<'override' | 'undo' | null>(null);
  const override = useOverrideReview();
  const undo = useUndoReview();

  const overrideOnServer = (target: SessionAnswer) => {
    override.mutate(target.clientReviewId, {
      onSuccess: (answer: ReviewResult) => {
        replaceResult(target.clientReviewId, () => answerFromServer(answer, target.comboBefore));
        noteCombo(answer.combo.current, target.combo);
      },
      onError: (error) => toast.failure(errorMessage(error)),
    });
  };

  const undoOnServer = (target: SessionAnswer) => {
    undo.mutate(target.clientReviewId, {
      onSuccess: (undone) => {
        setCardCombo(undone.combo.current);
        backToPrompt();
      },
      onError: (error) => toast.failure(errorMessage(error)),
    });
  };

  const onOverride = () => {
    if (!result) return;
    if (result.sync !== 'pending' || !userId) {
      overrideOnServer(result);
      return;
    }
    setLocalAction('override');
    void reviewOutbox.markOverride(userId, result.clientReviewId).then((outcome) => {
      setLocalAction(null);
      if (outcome === 'changed') {
        replaceResult(result.clientReviewId, overriddenHere);
        noteCombo(nextComboCount(result.comboBefore, true), result.combo);
        return;
      }
      // It reached the server meanwhile: override there, unless the server scored it right.
      const server = syncedResults.current.get(result.clientReviewId);
      if (!server?.success) overrideOnServer(result);
    });
  };

  const onUndo = () => {
    if (!result) return;
    if (result.sync === 'refused') {
      setCardCombo(result.comboBefore);
      backToPrompt();
      return;
    }
    if (result.sync !== 'pending' || !userId) {
      undoOnServer(result);
      return;
    }
    setLocalAction('undo');
    void reviewOutbox.withdraw(userId, result.clientReviewId).then((outcome) => {
      setLocalAction(null);
      if (outcome === 'changed') {
        setCardCombo(result.comboBefore);
        backToPrompt();
      } else {
        undoOnServer(result);
      }
    });
  };

  const pendingAction =
    localAction ?? (override.isPending ? 'override' : undo.isPending ? 'undo' : null);

  return { pendingAction, onOverride, onUndo };
}
