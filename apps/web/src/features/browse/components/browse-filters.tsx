import { languages } from '@glossa/contract';
import { useId } from 'react';
import formStyles from '../../../components/form/form.module.css';
import { languageLabel } from '../../../components/language-dropdown';
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

export interface BrowseFiltersProps {
  values: FilterValues;
  categories: readonly CategoryOption[];
  onChange(patch: Partial<FilterValues>): void;
}

function LanguageSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(code: string): void;
}) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={browseStyles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any language</option>
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {languageLabel(language)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Text, category (with its sub-categories) and language pair filters. */
export function BrowseFilters({ values, categories, onChange }: BrowseFiltersProps) {
  const id = useId();
  const isCategory = values.categoryId !== '' && values.categoryId !== 'none';
  return (
    <div role="search" className={styles.filters} aria-label="Filter cards">
      <div className={`${styles.filter} ${styles.grow}`}>
        <label htmlFor={`${id}-q`} className={formStyles.label}>
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={browseStyles.select}
          placeholder="Front, answers or notes"
          value={values.q}
          maxLength={200}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-category`} className={formStyles.label}>
          Category
        </label>
        <select
          id={`${id}-category`}
          className={browseStyles.select}
          value={values.categoryId}
          onChange={(event) => onChange({ categoryId: event.target.value })}
        >
          <option value="">All my cards</option>
          <option value="none">No category</option>
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
        With sub-categories
      </label>
      <LanguageSelect label="From" value={values.from} onChange={(from) => onChange({ from })} />
      <LanguageSelect label="To" value={values.to} onChange={(to) => onChange({ to })} />
    </div>
  );
}
