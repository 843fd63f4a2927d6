import type { ReviewResult } from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { nextComboCount } from '@glossa/srs';
import { useState, type RefObject } from 'react';
import { setCardCombo } from '../../../lib/app-state';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../api/outbox-send';
import type { OutboxEntry } from '../api/outbox-storage';
import { reviewOutbox } from '../api/review-outbox';
import { postOverride, useUndoReview } from '../api/study-requests';
import { answerFromServer, overriddenHere, type SessionAnswer } from './session-answer';

export interface AnswerCorrectionsOptions {
  userId: string | null;
  /** The answer of the card shown; none while it is asked. */
  result: SessionAnswer | null | undefined;
  /** Each answer of the session as it went into the outbox, by clientReviewId. */
  given: RefObject<Map<string, OutboxEntry>>;
  /** The server's result of each answer given offline that has reached it, by clientReviewId. */
  syncedResults: RefObject<Map<string, ReviewResult>>;
  noteCombo: (combo: number, before: number) => void;
  replaceResult: (clientId: string, next: (answer: SessionAnswer) => SessionAnswer) => void;
  /** Takes the answer back: the card is asked again. */
  backToPrompt: () => void;
}

/**
 * Undo and "I was right" on the answer shown. "I was right" goes through the outbox as answers
 * do: marked on the answer still waiting there, else sent after it (the learner waits for the
 * server's result). Undo is done on the server once it has the answer, else in the outbox.
 */
export function useAnswerCorrections({
  userId,
  result,
  given,
  syncedResults,
  noteCombo,
  replaceResult,
  backToPrompt,
}: AnswerCorrectionsOptions) {
  /** "I was right" on its way, or undo of an answer still in the outbox waiting for its lock. */
  const [localAction, setLocalAction] = useState<'override' | 'undo' | null>(null);
  const undo = useUndoReview();

  /** "I was right" on an answer the server has: only the override is left to send. */
  const overrideOnServer = (target: SessionAnswer) => {
    const answer = given.current.get(target.clientReviewId);
    if (!userId || !answer) return;
    setLocalAction('override');
    reviewOutbox
      .deliver(userId, { ...answer, override: true, reviewSent: true })
      .then(
        (delivery) => {
          if (delivery.status === 'synced') {
            const { result: after } = delivery;
            replaceResult(target.clientReviewId, () =>
              answerFromServer(after, target.comboBefore, target.conventions),
            );
            noteCombo(after.combo.current, target.combo);
          } else if (delivery.status === 'rejected') {
            toast.failure(delivery.message);
          } else {
            // Not sent: taken back, and the learner told, so they may ask again.
            void reviewOutbox.withdraw(userId, target.clientReviewId);
            toast.failure(
              delivery.error === null ? t`You are offline.` : errorMessage(delivery.error),
            );
          }
        },
        (error: unknown) => toast.failure(errorMessage(error)),
      )
      .finally(() => setLocalAction(null));
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

  /**
   * The grade the learner chooses for an answer the server has (decision 0030): the server
   * schedules the card again from before the answer with that grade; undo still takes it back.
   */
  const onGrade = (grade: SessionAnswer['grade']) => {
    if (!result || result.sync !== 'synced' || grade === result.grade) return;
    const target = result;
    setLocalAction('override');
    postOverride(target.clientReviewId, grade)
      .then(
        (after) => {
          replaceResult(target.clientReviewId, () =>
            answerFromServer(after, target.comboBefore, target.conventions),
          );
          noteCombo(after.combo.current, target.combo);
        },
        (error: unknown) => toast.failure(errorMessage(error)),
      )
      .finally(() => setLocalAction(null));
  };

  const pendingAction = localAction ?? (undo.isPending ? 'undo' : null);

  return { pendingAction, onOverride, onUndo, onGrade };
}
