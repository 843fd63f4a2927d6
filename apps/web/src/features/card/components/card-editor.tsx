import type { Card, CardReverse } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import { formResolver } from '../../../lib/form-resolver';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from '../../../lib/use-form';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { ChangedElsewhere, type UnsavedChange } from '../../../components/form/changed-elsewhere';
import { FormAlert } from '../../../components/form/form-alert';
import { languageLabel } from '../../../components/language-dropdown';
import { isStaleVersion } from '../../../lib/stale-version';
import { toast } from '../../../lib/toast';
import { useReloadCard, useUpdateCard } from '../api/card-requests';
import cardStyles from '../card.module.css';
import styles from './card-editor.module.css';
import { CardFields, reverseChoiceLabels } from './card-fields';
import {
  cardBody,
  cardFormFields,
  cardFormSchema,
  cardFormValues,
  splitAnswers,
  withFormIssuePaths,
  type CardFormValues,
  type CategoryOption,
} from './card-form';

export interface CardEditorProps {
  card: Card;
  categories: readonly CategoryOption[];
  onDone(): void;
}

type Field = (typeof cardFormFields)[number];

const fieldLabels: Record<Field, MessageDescriptor> = {
  front: msg`Front`,
  answers: msg`Answers`,
  notes: msg`Notes`,
  fromLanguageCode: msg`From`,
  toLanguageCode: msg`To`,
  categoryId: msg`Category`,
  reverse: msg`Also ask in reverse`,
};

/** A save refused because the card changed elsewhere: what the learner typed, kept. */
interface Conflict {
  stage: 'stale' | 'reloaded';
  mine: Partial<CardFormValues>;
}

/** A changed field as the learner typed it, as text. */
function shown(
  field: Field,
  values: Partial<CardFormValues>,
  categories: readonly CategoryOption[],
) {
  const value = values[field] ?? '';
  switch (field) {
    case 'answers':
      return splitAnswers(value).join('; ');
    case 'fromLanguageCode':
    case 'toLanguageCode': {
      const language = findLanguage(value);
      return language ? languageLabel(language) : value;
    }
    case 'categoryId':
      return value === '' ? t`No category` : (categories.find((c) => c.id === value)?.label ?? '');
    case 'reverse':
      return reverseChoiceLabels[value as CardReverse];
    default:
      return value;
  }
}

/**
 * Edits a card in place; only the changed fields are sent (PATCH), with the version the form
 * shows: a card changed elsewhere meanwhile is not overwritten, and the learner chooses what to
 * keep (ChangedElsewhere).
 */
export function CardEditor({ card, categories, onDone }: CardEditorProps) {
  const { i18n } = useLingui();
  const update = useUpdateCard(card.id);
  const reloadCard = useReloadCard(card.id);
  // The version the form shows: the card as it was opened (or reloaded), not the cache's latest,
  // which may have moved on since.
  const [base, setBase] = useState(card);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const form = useForm<CardFormValues>({
    resolver: formResolver(cardFormSchema),
    defaultValues: cardFormValues(card),
  });
  const {
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, dirtyFields },
  } = form;
  const dirty = () => cardFormFields.filter((field) => dirtyFields[field]);

  const onSubmit = handleSubmit(async (values) => {
    const body = cardBody(values);
    const changed = Object.fromEntries(dirty().map((field) => [field, body[field]]));
    if (Object.keys(changed).length === 0) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync({ ...changed, expectedVersion: base.version });
      toast.success(i18n._(msg`Card saved.`));
      onDone();
    } catch (error) {
      if (isStaleVersion(error)) {
        const mine = Object.fromEntries(dirty().map((field) => [field, values[field]]));
        setConflict({ stage: 'stale', mine });
        return;
      }
      applyServerErrors(withFormIssuePaths(error), setError, cardFormFields);
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      const current = await reloadCard();
      setBase(current);
      reset(cardFormValues(current));
      setConflict((before) => before && { ...before, stage: 'reloaded' });
    } catch (error) {
      setConflict(null);
      applyServerErrors(error, setError, cardFormFields);
    } finally {
      setReloading(false);
    }
  };

  const reapply = () => {
    for (const [field, value] of Object.entries(conflict?.mine ?? {})) {
      setValue(field as Field, value, { shouldDirty: true, shouldValidate: true });
    }
    setConflict(null);
  };

  const unsaved: UnsavedChange[] = conflict
    ? cardFormFields
        .filter((field) => field in conflict.mine)
        .map((field) => ({
          label: i18n._(fieldLabels[field]),
          value: shown(field, conflict.mine, categories),
        }))
    : [];

  return (
    <form
      className={cardStyles.form}
      noValidate
      onSubmit={onSubmit}
      aria-label={i18n._(msg`Edit card`)}
    >
      {conflict ? (
        <ChangedElsewhere
          what="card"
          unsaved={unsaved}
          stage={conflict.stage}
          reloading={reloading}
          onReload={() => void reload()}
          onReapply={reapply}
          onDismiss={() => setConflict(null)}
        />
      ) : null}
      <CardFields form={form} categories={categories} />
      <FormAlert message={errors.root?.server?.message} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={update.isPending} disabled={conflict?.stage === 'stale'}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </form>
  );
}
