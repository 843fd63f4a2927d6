import { createCategoryBodySchema } from '@glossa/contract';
import { formResolver } from '../../../lib/form-resolver';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { PlanLimitAlert, planLimitError } from '../../../components/plan-limit-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { isStaleVersion } from '../../../lib/stale-version';
import { toast } from '../../../lib/toast';
import {
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
  type DeleteCardsMode,
} from '../api/organize-requests';
import styles from '../organize.module.css';
import type { TreeNode } from './tree-model';
import { changedElsewhereMessage, subtreeIds } from './tree-model';

const createFormSchema = z.object({
  name: createCategoryBodySchema.shape.name,
  /** The parent's id, or rootValue for the top level. */
  parentId: z.string(),
});
type CreateFormInput = z.input<typeof createFormSchema>;
type CreateFormOutput = z.output<typeof createFormSchema>;

const rootValue = '';

/** The learner's own categories as the options of a parent list, indented by depth. */
function ParentOptions({ nodes }: { nodes: readonly TreeNode[] }) {
  const { t } = useLingui();
  return (
    <>
      <option value={rootValue}>{t`None (top level)`}</option>
      {nodes.map((node) => (
        <option key={node.item.id} value={node.item.id}>
          {`${'\u00a0\u00a0'.repeat(node.depth - 1)}${node.item.name}`}
        </option>
      ))}
    </>
  );
}

export interface CreateCategoryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The learner's own categories: the possible parents. */
  owned: readonly TreeNode[];
  /** The parent chosen when the dialog opens: the selected category when the learner owns it. */
  defaultParentId: string | null;
  onCreated(id: string, parentId: string | null): void;
}

/** New category: its name and its parent, shown and chosen (the top level or any own category). */
export function CreateCategoryDialog({
  open,
  onOpenChange,
  owned,
  defaultParentId,
  onCreated,
}: CreateCategoryDialogProps) {
  const { t } = useLingui();
  const create = useCreateCategory();
  const parentFieldId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateFormInput, unknown, CreateFormOutput>({
    resolver: formResolver(createFormSchema),
    values: { name: '', parentId: defaultParentId ?? rootValue },
  });
  const chosen = useWatch({ control, name: 'parentId' });
  // A create refused by the free plan (402): told with the way to upgrade.
  const [planLimit, setPlanLimit] = useState<ApiError | undefined>();
  const parentName = owned.find((node) => node.item.id === chosen)?.item.name;

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      reset();
      setPlanLimit(undefined);
    }
  };

  const onSubmit = handleSubmit(async ({ name, parentId }) => {
    const target = parentId === rootValue ? null : parentId;
    setPlanLimit(undefined);
    try {
      const created = await create.mutateAsync({ name, parentId: target });
      const where = owned.find((node) => node.item.id === target)?.item.name;
      const createdName = created.name;
      toast.success(
        where !== undefined
          ? t`Category “${createdName}” created in “${where}”.`
          : t`Category “${createdName}” created at the top level.`,
      );
      change(false);
      onCreated(created.id, target);
    } catch (error) {
      const limit = planLimitError(error);
      if (limit) setPlanLimit(limit);
      else applyServerErrors(error, setError, ['name', 'parentId']);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t`New category`}
      description={t`Name it and choose where it goes; you can move it and share it later.`}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PlanLimitAlert
          error={planLimit}
          message={errors.root?.server?.message}
          onFollow={() => change(false)}
        />
        <TextField
          label={t`Name`}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <div className={styles.field}>
          <label className={styles.legend} htmlFor={parentFieldId}>
            <Trans>Inside</Trans>
          </label>
          <select
            id={parentFieldId}
            className={styles.select}
            aria-describedby={`${parentFieldId}-hint`}
            {...register('parentId')}
          >
            <ParentOptions nodes={owned} />
          </select>
          <p id={`${parentFieldId}-hint`} className={styles.muted}>
            {parentName !== undefined ? (
              <Trans>
                It goes inside <strong>{parentName}</strong>.
              </Trans>
            ) : (
              <Trans>It goes at the top level, beside your other categories.</Trans>
            )}
          </p>
          {errors.parentId ? <p className={styles.error}>{errors.parentId.message}</p> : null}
        </div>
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <SubmitButton pending={isSubmitting}>
            <Trans>Create</Trans>
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface MoveCategoryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  node: TreeNode;
  /** The learner's own categories: the possible new parents. */
  owned: readonly TreeNode[];
}

/** Move to…: the keyboard way to move a category (drag and drop does the same). */
export function MoveCategoryDialog({ open, onOpenChange, node, owned }: MoveCategoryDialogProps) {
  const { t } = useLingui();
  const update = useUpdateCategory();
  const selectId = useId();
  const [target, setTarget] = useState(node.item.parentId ?? rootValue);
  const [error, setError] = useState<string | null>(null);
  // Its own subtree cannot hold it (the server refuses such a cycle too).
  const inside = subtreeIds(node);
  const targets = owned.filter((candidate) => !inside.has(candidate.item.id));

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setError(null);
      setTarget(node.item.parentId ?? rootValue);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({
        id: node.item.id,
        body: {
          parentId: target === rootValue ? null : target,
          expectedVersion: node.item.version,
        },
      });
      const name = node.item.name;
      toast.success(t`“${name}” moved.`);
      change(false);
    } catch (caught) {
      setError(
        isStaleVersion(caught)
          ? changedElsewhereMessage(
              node.item.name,
              'moved',
              t`Your choice of parent is kept: choose Move to apply it.`,
            )
          : caught instanceof ApiError
            ? caught.message
            : t`The category could not be moved.`,
      );
    }
  };

  const name = node.item.name;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t`Move “${name}”`}
      description={t`Choose its new parent. Its sub-categories and cards move with it.`}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <div className={styles.field}>
          <label className={styles.legend} htmlFor={selectId}>
            <Trans>New parent</Trans>
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            <ParentOptions nodes={targets} />
          </select>
        </div>
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button type="submit" loading={update.isPending}>
            <Trans>Move</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface DeleteCategoryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  node: TreeNode;
  onDeleted(): void;
}

