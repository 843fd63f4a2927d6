import type { StatsCategories } from '@glossa/contract';
import { msg, plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styles from './statistics.module.css';

const parts = [
  { key: 'known', label: msg`Known` },
  { key: 'learning', label: msg`Learning` },
  { key: 'new', label: msg`New` },
] as const;

/**
 * Each category's cards as a table: new, learning (interval under 21 days) and known, with a
 * stacked bar of the three drawn for sighted readers (the numbers are the table's).
 */
export function CategoryProgress({ progress }: { progress: StatsCategories }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { more } = progress;
  if (progress.categories.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No cards of your own yet.</Trans>
      </p>
    );
  }
  return (
    <>
      <p className={`${styles.keys} ${styles.barKeys}`} aria-hidden="true">
        {parts.map((part) => (
          <span key={part.key}>
            <span className={styles.key} data-series={part.key} /> {i18n._(part.label)}
          </span>
        ))}
      </p>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>
          <Trans>Your cards per category</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Category</Trans>
            </th>
            <th scope="col" className={styles.barColumn}>
              <span className={styles.visuallyHidden}>
                <Trans>Share</Trans>
              </span>
            </th>
            {parts.map((part) => (
              <th key={part.key} scope="col" className={styles.number}>
                {i18n._(part.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {progress.categories.map((row) => {
            const total = Math.max(1, row.new + row.learning + row.known);
            return (
              <tr key={row.categoryId ?? ''}>
                <th scope="row" className={styles.categoryName}>
                  {row.name ?? t`No category`}
                </th>
                <td className={styles.barColumn} aria-hidden="true">
                  <span className={styles.stack}>
                    {parts.map((part) =>
                      row[part.key] > 0 ? (
                        <span
                          key={part.key}
                          data-series={part.key}
                          style={{ width: `${(100 * row[part.key]) / total}%` }}
                        />
                      ) : null,
                    )}
                  </span>
                </td>
                {parts.map((part) => (
                  <td key={part.key} className={styles.number}>
                    {row[part.key]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {progress.more > 0 ? (
        <p className={styles.muted}>
          {t`${plural(more, { one: 'and # more category', other: 'and # more categories' })}`}
        </p>
      ) : null}
    </>
  );
}
