import {
  categoryLimits,
  createCategoryBodySchema,
  findLanguage,
  visibilitySchema,
  type CategoryTreeItem,
  type UpdateCategoryBody,
  type Visibility,
} from '@glossa/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { LanguageField } from '../../../components/form/language-field';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { languageLabel } from '../../../components/language-dropdown';
import { toast } from '../../../lib/toast';
import { useUpdateCategory } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './category-settings-form.module.css';

const settingsSchema = z.object({
  name: createCategoryBodySchema.shape.name,
  description: z
    .string()
    .trim()
    .max(categoryLimits.descriptionMax, {
      error: `Description must be at most ${categoryLimits.descriptionMax} characters`,
    }),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  visibility: visibilitySchema,
  includeSubcategories: z.boolean(),
});
type SettingsInput = z.input<typeof settingsSchema>;
type SettingsOutput = z.output<typeof settingsSchema>;
const fieldNames = [
  'name',
  'description',
  'fromLanguageCode',
  'toLanguageCode',
  'visibility',
] as const;

export const visibilityText: Record<Visibility, { label: string; hint: string }> = {
  private: { label: 'Private', hint: 'Only you see it.' },
  shared: { label: 'Shared', hint: 'You and the members you add.' },
  public: { label: 'Public', hint: 'Anyone can find, study and copy it; members as well.' },
};

function toForm(category: CategoryTreeItem): SettingsOutput {
  return {
    name: category.name,
    description: category.description,
    fromLanguageCode: category.fromLanguageCode ?? '',
    toLanguageCode: category.toLanguageCode ?? '',
    visibility: category.visibility,
    includeSubcategories: false,
  };
}

function changes(values: SettingsOutput, saved: SettingsOutput): UpdateCategoryBody {
  const body: UpdateCategoryBody = {};
  if (values.name !== saved.name) body.name = values.name;
  if (values.description !== saved.description) body.description = values.description;
  if (values.fromLanguageCode !== saved.fromLanguageCode)
    body.fromLanguageCode = values.fromLanguageCode || null;
  if (values.toLanguageCode !== saved.toLanguageCode)
    body.toLanguageCode = values.toLanguageCode || null;
  if (values.visibility !== saved.visibility) body.visibility = values.visibility;
  if (values.includeSubcategories) {
    body.visibility = values.visibility;
    body.includeSubcategories = true;
  }
  return body;
}

export interface CategorySettingsFormProps {
  category: CategoryTreeItem;
  /** Its direct sub-categories: with any, the visibility can be given to the whole subtree. */
  subcategoryCount: number;
}

/** The owner's settings of a category: name, description, languages and visibility. */
export function CategorySettingsForm({ category, subcategoryCount }: CategorySettingsFormProps) {
  const saved = useMemo(() => toForm(category), [category]);
  const update = useUpdateCategory();
  const descriptionId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsInput, unknown, SettingsOutput>({
    resolver: zodResolver(settingsSchema),
    values: saved,
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = changes(values, saved);
    if (Object.keys(body).length === 0) {
      reset(values);
      return;
    }
    try {
      await update.mutateAsync({ id: category.id, body });
    } catch (error) {
      applyServerErrors(error, setError, fieldNames);
      return;
    }
    toast.success('The category settings were saved.');
  });

  return (
    <form
      className={organizeStyles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Category settings"
    >
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className={organizeStyles.field}>
        <label className={organizeStyles.legend} htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className={organizeStyles.textarea}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          {...register('description')}
        />
        {errors.description ? (
          <p id={`${descriptionId}-error`} className={organizeStyles.error}>
            {errors.description.message}
          </p>
        ) : null}
      </div>
      <div className={styles.pair}>
        <LanguageField control={control} name="fromLanguageCode" label="Cards in language" />
        <LanguageField control={control} name="toLanguageCode" label="Answers in language" />
      </div>
      <fieldset
        className={organizeStyles.choices}
        aria-describedby={errors.visibility ? `${descriptionId}-vis` : undefined}
      >
        <legend className={organizeStyles.legend}>Visibility</legend>
        {visibilitySchema.options.map((value) => (
          <label key={value} className={organizeStyles.choice}>
            <input type="radio" value={value} {...register('visibility')} />
            <span>
              <strong>{visibilityText[value].label}</strong>{' '}
              <span className={organizeStyles.muted}>{visibilityText[value].hint}</span>
            </span>
          </label>
        ))}
        {subcategoryCount > 0 ? (
          <label className={organizeStyles.choice}>
            <input type="checkbox" {...register('includeSubcategories')} />
            <span>
              <strong>The same for its sub-categories</strong>{' '}
              <span className={organizeStyles.muted}>
                Otherwise each keeps its own, and a private one stays hidden from members.
              </span>
            </span>
          </label>
        ) : null}
        {errors.visibility ? (
          <p id={`${descriptionId}-vis`} className={organizeStyles.error}>
            {errors.visibility.message}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.formActions}>
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…" disabled={!isDirty}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

/** What a member sees of the settings: the same facts, read-only. */
export function CategoryFacts({ category }: { category: CategoryTreeItem }) {
  const language = (code: string | null) => {
    const found = code ? findLanguage(code) : undefined;
    return found ? languageLabel(found) : 'Not set';
  };
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Description</dt>
        <dd>{category.description || 'No description.'}</dd>
      </div>
      <div>
        <dt>Languages</dt>
        <dd>
          {language(category.fromLanguageCode)} → {language(category.toLanguageCode)}
        </dd>
      </div>
      <div>
        <dt>Visibility</dt>
        <dd>{visibilityText[category.visibility].label}</dd>
      </div>
      <div>
        <dt>Owner</dt>
        <dd>{category.owner.username}</dd>
      </div>
    </dl>
  );
}
