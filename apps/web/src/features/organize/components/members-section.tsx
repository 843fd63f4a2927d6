import {
  memberRoleSchema,
  usernameSchema,
  type Invitation,
  type Member,
  type MemberRole,
} from '@glossa/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  categoryInvitationsQueryOptions,
  membersQueryOptions,
  useCancelInvitation,
  useInviteMember,
  useChangeMemberRole,
  useRemoveMember,
} from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './members-section.module.css';
import { formatDate } from '../../../lib/dates';

const roleText: Record<MemberRole, string> = {
  viewer: 'Viewer (studies)',
  editor: 'Editor (also edits cards)',
};

const addSchema = z.object({ username: usernameSchema, role: memberRoleSchema });
type AddInput = z.input<typeof addSchema>;
type AddOutput = z.output<typeof addSchema>;

function message(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface MembersSectionProps {
  categoryId: string;
  /** The owner changes and removes members, and sees and cancels the invitations waiting. */
  canManage: boolean;
  /** The owner invites members while the category is shared or public. */
  canAdd: boolean;
}

/**
 * The members of a category: listed for its members, managed by its owner. The owner invites
 * learners, who become members when they accept; until then the invitation waits here.
 */
export function MembersSection({ categoryId, canManage, canAdd }: MembersSectionProps) {
  const members = useQuery(membersQueryOptions(categoryId));
  return (
    <div className={organizeStyles.stack}>
      {canAdd ? <InviteMemberForm categoryId={categoryId} /> : null}
      {members.isPending ? (
        <Spinner label="Loading the members" />
      ) : members.isError ? (
        <p role="alert" className={organizeStyles.error}>
          {message(members.error, 'The members could not be loaded.')}
        </p>
      ) : members.data.items.length === 0 ? (
        <p className={organizeStyles.muted}>No members on this category yet.</p>
      ) : (
        <ul className={organizeStyles.memberList} aria-label="Members">
          {members.data.items.map((member) => (
            <MemberRow
              key={member.userId}
              categoryId={categoryId}
              member={member}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
      {canManage ? <PendingInvitations categoryId={categoryId} /> : null}
    </div>
  );
}

function InviteMemberForm({ categoryId }: { categoryId: string }) {
  const add = useInviteMember(categoryId);
  const roleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddInput, unknown, AddOutput>({
    resolver: zodResolver(addSchema),
    defaultValues: { username: '', role: 'viewer' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invitation = await add.mutateAsync(values);
      toast.success(
        `${invitation.invitee.username} was invited as ${invitation.role}: they join when they accept.`,
      );
      reset({ username: '', role: values.role });
    } catch (error) {
      // A private category answers 409 naming `visibility`: that belongs to the form alert.
      applyServerErrors(error, setError, ['username', 'role']);
    }
  });

  return (
    <form className={styles.addMember} onSubmit={onSubmit} noValidate aria-label="Invite a member">
      <FormAlert message={errors.root?.server?.message} />
      <div className={styles.addMemberRow}>
        <TextField
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <div className={organizeStyles.field}>
          <label className={organizeStyles.legend} htmlFor={roleId}>
            Role
          </label>
          <select id={roleId} className={organizeStyles.select} {...register('role')}>
            {memberRoleSchema.options.map((role) => (
              <option key={role} value={role}>
                {roleText[role]}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Inviting…" className={styles.addButton}>
          Invite
        </SubmitButton>
      </div>
    </form>
  );
}

/** The invitations of the category that wait for an answer, each with a way to take it back. */
function PendingInvitations({ categoryId }: { categoryId: string }) {
  const invitations = useQuery(categoryInvitationsQueryOptions(categoryId));
  const titleId = useId();
  if (!invitations.isSuccess) {
    return invitations.isError ? (
      <p role="alert" className={organizeStyles.error}>
        {message(invitations.error, 'The invitations could not be loaded.')}
      </p>
    ) : null;
  }
  if (invitations.data.items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.pending}>
      <h4 id={titleId} className={styles.pendingTitle}>
        Waiting for an answer
      </h4>
      <ul className={organizeStyles.memberList} aria-labelledby={titleId}>
        {invitations.data.items.map((invitation) => (
          <PendingRow key={invitation.id} categoryId={categoryId} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function PendingRow({ categoryId, invitation }: { categoryId: string; invitation: Invitation }) {
  const cancel = useCancelInvitation(categoryId);
  const { username } = invitation.invitee;
  const onCancel = async () => {
    try {
      await cancel.mutateAsync(invitation.id);
      toast.success(`The invitation of ${username} was cancelled.`);
    } catch (error) {
      toast.failure(message(error, 'The invitation could not be cancelled.'));
    }
  };
  return (
    <li className={organizeStyles.memberRow}>
      <span className={styles.memberName}>{username}</span>
      <span className={organizeStyles.muted}>
        {roleText[invitation.role]}, invited {formatDate(invitation.createdAt)}
      </span>
      <Button
        size="sm"
        variant="ghost"
        loading={cancel.isPending}
        aria-label={`Cancel the invitation of ${username}`}
        onClick={() => void onCancel()}
      >
        Cancel invitation
      </Button>
    </li>
  );
}

function MemberRow({
  categoryId,
  member,
  canManage,
}: {
  categoryId: string;
  member: Member;
  canManage: boolean;
}) {
  const change = useChangeMemberRole(categoryId);
  const remove = useRemoveMember(categoryId);
  const selectId = useId();

  const onRole = async (role: MemberRole) => {
    try {
      await change.mutateAsync({ userId: member.userId, role });
      toast.success(`${member.username} is now ${role === 'editor' ? 'an editor' : 'a viewer'}.`);
    } catch (error) {
      toast.failure(message(error, 'The role could not be changed.'));
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(member.userId);
      toast.success(`${member.username} was removed.`);
    } catch (error) {
      toast.failure(message(error, 'The member could not be removed.'));
    }
  };

  return (
    <li className={organizeStyles.memberRow}>
      <span className={styles.memberName}>{member.username}</span>
      {canManage ? (
        <>
          <label className={styles.visuallyHidden} htmlFor={selectId}>
            Role of {member.username}
          </label>
          <select
            id={selectId}
            className={organizeStyles.select}
            value={member.role}
            disabled={change.isPending}
            onChange={(event) => void onRole(memberRoleSchema.parse(event.target.value))}
          >
            {memberRoleSchema.options.map((role) => (
              <option key={role} value={role}>
                {roleText[role]}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="ghost"
            loading={remove.isPending}
            aria-label={`Remove ${member.username}`}
            onClick={() => void onRemove()}
          >
            Remove
          </Button>
        </>
      ) : (
        <span className={organizeStyles.muted}>{roleText[member.role]}</span>
      )}
    </li>
  );
}
