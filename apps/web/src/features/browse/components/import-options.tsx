import type { ImportBody, ImportField } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import formStyles from '../../../components/form/form.module.css';
import { LanguageDropdown } from '../../../components/language-dropdown';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import styles from './import-dialog.module.css';
import { categoryOptions, indented } from './category-tree';
import {
  importFieldLabels,
  importFields,
  requiredImportFields,
  type ColumnMapping,
} from './import-file';

export interface ImportMappingProps {
  /** The file's column names. */
  header: readonly string[];
  mapping: ColumnMapping;
  onColumn(field: ImportField, column: string): void;
  /** Marks the required fields still without a column (after a first Check or Import). */
  showErrors: boolean;
  disabled: boolean;
}

/** Which column of the file holds which field of a card. */
export function ImportMapping({
  header,
  mapping,
  onColumn,
  showErrors,
  disabled,
}: ImportMappingProps) {
  const { t } = useLingui();
  const mappingId = useId();
  const columns = header.filter((name) => name.trim() !== '');
  return (
    <fieldset className={styles.importSection}>
      <legend className={styles.importHeading}>
        <Trans>Columns</Trans>
      </legend>
      <div className={styles.mappingGrid}>
        {importFields.map((field) => {
          const id = `${mappingId}-${field}`;
          const required = requiredImportFields.includes(field);
          const missing = showErrors && required && mapping[field] === '';
          return (
            <div key={field} className={formStyles.field}>
              <label className={formStyles.label} htmlFor={id}>
                {importFieldLabels[field]}
              </label>
              <select
                id={id}
                className={formStyles.input}
                value={mapping[field]}
                aria-invalid={missing}
                disabled={disabled}
                onChange={(event) => onColumn(field, event.target.value)}
              >
                <option value="">{required ? t`Choose a column…` : t`None`}</option>
                {columns.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export interface ImportDefaultsProps {
  fromLanguageCode: string;
  toLanguageCode: string;
  categoryId: string;
  onFrom(code: string): void;
  onTo(code: string): void;
  onCategory(id: string): void;
  disabled: boolean;
}

/** What a row without its own languages or category gets. */
export function ImportDefaults({
  fromLanguageCode,
  toLanguageCode,
  categoryId,
  onFrom,
  onTo,
  onCategory,
  disabled,
}: ImportDefaultsProps) {
  const { t } = useLingui();
  const categoryFieldId = useId();
  const hintId = `${categoryFieldId}-hint`;
  // Mounted while the dialog is open only, so the categories load when it opens.
  const categories = useQuery(categoryTreeQueryOptions());
  const targets = useMemo(
    () => categoryOptions(categories.data ?? []).filter((option) => option.canHoldCards),
    [categories.data],
  );
  return (
    <>
      <div className={styles.importGrid}>
        <LanguageDropdown
          label={t`Default from`}
          value={fromLanguageCode}
          onChange={onFrom}
          disabled={disabled}
        />
        <LanguageDropdown
          label={t`Default to`}
          value={toLanguageCode}
          onChange={onTo}
          disabled={disabled}
        />
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={categoryFieldId}>
          <Trans>Into category</Trans>
        </label>
        <select
          id={categoryFieldId}
          className={formStyles.input}
          aria-describedby={hintId}
          value={categoryId}
          disabled={disabled}
          onChange={(event) => onCategory(event.target.value)}
        >
          <option value="">{t`No category`}</option>
          {targets.map((option) => (
            <option key={option.id} value={option.id}>
              {indented(option)}
            </option>
          ))}
        </select>
        <p id={hintId} className={formStyles.hint}>
          <Trans>
            The category paths of a category column start here, or at the top of your tree.
          </Trans>
        </p>
      </div>
    </>
  );
}

export type DuplicateChoice = NonNullable<ImportBody['duplicates']>;

const duplicateChoices: { value: DuplicateChoice; label: MessageDescriptor }[] = [
  { value: 'skip', label: msg`Skip them` },
  { value: 'update', label: msg`Update the cards they repeat` },
  { value: 'keep', label: msg`Keep both` },
];

export interface ImportDuplicatesProps {
  value: DuplicateChoice;
  onChange(choice: DuplicateChoice): void;
  disabled: boolean;
}

/**
 * What becomes of a row whose front (case and accents aside) and languages are those of a card
 * the learner has, or of an earlier row: skipped, written over that card, or kept as another card.
 */
export function ImportDuplicates({ value, onChange, disabled }: ImportDuplicatesProps) {
  const { i18n } = useLingui();
  const name = useId();
  return (
    <fieldset className={styles.importSection}>
      <legend className={styles.importHeading}>
        <Trans>Rows that repeat a card</Trans>
      </legend>
      <p className={formStyles.hint}>
        <Trans>
          The same front (whatever its case or accents) in the same languages as a card you have, or
          as an earlier row. Check lists them.
        </Trans>
      </p>
      <div className={styles.choiceRow}>
        {duplicateChoices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
            />
            <span>{i18n._(choice.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
