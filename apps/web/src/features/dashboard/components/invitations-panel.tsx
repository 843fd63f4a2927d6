import type { Invitation } from '@glossa/contract';
import { msg, plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { invitationsAnchor } from '../../../components/invitations-badge';
import { Panel } from '../../../components/panel';
import { ApiError } from '../../../lib/api-client';
import { receivedInvitationsQueryOptions } from '../../../lib/queries/invitations';
import { toast } from '../../../lib/toast';
import { useAnswerInvitation } from '../api/invitation-requests';
import styles from './invitations-panel.module.css';

const roleText = {
  viewer: msg`a viewer: you study its cards`,
  editor: msg`an editor: you study and edit its cards`,
} satisfies Record<Invitation['role'], unknown>;

interface InvitationItemProps {
  invitation: Invitation;
  /** Opened from this invitation's mail. */
  focus: boolean;
  onAnswered(): void;
}

function InvitationItem({ invitation, focus, onAnswered }: InvitationItemProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const answer = useAnswerInvitation();
  const nameId = useId();
  const acceptId = useId();
  const { category, owner, role, cardCount } = invitation;
  const categoryName = category.name;
  const ownerName = owner.username;
  const roleLabel = i18n._(roleText[role]);
  const cards = t`${plural(cardCount, { one: '# card', other: '# cards' })}`;

  // Opened from the invitation's mail: bring it into view, ready to answer.
  useEffect(() => {
    if (!focus) return;
    const accept = document.getElementById(acceptId);
    accept?.scrollIntoView?.({ block: 'center' });
    accept?.focus();
  }, [focus, acceptId]);

  const onAnswer = async (accept: boolean) => {
    try {
      await answer.mutateAsync({ id: invitation.id, accept });
      onAnswered();
      toast.success(
        accept
          ? t`${plural(cardCount, {
              one: `You joined ${categoryName}: its card is in your study now.`,
              other: `You joined ${categoryName}: its # cards are in your study now.`,
            })}`
          : t`You declined the invitation to ${categoryName}.`,
      );
    } catch (error) {
      toast.failure(
        error instanceof ApiError ? error.message : t`The invitation could not be answered.`,
      );
    }
  };

  const busy = answer.isPending;
  return (
    <li className={styles.item} data-focused={focus || undefined} aria-labelledby={nameId}>
      <div className={styles.text}>
        <p id={nameId} className={styles.name}>
          {category.name}
        </p>
        <p className={styles.detail}>
          <Trans>
            <strong>{ownerName}</strong> invites you as {roleLabel}.
          </Trans>{' '}
          <span className={styles.count}>{cards}</span>
        </p>
      </div>
      <div className={styles.actions}>
        <Button
          id={acceptId}
          size="sm"
          loading={busy && answer.variables.accept}
          disabled={busy}
          aria-label={t`Accept the invitation to ${categoryName}`}
          onClick={() => void onAnswer(true)}
        >
          <Trans>Accept</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={busy && !answer.variables.accept}
          disabled={busy}
          aria-label={t`Decline the invitation to ${categoryName}`}
          onClick={() => void onAnswer(false)}
        >
          <Trans>Decline</Trans>
        </Button>
      </div>
    </li>
  );
}

/**
 * The invitations waiting for the learner's answer. Nothing of a category reaches their study
 * until they accept; the mail's link and the header's badge lead here.
 */
export function InvitationsPanel() {
  const invitations = useQuery(receivedInvitationsQueryOptions());
  const [search, setSearch] = useSearchParams();
  const { hash } = useLocation();
  const titleId = useId();
  const linked = search.get('invitation');
  const items = invitations.data ?? [];
  const linkedWaits = linked !== null && items.some((item) => item.id === linked);
  const shown = items.length > 0;

  // From the header's badge: move to the list.
  useEffect(() => {
    if (!shown || hash !== `#${invitationsAnchor}` || linked) return;
    const panel = document.getElementById(invitationsAnchor);
    panel?.scrollIntoView?.({ block: 'start' });
    panel?.focus();
  }, [shown, hash, linked]);

  if (!invitations.isSuccess) return null;
  if (!shown && !linked) return null;
  return (
    <Panel
      as="section"
      id={invitationsAnchor}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={styles.panel}
    >
      <h2 id={titleId} className={styles.title}>
        <Trans>Invitations</Trans>
      </h2>
      {linked && !linkedWaits ? (
        <p role="status" className={styles.note}>
          <Trans>
            That invitation no longer waits for an answer: it was answered already, or its owner
            cancelled it.
          </Trans>
        </p>
      ) : null}
      {shown ? (
        <>
          <p className={styles.note}>
            <Trans>
              Accept to study a category’s cards on your own schedule. Nothing reaches your study
              until you do.
            </Trans>
          </p>
          <ul className={styles.list}>
            {items.map((invitation) => (
              <InvitationItem
                key={invitation.id}
                invitation={invitation}
                focus={invitation.id === linked}
                onAnswered={() => {
                  // Answered here: the mail's link no longer points at anything waiting.
                  if (invitation.id !== linked) return;
                  setSearch(
                    (previous) => {
                      const next = new URLSearchParams(previous);
                      next.delete('invitation');
                      return next;
                    },
                    { replace: true },
                  );
                }}
              />
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}
