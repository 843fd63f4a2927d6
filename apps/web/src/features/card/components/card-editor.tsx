import type { Card } from '@glossa/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { toast } from '../../../lib/toast';
import { useUpdateCard } from '../api/card-requests';
import cardStyles from '../card.module.css';
import styles from './card-editor.module.css';
import { CardFields } from './card-fields';
import {
  cardBody,
  cardFormFields,
  cardFormSchema,
  cardFormValues,
  withFormIssuePaths,
  type CardFormValues,
  type CategoryOption,
} from './card-form';

export interface CardEditorProps {
  card: Card;
  categories: readonly CategoryOption[];
  onDone(): void;
}

/** Edits a card in place; only the changed fields are sent (PATCH). */
export function CardEditor({ card, categories, onDone }: CardEditorProps) {
  const update = useUpdateCard(card.id);
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: cardFormValues(card),
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, dirtyFields },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    const body = cardBody(values);
    const changed = Object.fromEntries(
      Object.entries(body).filter(([key]) => dirtyFields[key as keyof CardFormValues]),
    );
    if (Object.keys(changed).length === 0) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync(changed);
      toast.success('Card saved.');
      onDone();
    } catch (error) {
      applyServerErrors(withFormIssuePaths(error), setError, cardFormFields);
    }
  });

  return (
    <form className={cardStyles.form} noValidate onSubmit={onSubmit} aria-label="Edit card">
      <CardFields form={form} categories={categories} />
      <FormAlert message={errors.root?.server?.message} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
