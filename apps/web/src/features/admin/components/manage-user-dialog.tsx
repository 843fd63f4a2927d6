import type { AdminUser } from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { formatDateTime, getDateLocale } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useUserAction, type UserAction } from '../api/admin-requests';
import styles from './admin.module.css';

interface Choice {
  action: UserAction;
  /** The button that asks for it. */
  label: string;
  /** What will happen, said in the confirmation. */
  consequence: string;
  confirm: string;
  done: string;
  danger?: boolean;
}

/** The actions an admin may take on this user, each with what it will do (in the active language). */
function choicesFor(user: AdminUser, isSelf: boolean): Choice[] {
  const name = user.username;
  const email = user.email;
  const choices: Choice[] = [
    user.isFreeloaded
      ? {
          action: { kind: 'freeloaded', value: false },
          label: t`Take back free premium`,
          consequence: t`${name} will lose the premium plan you granted; with billing on, the free plan’s limits apply to them again at once.`,
          confirm: t`Take back free premium`,
          done: t`${name} no longer has free premium.`,
        }
      : {
          action: { kind: 'freeloaded', value: true },
          label: t`Grant free premium`,
          consequence: t`${name} will have the premium plan without paying, until an admin takes it back. Their app shows it at once.`,
          confirm: t`Grant free premium`,
          done: t`${name} now has free premium.`,
        },
  ];
  if (!user.emailVerified) {
    choices.push({
      action: { kind: 'resend' },
      label: t`Resend the verification e-mail`,
      consequence: t`A new verification link will be sent to ${email}; earlier links stop working.`,
      confirm: t`Send the link`,
      done: t`A verification link was sent to ${email}.`,
    });
  }
  if (isSelf) return choices;
  choices.push(
    user.role === 'admin'
      ? {
          action: { kind: 'role', value: 'user' },
          label: t`Remove admin role`,
          consequence: t`${name} will become a learner and lose access to this admin area.`,
          confirm: t`Remove admin role`,
          done: t`${name} is no longer an admin.`,
        }
      : {
          action: { kind: 'role', value: 'admin' },
          label: t`Make admin`,
          consequence: t`${name} will see every account and all feedback, and may change, disable and delete accounts — yours too.`,
          confirm: t`Make admin`,
          done: t`${name} is now an admin.`,
        },
    user.disabled
      ? {
          action: { kind: 'disabled', value: false },
          label: t`Enable account`,
          consequence: t`${name} will be able to sign in again.`,
          confirm: t`Enable account`,
          done: t`${name}’s account is enabled.`,
        }
      : {
          action: { kind: 'disabled', value: true },
          label: t`Disable account`,
          consequence: t`${name} will be signed out everywhere at once, and signing in will tell them the account is disabled. Their cards stay; you can enable the account again.`,
          confirm: t`Disable account`,
          done: t`${name}’s account is disabled and every session of theirs ended.`,
          danger: true,
        },
    {
      action: { kind: 'delete', username: '' },
      label: t`Delete account`,
      consequence: t`${name}’s account, cards, categories and reviews will be deleted for good, and they will be signed out everywhere. This cannot be undone. Type the username to confirm.`,
      confirm: t`Delete for good`,
      done: t`${name}’s account was deleted.`,
      danger: true,
    },
  );
  return choices;
}

/** A user's facts and the actions on them, each confirmed with what it will do. */
export function ManageUserDialog({
  user,
  isSelf,
  onClose,
}: {
  user: AdminUser;
  isSelf: boolean;
  onClose(): void;
}) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const act = useUserAction();

  const run = (choice: Choice) => {
    const action: UserAction =
      choice.action.kind === 'delete' ? { kind: 'delete', username: typed } : choice.action;
    setError(undefined);
    act.mutate(
      { id: user.id, action },
      {
        onSuccess: () => {
          toast.success(choice.done);
          if (action.kind === 'delete') onClose();
          else setChosen(null);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  if (chosen) {
    const needsName = chosen.action.kind === 'delete';
    const choiceLabel = chosen.label;
    const username = user.username;
    return (
      <Dialog
        alert
        open
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        title={t`${choiceLabel}: ${username}?`}
        description={chosen.consequence}
        size="sm"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run(chosen);
          }}
          noValidate
        >
          <FormAlert message={error} />
          {needsName ? (
            <TextField
              label={t`Type ${username} to confirm`}
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
            />
          ) : null}
          <DialogActions>
            <Button variant="secondary" type="button" onClick={() => setChosen(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="submit"
              variant={chosen.danger ? 'danger' : 'primary'}
              loading={act.isPending}
              disabled={needsName && typed !== user.username}
            >
              {chosen.confirm}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    );
  }

  const email = user.email;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user.username}
      description={isSelf ? t`This is your own account.` : t`What do you want to do?`}
      size="sm"
    >
      <dl className={styles.facts}>
        <dt>
          <Trans>E-mail</Trans>
        </dt>
        <dd>{user.emailVerified ? t`${email} (verified)` : t`${email} (not verified)`}</dd>
        <dt>
          <Trans>Role</Trans>
        </dt>
        <dd>{user.role === 'admin' ? t`Admin` : t`Learner`}</dd>
        <dt>
          <Trans>Plan</Trans>
        </dt>
        <dd>
          {user.plan === 'premium'
            ? user.isFreeloaded
              ? t`Premium (free premium granted)`
              : t`Premium`
            : user.isFreeloaded
              ? t`Free (free premium granted)`
              : t`Free`}
        </dd>
        <dt>
          <Trans>Account</Trans>
        </dt>
        <dd>{user.disabled ? t`Disabled` : t`Active`}</dd>
        <dt>
          <Trans>Last active</Trans>
        </dt>
        <dd>{user.lastActiveAt ? formatDateTime(user.lastActiveAt) : t`Never signed in`}</dd>
        <dt>
          <Trans>Cards</Trans>
        </dt>
        <dd>{user.cardCount.toLocaleString(getDateLocale())}</dd>
      </dl>
      <ul className={styles.actionList}>
        {choicesFor(user, isSelf).map((choice) => (
          <li key={choice.label}>
            <Button
              variant={choice.danger ? 'danger' : 'secondary'}
              onClick={() => {
                setTyped('');
                setError(undefined);
                setChosen(choice);
              }}
            >
              {choice.label}
            </Button>
          </li>
        ))}
      </ul>
      {isSelf ? (
        <p className={styles.muted}>
          <Trans>
            You cannot change your own role, disable or delete your own account: ask another admin.
          </Trans>
        </p>
      ) : null}
    </Dialog>
  );
}
