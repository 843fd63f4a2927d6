import {
  answerFits,
  answerTooLong,
  cardLimits,
  tooManyVariants,
  variantsFit,
  cardReverseSchema,
  type Card,
  type CategoryTreeEntry,
  type Issue,
} from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { inTreeOrder } from '../../../lib/category-order';

/** Answers typed one per line or separated by semicolons. */
export function splitAnswers(text: string): string[] {
  return text
    .split(/[\n;]/)
    .map((answer) => answer.trim())
    .filter((answer) => answer !== '');
}

const { frontMax, answersMax, notesMax } = cardLimits;

/** The card fields as the form edits them: answers as one text, no category as ''. */
export const cardFormSchema = z.object({
  front: z
    .string()
    .trim()
    .min(1, { error: () => t`Front is required` })
    .max(cardLimits.frontMax, { error: () => t`Front must be at most ${frontMax} characters` }),
  answers: z
    .string()
    .refine((text) => splitAnswers(text).length >= cardLimits.answersMin, {
      error: () => t`Give at least one answer`,
    })
    .refine((text) => splitAnswers(text).length <= cardLimits.answersMax, {
      error: () => t`Give at most ${answersMax} answers`,
    })
    .refine((text) => splitAnswers(text).every(answerFits), { error: answerTooLong })
    .refine((text) => variantsFit(splitAnswers(text)), { error: tooManyVariants }),
  notes: z
    .string()
    .max(cardLimits.notesMax, { error: () => t`Notes must be at most ${notesMax} characters` }),
  fromLanguageCode: z.string().min(1, { error: () => t`Choose the language of the front` }),
  toLanguageCode: z.string().min(1, { error: () => t`Choose the language of the answers` }),
  categoryId: z.string(),
  /** Also asked the other way: its category's default, always, or never (decision 0027). */
  reverse: cardReverseSchema,
});
export type CardFormValues = z.infer<typeof cardFormSchema>;
export const cardFormFields = [
  'front',
  'answers',
  'notes',
  'fromLanguageCode',
  'toLanguageCode',
  'categoryId',
  'reverse',
] as const;

/** The body of POST /api/cards (and of PATCH, which takes the same fields). */
export function cardBody(values: CardFormValues) {
  return {
    front: values.front.trim(),
    answers: splitAnswers(values.answers),
    notes: values.notes.trim(),
    fromLanguageCode: values.fromLanguageCode,
    toLanguageCode: values.toLanguageCode,
    categoryId: values.categoryId === '' ? null : values.categoryId,
    reverse: values.reverse,
  };
}

export function cardFormValues(card: Card): CardFormValues {
  return {
    front: card.front,
    answers: card.answers.join('\n'),
    notes: card.notes,
    fromLanguageCode: card.fromLanguageCode,
    toLanguageCode: card.toLanguageCode,
    categoryId: card.categoryId ?? '',
    reverse: card.reverse,
  };
}

/** Issues about one answer (`answers.2`) belong to the answers field of the form. */
export function withFormIssuePaths(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const issues: Issue[] = error.issues.map((issue) => ({
    ...issue,
    path: issue.path.replace(/^(body\.)?answers\.\d+$/, 'answers'),
  }));
  return new ApiError(error.status, error.code, error.message, issues);
}

export interface CategoryOption {
  id: string;
  label: string;
  depth: number;
  /** Its cards that follow it are asked in reverse too. */
  reverseDefault: boolean;
}

/**
 * The categories a card can be filed in (own, or shared with the learner as editor), in tree
 * order, each indented by its depth.
 */
export function categoryOptions(items: readonly CategoryTreeEntry[]): CategoryOption[] {
  const editable = items.filter((item) => item.role === 'owner' || item.role === 'editor');
  return inTreeOrder(editable).map(({ item, depth }) => ({
    id: item.id,
    label: item.name,
    depth,
    reverseDefault: item.reverseDefault,
  }));
}
