import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import formStyles from '../../../components/form/form.module.css';
import { LanguageFilter } from '../../../components/language-filter';
import browseStyles from '../browse.module.css';
import styles from './browse-filters.module.css';
import { indented, type CategoryOption } from './category-tree';

export interface FilterValues {
  q: string;
  categoryId: string;
  includeSubcategories: boolean;
  from: string;
  to: string;
}

/** The language filters' classes on this page. */
const languageClasses = {
  field: styles.filter,
  label: formStyles.label,
  select: browseStyles.select,
};

export interface BrowseFiltersProps {
  values: FilterValues;
  categories: readonly CategoryOption[];
  onChange(patch: Partial<FilterValues>): void;
}

/** Text, category (with its sub-categories) and language pair filters. */
export function BrowseFilters({ values, categories, onChange }: BrowseFiltersProps) {
  const { t } = useLingui();
  const id = useId();
  const isCategory = values.categoryId !== '' && values.categoryId !== 'none';
  return (
    <div role="search" className={styles.filters} aria-label={t`Filter cards`}>
      <div className={`${styles.filter} ${styles.grow}`}>
        <label htmlFor={`${id}-q`} className={formStyles.label}>
          <Trans>Search</Trans>
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={browseStyles.select}
          placeholder={t`Front or answers, accents or not`}
          value={values.q}
          maxLength={200}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-category`} className={formStyles.label}>
          <Trans>Category</Trans>
        </label>
        <select
          id={`${id}-category`}
          className={browseStyles.select}
          value={values.categoryId}
          onChange={(event) => onChange({ categoryId: event.target.value })}
        >
          <option value="">{t`All my cards`}</option>
          <option value="none">{t`No category`}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {indented(category)}
            </option>
          ))}
        </select>
      </div>
      <label className={styles.checkboxFilter}>
        <input
          type="checkbox"
          checked={values.includeSubcategories}
          disabled={!isCategory}
          onChange={(event) => onChange({ includeSubcategories: event.target.checked })}
        />
        <Trans>With sub-categories</Trans>
      </label>
      <LanguageFilter
        classNames={languageClasses}
        label={t`From`}
        value={values.from}
        onChange={(from) => onChange({ from })}
      />
      <LanguageFilter
        classNames={languageClasses}
        label={t`To`}
        value={values.to}
        onChange={(to) => onChange({ to })}
      />
    </div>
  );
}
