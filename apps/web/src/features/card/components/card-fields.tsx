import type { CardReverse } from '@glossa/contract';
import type { KeyboardEvent, ReactNode } from 'react';
import { LanguagePairFields } from '../../../components/form/language-pair-fields';
import { useWatch, type UseFormReturn } from 'react-hook-form';
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

/** The card's choices of the reverse direction, in a learner's words. */
export const reverseChoiceLabels: Record<CardReverse, string> = {
  inherit: 'As its category says',
  on: 'Yes, both ways',
  off: 'No, only front → answers',
};

/** What a card asks when it follows its category (the hint under the choice). */
function reverseHint(categoryId: string, categories: readonly CategoryOption[]): string {
  const category = categories.find((option) => option.id === categoryId);
  if (!category) return 'Without a category it is asked front → answers only.';
  return category.reverseDefault
    ? `“${category.label}” asks its cards both ways: the answers are shown and you type the front.`
    : `“${category.label}” asks its cards front → answers only.`;
}

/**
 * Front, answers, notes, languages, category and the reverse direction of a card, for quick add
 * and the card page.
 */
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
  const [categoryId, reverse] = useWatch({ control, name: ['categoryId', 'reverse'] });
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
      <FieldShell
        label="Also ask in reverse"
        hint={
          reverse === 'inherit'
            ? reverseHint(categoryId, categories)
            : 'Shown the answers, you type the front; each way has its own schedule.'
        }
        error={errors.reverse?.message}
      >
        {(a11y) => (
          <select className={formStyles.input} {...register('reverse')} {...a11y}>
            {(Object.keys(reverseChoiceLabels) as CardReverse[]).map((choice) => (
              <option key={choice} value={choice}>
                {reverseChoiceLabels[choice]}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
    </div>
  );
}
