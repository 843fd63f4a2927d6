import type { KeyboardEvent, ReactNode } from 'react';
import { LanguagePairFields } from '../../../components/form/language-pair-fields';
import { type UseFormReturn } from 'react-hook-form';
import { FieldShell } from '../../../components/form/field-shell';
import formStyles from '../../../components/form/form.module.css';
import styles from './card-fields.module.css';
import type { CardFormValues, CategoryOption } from './card-form';

export interface CardFieldsProps {
  form: UseFormReturn<CardFormValues>;
  categories: readonly CategoryOption[];
  /** Shown under the answers field, e.g. how to save. */
  answersHint?: string;
  /** The id of the front input, for a caller that moves focus there. */
  frontId?: string;
  /** Shown under the front field (quick add: the detected language). */
  afterFront?: ReactNode;
  /** Shown under the answers field (quick add: translation suggestions). */
  afterAnswers?: ReactNode;
  onAnswersKeyDown?(event: KeyboardEvent<HTMLTextAreaElement>): void;
}

/** Front, answers, notes, languages and category of a card, for quick add and the card page. */
export function CardFields({
  form,
  categories,
  answersHint,
  frontId,
  afterFront,
  afterAnswers,
  onAnswersKeyDown,
}: CardFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <div className={styles.fields}>
      <FieldShell label="Front" hint="The term to learn" error={errors.front?.message} id={frontId}>
        {(a11y) => (
          <input
            type="text"
            className={formStyles.input}
            autoComplete="off"
            dir="auto"
            {...register('front')}
            {...a11y}
          />
        )}
      </FieldShell>
      {afterFront}
      <FieldShell
        label="Answers"
        hint={answersHint ?? 'One per line, or separated by “;”'}
        error={errors.answers?.message}
      >
        {(a11y) => (
          <textarea
            className={`${formStyles.input} ${styles.textarea}`}
            rows={2}
            dir="auto"
            {...register('answers')}
            onKeyDown={onAnswersKeyDown}
            {...a11y}
          />
        )}
      </FieldShell>
      {afterAnswers}
      <FieldShell label="Notes (optional)" error={errors.notes?.message}>
        {(a11y) => (
          <textarea
            className={`${formStyles.input} ${styles.textarea}`}
            rows={2}
            dir="auto"
            {...register('notes')}
            {...a11y}
          />
        )}
      </FieldShell>
      <div className={styles.pair}>
        <LanguagePairFields
          control={control}
          fromName="fromLanguageCode"
          toName="toLanguageCode"
          fromLabel="From"
          toLabel="To"
        />
      </div>
      <FieldShell label="Category" error={errors.categoryId?.message}>
        {(a11y) => (
          <select className={formStyles.input} {...register('categoryId')} {...a11y}>
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {`${'\u00a0\u00a0'.repeat(category.depth)}${category.label}`}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
    </div>
  );
}
