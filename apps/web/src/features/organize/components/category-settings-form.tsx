import {
  categoryLimits,
  createCategoryBodySchema,
  findLanguage,
  visibilitySchema,
  type CategoryTreeItem,
  type UpdateCategoryBody,
  type Visibility,
} from '@glossa/contract';
import { formResolver } from '../../../lib/form-resolver';
import { i18n as activeI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguagePairFields } from '../../../components/form/language-pair-fields';
import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { ChangedElsewhere } from '../../../components/form/changed-elsewhere';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { languageLabel } from '../../../components/language-dropdown';
import { isStaleVersion } from '../../../lib/stale-version';
import { toast } from '../../../lib/toast';
import { useReloadCategory, useUpdateCategory } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './category-settings-form.module.css';

const settingsSchema = z.object({
  name: createCategoryBodySchema.shape.name,
  description: z
    .string()
    .trim()
    .max(categoryLimits.descriptionMax, {
      // A function: the message is made when the check fails, in the language of that moment.
      error: () => {
        const max = categoryLimits.descriptionMax;
        return activeI18n._(msg`Description must be at most ${max} characters`);
      },
    }),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  visibility: visibilitySchema,
  includeSubcategories: z.boolean(),
  reverseDefault: z.boolean(),
});
type SettingsInput = z.input<typeof settingsSchema>;
type SettingsOutput = z.output<typeof settingsSchema>;
const fieldNames = [
  'name',
  'description',
  'fromLanguageCode',
  'toLanguageCode',
  'visibility',
  'reverseDefault',
] as const;

export const visibilityText: Record<
  Visibility,
  { label: MessageDescriptor; hint: MessageDescriptor }
> = {
  private: { label: msg`Private`, hint: msg`Only you see it.` },
  shared: { label: msg`Shared`, hint: msg`You and the members you add.` },
  public: {
    label: msg`Public`,
    hint: msg`At the top of your tree it is a deck in Explore: anyone signed in may preview it, join it to study it with their own schedule, or copy it. Members as well.`,
  },
};

