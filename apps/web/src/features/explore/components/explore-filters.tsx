import { exploreLimits, exploreSortSchema, type ExploreSort } from '@glossa/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LanguageFilter } from '../../../components/language-filter';
import exploreStyles from '../explore.module.css';
import styles from './explore-filters.module.css';

export interface ExploreFilterValues {
  q: string;
  /** '' for any language. */
  from: string;
  to: string;
  sort: ExploreSort;
}

/** The language filters' classes on this page. */
const languageClasses = {
  field: styles.filter,
  label: exploreStyles.label,
  select: exploreStyles.select,
};

const sortText: Record<ExploreSort, MessageDescriptor> = {
  popular: msg`Most learners`,
  new: msg`Newest`,
  name: msg`Name (A to Z)`,
};

/** The text filter, the language pair (the learner's own by default) and the order. */
export function ExploreFilters({
  values,
  onChange,
}: {
  values: ExploreFilterValues;
  onChange(patch: Partial<ExploreFilterValues>): void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <div role="search" aria-label={t`Find a deck`} className={styles.filters}>
      <div className={`${styles.filter} ${styles.grow}`}>
        <label htmlFor={`${id}-q`} className={exploreStyles.label}>
          <Trans>Search</Trans>
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={exploreStyles.input}
          placeholder={t`A deck’s name or its owner`}
          value={values.q}
          maxLength={exploreLimits.queryMax}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </div>
      <LanguageFilter
        classNames={languageClasses}
        label={t`Cards in`}
        value={values.from}
        onChange={(from) => onChange({ from })}
      />
      <LanguageFilter
        classNames={languageClasses}
        label={t`Answers in`}
        value={values.to}
        onChange={(to) => onChange({ to })}
      />
      <div className={styles.filter}>
        <label htmlFor={`${id}-sort`} className={exploreStyles.label}>
          <Trans>Order</Trans>
        </label>
        <select
          id={`${id}-sort`}
          className={exploreStyles.select}
          value={values.sort}
          onChange={(event) => {
            const sort = exploreSortSchema.safeParse(event.target.value);
            if (sort.success) onChange({ sort: sort.data });
          }}
        >
          {exploreSortSchema.options.map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(sortText[sort])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