/** Delete: the subtree goes; its cards move to the parent or are deleted with it. */
export function DeleteCategoryDialog({
  open,
  onOpenChange,
  node,
  onDeleted,
}: DeleteCategoryDialogProps) {
  const { t } = useLingui();
  const remove = useDeleteCategory();
  const [mode, setMode] = useState<DeleteCardsMode>('move');
  const [error, setError] = useState<string | null>(null);
  const parentName = node.parent?.item.name;
  const moveLabel = parentName
    ? t`Move its cards to “${parentName}”`
    : t`Move its cards out of any category`;

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setError(null);
      setMode('move');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { cards } = await remove.mutateAsync({ id: node.item.id, cards: mode });
      const name = node.item.name;
      toast.success(
        mode === 'move'
          ? t`“${name}” deleted; ${plural(cards, { one: '# card moved', other: '# cards moved' })}.`
          : t`“${name}” deleted; ${plural(cards, { one: '# card deleted', other: '# cards deleted' })}.`,
      );
      change(false);
      onDeleted();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t`The category could not be deleted.`);
    }
  };

  const name = node.item.name;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t`Delete “${name}”`}
      description={t`Its sub-categories are deleted with it. What should happen to their cards?`}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>
            <Trans>Its cards</Trans>
          </legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="cards"
              value="move"
              checked={mode === 'move'}
              onChange={() => setMode('move')}
            />
            <span>{moveLabel}</span>
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="cards"
              value="delete"
              checked={mode === 'delete'}
              onChange={() => setMode('delete')}
            />
            <span>{t`Delete its cards`}</span>
          </label>
        </fieldset>
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            <Trans>Delete category</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