function toForm(category: CategoryTreeItem): SettingsOutput {
  return {
    name: category.name,
    description: category.description,
    fromLanguageCode: category.fromLanguageCode ?? '',
    toLanguageCode: category.toLanguageCode ?? '',
    visibility: category.visibility,
    includeSubcategories: false,
    reverseDefault: category.reverseDefault,
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
  if (values.reverseDefault !== saved.reverseDefault) body.reverseDefault = values.reverseDefault;
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

type Field = keyof SettingsOutput;

const fieldLabels: Record<Field, MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  fromLanguageCode: msg`Cards in language`,
  toLanguageCode: msg`Answers in language`,
  visibility: msg`Visibility`,
  includeSubcategories: msg`Sub-categories`,
  reverseDefault: msg`Ask its cards both ways`,
};

/** A changed setting as the owner chose it, as text. */
function shown(i18n: I18n, field: Field, values: Partial<SettingsOutput>): string {
  switch (field) {
    case 'fromLanguageCode':
    case 'toLanguageCode': {
      const language = findLanguage(values[field] ?? '');
      return language ? languageLabel(language) : i18n._(msg`Not set`);
    }
    case 'visibility':
      return values.visibility ? i18n._(visibilityText[values.visibility].label) : '';
    case 'includeSubcategories':
      return i18n._(msg`The same visibility for its sub-categories`);
    case 'reverseDefault':
      return values.reverseDefault ? i18n._(msg`Yes`) : i18n._(msg`No`);
    default:
      return values[field] ?? '';
  }
}

/** The fields of the form that a change body sets. */
const changedFields = (body: UpdateCategoryBody): Field[] =>
  (Object.keys(fieldLabels) as Field[]).filter((field) => body[field] !== undefined);

/** A save refused because the category changed elsewhere: what the owner chose, kept. */
interface Conflict {
  stage: 'stale' | 'reloaded';
  mine: Partial<SettingsOutput>;
}

/**
 * The owner's settings of a category: name, description, languages, visibility, and whether its
 * cards are asked both ways (decision 0027). The form
 * stays on the version it shows while something is typed; the save names that version, so a
 * change made elsewhere meanwhile is never overwritten unseen (ChangedElsewhere).
 */
export function CategorySettingsForm({ category, subcategoryCount }: CategorySettingsFormProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const [base, setBase] = useState(category);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const saved = useMemo(() => toForm(base), [base]);
  const update = useUpdateCategory();
  const reloadCategory = useReloadCategory();
  const descriptionId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsInput, unknown, SettingsOutput>({
    resolver: formResolver(settingsSchema),
    values: saved,
  });

  // Another category, or a newer version of this one while nothing is typed: the form shows it
  // (`values` above resets the form to the base). Versions only grow: an older copy (the cache
  // before it reloads after a save) is not news.
  const newer =
    category.id !== base.id || (category.version > base.version && !isDirty && !conflict);
  if (newer) {
    setBase(category);
    setConflict(null);
  }

  const [visibility, fromCode, toCode] = useWatch({
    control,
    name: ['visibility', 'fromLanguageCode', 'toLanguageCode'],
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = changes(values, saved);
    if (Object.keys(body).length === 0) {
      reset(values);
      return;
    }
    try {
      const next = await update.mutateAsync({
        id: base.id,
        body: { ...body, expectedVersion: base.version },
      });
      setBase(next);
    } catch (error) {
      if (isStaleVersion(error)) {
        const mine = Object.fromEntries(changedFields(body).map((field) => [field, values[field]]));
        setConflict({ stage: 'stale', mine });
        return;
      }
      applyServerErrors(error, setError, fieldNames);
      return;
    }
    toast.success(t`The category settings were saved.`);
  });

  const reload = async () => {
    setReloading(true);
    try {
      const current = await reloadCategory(base.id);
      setBase(current);
      setConflict((before) => before && { ...before, stage: 'reloaded' });
    } catch (error) {
      setConflict(null);
      applyServerErrors(error, setError, fieldNames);
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

  return (
    <form
      className={organizeStyles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Category settings`}
    >
      {conflict ? (
        <ChangedElsewhere
          what="category"
          unsaved={(Object.keys(conflict.mine) as Field[]).map((field) => ({
            label: i18n._(fieldLabels[field]),
            value: shown(i18n, field, conflict.mine),
          }))}
          stage={conflict.stage}
          reloading={reloading}
          onReload={() => void reload()}
          onReapply={reapply}
          onDismiss={() => setConflict(null)}
        />
      ) : null}
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label={t`Name`}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className={organizeStyles.field}>
        <label className={organizeStyles.legend} htmlFor={descriptionId}>
          <Trans>Description</Trans>
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
        <LanguagePairFields
          control={control}
          fromName="fromLanguageCode"
          toName="toLanguageCode"
          fromLabel={t`Cards in language`}
          toLabel={t`Answers in language`}
        />
      </div>
      <fieldset
        className={organizeStyles.choices}
        aria-describedby={errors.visibility ? `${descriptionId}-vis` : undefined}
      >
        <legend className={organizeStyles.legend}>
          <Trans>Visibility</Trans>
        </legend>
        {visibilitySchema.options.map((value) => (
          <label key={value} className={organizeStyles.choice}>
            <input type="radio" value={value} {...register('visibility')} />
            <span>
              <strong>{i18n._(visibilityText[value].label)}</strong>{' '}
              <span className={organizeStyles.muted}>{i18n._(visibilityText[value].hint)}</span>
            </span>
          </label>
        ))}
        {subcategoryCount > 0 ? (
          <label className={organizeStyles.choice}>
            <input type="checkbox" {...register('includeSubcategories')} />
            <span>
              <strong>
                <Trans>The same for its sub-categories</Trans>
              </strong>{' '}
              <span className={organizeStyles.muted}>
                <Trans>
                  Otherwise each keeps its own, and a private one stays hidden from members.
                </Trans>
              </span>
            </span>
          </label>
        ) : null}
        {category.depth === 1 && visibility === 'public' && (!fromCode || !toCode) ? (
          <p className={organizeStyles.muted}>
            <Trans>
              Set both languages above: learners find decks in Explore by their language pair.
            </Trans>
          </p>
        ) : null}
        {errors.visibility ? (
          <p id={`${descriptionId}-vis`} className={organizeStyles.error}>
            {errors.visibility.message}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={organizeStyles.choices}>
        <legend className={organizeStyles.legend}>
          <Trans>Study direction</Trans>
        </legend>
        <label className={organizeStyles.choice}>
          <input type="checkbox" {...register('reverseDefault')} />
          <span>
            <strong>
              <Trans>Ask its cards both ways</Trans>
            </strong>{' '}
            <span className={organizeStyles.muted}>
              <Trans>
                Each card is also asked in reverse: the answers are shown and you type the front.
                Each way has its own schedule; a card set to “yes” or “no” keeps its own choice.
              </Trans>
            </span>
          </span>
        </label>
      </fieldset>
      <div className={styles.formActions}>
        <SubmitButton
          pending={isSubmitting}
          pendingLabel={t`Saving…`}
          disabled={!isDirty || conflict?.stage === 'stale'}
        >
          <Trans>Save</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

/** What a member sees of the settings: the same facts, read-only. */
export function CategoryFacts({ category }: { category: CategoryTreeItem }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const language = (code: string | null) => {
    const found = code ? findLanguage(code) : undefined;
    return found ? languageLabel(found) : t`Not set`;
  };
  const from = language(category.fromLanguageCode);
  const to = language(category.toLanguageCode);
  return (
    <dl className={styles.facts}>
      <div>
        <dt>
          <Trans>Description</Trans>
        </dt>
        <dd>{category.description || t`No description.`}</dd>
      </div>
      <div>
        <dt>
          <Trans>Languages</Trans>
        </dt>
        <dd>
          {from} → {to}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Visibility</Trans>
        </dt>
        <dd>{i18n._(visibilityText[category.visibility].label)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Asked</Trans>
        </dt>
        <dd>{category.reverseDefault ? t`Both ways` : t`Front → answers`}</dd>
      </div>
      <div>
        <dt>
          <Trans>Owner</Trans>
        </dt>
        <dd>{category.owner.username}</dd>
      </div>
    </dl>
  );
}
