import type { AdminUser } from '@glossa/contract';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { formatDateTime } from '../../../lib/dates';
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

/** The actions an admin may take on this user, each with what it will do. */
function choicesFor(user: AdminUser, isSelf: boolean): Choice[] {
  const name = user.username;
  const choices: Choice[] = [
    user.isFreeloaded
      ? {
          action: { kind: 'freeloaded', value: false },
          label: 'Take back free premium',
          consequence: `${name} will lose the premium plan you granted; with billing on, the free plan’s limits apply to them again at once.`,
          confirm: 'Take back free premium',
          done: `${name} no longer has free premium.`,
        }
      : {
          action: { kind: 'freeloaded', value: true },
          label: 'Grant free premium',
          consequence: `${name} will have the premium plan without paying, until an admin takes it back. Their app shows it at once.`,
          confirm: 'Grant free premium',
          done: `${name} now has free premium.`,
        },
  ];
  if (!user.emailVerified) {
    choices.push({
      action: { kind: 'resend' },
      label: 'Resend the verification e-mail',
      consequence: `A new verification link will be sent to ${user.email}; earlier links stop working.`,
      confirm: 'Send the link',
      done: `A verification link was sent to ${user.email}.`,
    });
  }
  if (isSelf) return choices;
  choices.push(
    user.role === 'admin'
      ? {
          action: { kind: 'role', value: 'user' },
          label: 'Remove admin role',
          consequence: `${name} will become a learner and lose access to this admin area.`,
          confirm: 'Remove admin role',
          done: `${name} is no longer an admin.`,
        }
      : {
          action: { kind: 'role', value: 'admin' },
          label: 'Make admin',
          consequence: `${name} will see every account and all feedback, and may change, disable and delete accounts — yours too.`,
          confirm: 'Make admin',
          done: `${name} is now an admin.`,
        },
    user.disabled
      ? {
          action: { kind: 'disabled', value: false },
          label: 'Enable account',
          consequence: `${name} will be able to sign in again.`,
          confirm: 'Enable account',
          done: `${name}’s account is enabled.`,
        }
      : {
          action: { kind: 'disabled', value: true },
          label: 'Disable account',
          consequence: `${name} will be signed out everywhere at once, and signing in will tell them the account is disabled. Their cards stay; you can enable the account again.`,
          confirm: 'Disable account',
          done: `${name}’s account is disabled and every session of theirs ended.`,
          danger: true,
        },
    {
      action: { kind: 'delete', username: '' },
      label: 'Delete account',
      consequence: `${name}’s account, cards, categories and reviews will be deleted for good, and they will be signed out everywhere. This cannot be undone. Type the username to confirm.`,
      confirm: 'Delete for good',
      done: `${name}’s account was deleted.`,
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
    return (
      <Dialog
        alert
        open
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        title={`${chosen.label}: ${user.username}?`}
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
              label={`Type ${user.username} to confirm`}
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
            />
          ) : null}
          <DialogActions>
            <Button variant="secondary" type="button" onClick={() => setChosen(null)}>
              Cancel
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

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user.username}
      description={isSelf ? 'This is your own account.' : 'What do you want to do?'}
      size="sm"
    >
      <dl className={styles.facts}>
        <dt>E-mail</dt>
        <dd>
          {user.email} ({user.emailVerified ? 'verified' : 'not verified'})
        </dd>
        <dt>Role</dt>
        <dd>{user.role === 'admin' ? 'Admin' : 'Learner'}</dd>
        <dt>Plan</dt>
        <dd>
          {user.plan === 'premium' ? 'Premium' : 'Free'}
          {user.isFreeloaded ? ' (free premium granted)' : ''}
        </dd>
        <dt>Account</dt>
        <dd>{user.disabled ? 'Disabled' : 'Active'}</dd>
        <dt>Last active</dt>
        <dd>{user.lastActiveAt ? formatDateTime(user.lastActiveAt) : 'Never signed in'}</dd>
        <dt>Cards</dt>
        <dd>{user.cardCount}</dd>
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
          You cannot change your own role, disable or delete your own account: ask another admin.
        </p>
      ) : null}
    </Dialog>
  );
}
