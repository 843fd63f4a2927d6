import { createCategoryBodySchema } from '@glossa/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
  type DeleteCardsMode,
} from '../api/organize-requests';
import styles from '../organize.module.css';
import type { TreeNode } from './tree-model';
import { subtreeIds } from './tree-model';

const createFormSchema = z.object({
  name: createCategoryBodySchema.shape.name,
  placement: z.enum(['root', 'inside']),
});
type CreateFormInput = z.input<typeof createFormSchema>;
type CreateFormOutput = z.output<typeof createFormSchema>;

export interface CreateCategoryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The selected category, offered as the parent when the learner owns it. */
  parent: TreeNode | null;
  onCreated(id: string): void;
}

/** New category: its name, at the top level or inside the selected one. */
export function CreateCategoryDialog({
  open,
  onOpenChange,
  parent,
  onCreated,
}: CreateCategoryDialogProps) {
  const create = useCreateCategory();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateFormInput, unknown, CreateFormOutput>({
    resolver: zodResolver(createFormSchema),
    values: { name: '', placement: parent ? 'inside' : 'root' },
  });

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };

  const onSubmit = handleSubmit(async ({ name, placement }) => {
    const parentId = placement === 'inside' && parent ? parent.item.id : null;
    try {
      const created = await create.mutateAsync({ name, parentId });
      toast.success(`Category “${created.name}” created.`);
      change(false);
      onCreated(created.id);
    } catch (error) {
      applyServerErrors(error, setError, ['name']);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="New category"
      description="Name it; you can move it and share it later."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        {parent ? (
          <fieldset className={styles.choices}>
            <legend className={styles.legend}>Where</legend>
            <label className={styles.choice}>
              <input type="radio" value="inside" {...register('placement')} />
              <span>Inside “{parent.item.name}”</span>
            </label>
            <label className={styles.choice}>
              <input type="radio" value="root" {...register('placement')} />
              <span>At the top level</span>
            </label>
          </fieldset>
        ) : null}
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <SubmitButton pending={isSubmitting}>Create</SubmitButton>
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

const rootValue = '';

/** Move to…: the keyboard way to move a category (drag and drop does the same). */
export function MoveCategoryDialog({ open, onOpenChange, node, owned }: MoveCategoryDialogProps) {
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
        body: { parentId: target === rootValue ? null : target },
      });
      toast.success(`“${node.item.name}” moved.`);
      change(false);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The category could not be moved.');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`Move “${node.item.name}”`}
      description="Choose its new parent. Its sub-categories and cards move with it."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <div className={styles.field}>
          <label className={styles.legend} htmlFor={selectId}>
            New parent
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          >
            <option value={rootValue}>Top level (no parent)</option>
            {targets.map((candidate) => (
              <option key={candidate.item.id} value={candidate.item.id}>
                {`${'\u00a0\u00a0'.repeat(candidate.depth - 1)}${candidate.item.name}`}
              </option>
            ))}
          </select>
        </div>
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" loading={update.isPending}>
            Move
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
  const remove = useDeleteCategory();
  const [mode, setMode] = useState<DeleteCardsMode>('move');
  const [error, setError] = useState<string | null>(null);
  const parentName = node.parent?.item.name;
  const moveLabel = parentName
    ? `Move its cards to “${parentName}”`
    : 'Move its cards out of any category';

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
      const what = cards === 1 ? '1 card' : `${cards} cards`;
      toast.success(
        `“${node.item.name}” deleted; ${what} ${mode === 'move' ? 'moved' : 'deleted'}.`,
      );
      change(false);
      onDeleted();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The category could not be deleted.');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`Delete “${node.item.name}”`}
      description="Its sub-categories are deleted with it. What should happen to their cards?"
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Its cards</legend>
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
            <span>Delete its cards</span>
          </label>
        </fieldset>
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Delete category
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
