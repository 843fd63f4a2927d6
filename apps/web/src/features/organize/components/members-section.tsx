import {
  memberRoleSchema,
  usernameSchema,
  type Invitation,
  type Member,
  type MemberRole,
} from '@glossa/contract';
import { formResolver } from '../../../lib/form-resolver';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from '../../../lib/use-form';
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

const roleText: Record<MemberRole, MessageDescriptor> = {
  viewer: msg`Viewer (studies)`,
  editor: msg`Editor (also edits cards)`,
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
  const { t } = useLingui();
  const members = useQuery(membersQueryOptions(categoryId));
  return (
    <div className={organizeStyles.stack}>
      {canAdd ? <InviteMemberForm categoryId={categoryId} /> : null}
      {members.isPending ? (
        <Spinner label={t`Loading the members`} />
      ) : members.isError ? (
        <p role="alert" className={organizeStyles.error}>
          {message(members.error, t`The members could not be loaded.`)}
        </p>
      ) : members.data.items.length === 0 ? (
        <p className={organizeStyles.muted}>
          <Trans>No members on this category yet.</Trans>
        </p>
      ) : (
        <ul className={organizeStyles.memberList} aria-label={t`Members`}>
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
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const add = useInviteMember(categoryId);
  const roleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddInput, unknown, AddOutput>({
    resolver: formResolver(addSchema),
    defaultValues: { username: '', role: 'viewer' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invitation = await add.mutateAsync(values);
      const username = invitation.invitee.username;
      toast.success(
        invitation.role === 'editor'
          ? t`${username} was invited as an editor: they join when they accept.`
          : t`${username} was invited as a viewer: they join when they accept.`,
      );
      reset({ username: '', role: values.role });
    } catch (error) {
      // A private category answers 409 naming `visibility`: that belongs to the form alert.
      applyServerErrors(error, setError, ['username', 'role']);
    }
  });

  return (
    <form
      className={styles.addMember}
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Invite a member`}
    >
      <FormAlert message={errors.root?.server?.message} />
      <div className={styles.addMemberRow}>
        <TextField
          label={t`Username`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <div className={organizeStyles.field}>
          <label className={organizeStyles.legend} htmlFor={roleId}>
            <Trans>Role</Trans>
          </label>
          <select id={roleId} className={organizeStyles.select} {...register('role')}>
            {memberRoleSchema.options.map((role) => (
              <option key={role} value={role}>
                {i18n._(roleText[role])}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton
          pending={isSubmitting}
          pendingLabel={t`Inviting…`}
          className={styles.addButton}
        >
          <Trans>Invite</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

/** The invitations of the category that wait for an answer, each with a way to take it back. */
function PendingInvitations({ categoryId }: { categoryId: string }) {
  const { t } = useLingui();
  const invitations = useQuery(categoryInvitationsQueryOptions(categoryId));
  const titleId = useId();
  if (!invitations.isSuccess) {
    return invitations.isError ? (
      <p role="alert" className={organizeStyles.error}>
        {message(invitations.error, t`The invitations could not be loaded.`)}
      </p>
    ) : null;
  }
  if (invitations.data.items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.pending}>
      <h4 id={titleId} className={styles.pendingTitle}>
        <Trans>Waiting for an answer</Trans>
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
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const cancel = useCancelInvitation(categoryId);
  const { username } = invitation.invitee;
  const role = i18n._(roleText[invitation.role]);
  const date = formatDate(invitation.createdAt);
  const onCancel = async () => {
    try {
      await cancel.mutateAsync(invitation.id);
      toast.success(t`The invitation of ${username} was cancelled.`);
    } catch (error) {
      toast.failure(message(error, t`The invitation could not be cancelled.`));
    }
  };
  return (
    <li className={organizeStyles.memberRow}>
      <span className={styles.memberName}>{username}</span>
      <span className={organizeStyles.muted}>
        <Trans>
          {role}, invited {date}
        </Trans>
      </span>
      <Button
        size="sm"
        variant="ghost"
        loading={cancel.isPending}
        aria-label={t`Cancel the invitation of ${username}`}
        onClick={() => void onCancel()}
      >
        <Trans>Cancel invitation</Trans>
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
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const change = useChangeMemberRole(categoryId);
  const remove = useRemoveMember(categoryId);
  const selectId = useId();
  const { username } = member;

  const onRole = async (role: MemberRole) => {
    try {
      await change.mutateAsync({ userId: member.userId, role });
      toast.success(
        role === 'editor' ? t`${username} is now an editor.` : t`${username} is now a viewer.`,
      );
    } catch (error) {
      toast.failure(message(error, t`The role could not be changed.`));
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(member.userId);
      toast.success(t`${username} was removed.`);
    } catch (error) {
      toast.failure(message(error, t`The member could not be removed.`));
    }
  };

  return (
    <li className={organizeStyles.memberRow}>
      <span className={styles.memberName}>{member.username}</span>
      {canManage ? (
        <>
          <label className={styles.visuallyHidden} htmlFor={selectId}>
            <Trans>Role of {username}</Trans>
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
                {i18n._(roleText[role])}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="ghost"
            loading={remove.isPending}
            aria-label={t`Remove ${username}`}
            onClick={() => void onRemove()}
          >
            <Trans>Remove</Trans>
          </Button>
        </>
      ) : (
        <span className={organizeStyles.muted}>{i18n._(roleText[member.role])}</span>
      )}
    </li>
  );
}
