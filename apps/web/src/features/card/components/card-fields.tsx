import type { CardReverse } from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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

/**
 * The card's choices of the reverse direction, in a learner's words, in the active language: each
 * label is read when it is shown (the getters), so callers keep a plain string.
 */
export const reverseChoiceLabels: Record<CardReverse, string> = {
  get inherit() {
    return t`As its category says`;
  },
  get on() {
    return t`Yes, both ways`;
  },
  get off() {
    return t`No, only front → answers`;
  },
};

/** What a card asks when it follows its category (the hint under the choice). */
function reverseHint(categoryId: string, categories: readonly CategoryOption[]): string {
  const category = categories.find((option) => option.id === categoryId);
  if (!category) return t`Without a category it is asked front → answers only.`;
  const name = category.label;
  return category.reverseDefault
    ? t`“${name}” asks its cards both ways: the answers are shown and you type the front.`
    : t`“${name}” asks its cards front → answers only.`;
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
  const { t } = useLingui();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [categoryId, reverse] = useWatch({ control, name: ['categoryId', 'reverse'] });
  return (
    <div className={styles.fields}>
      <FieldShell
        label={t`Front`}
        hint={t`The term to learn`}
        error={errors.front?.message}
        id={frontId}
      >
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
        label={t`Answers`}
        hint={answersHint ?? t`One per line, or separated by “;”`}
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
      <FieldShell label={t`Notes (optional)`} error={errors.notes?.message}>
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
          fromLabel={t`From`}
          toLabel={t`To`}
        />
      </div>
      <FieldShell label={t`Category`} error={errors.categoryId?.message}>
        {(a11y) => (
          <select className={formStyles.input} {...register('categoryId')} {...a11y}>
            <option value="">{t`No category`}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {`${'\u00a0\u00a0'.repeat(category.depth)}${category.label}`}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell
        label={t`Also ask in reverse`}
        hint={
          reverse === 'inherit'
            ? reverseHint(categoryId, categories)
            : t`Shown the answers, you type the front; each way has its own schedule.`
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
