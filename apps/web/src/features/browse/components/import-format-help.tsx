import { Trans } from '@lingui/react/macro';
import styles from './import-format-help.module.css';

/**
 * How the import reads a file's cells (the contract's importBodySchema says the same): what a
 * Glossa export writes, and how to write a file by hand.
 */
export function ImportFormatHelp() {
  return (
    <>
      <p className={styles.columns}>
        <Trans>
          Columns it reads: <strong>front</strong> and <strong>answers</strong> (needed),{' '}
          <strong>notes</strong>, <strong>category</strong>, <strong>from</strong> and{' '}
          <strong>to</strong> (optional, languages by code or English name), and{' '}
          <strong>reverse</strong> (optional: <code>on</code> to ask a card both ways,{' '}
          <code>off</code> for one way, empty to follow its category). You choose which column is
          which once the file is read.
        </Trans>
      </p>
      <details className={styles.help}>
        <summary className={styles.summary}>
          <Trans>How the file is read</Trans>
        </summary>
        <ul className={styles.list}>
          <li>
            <Trans>The first row names the columns. A file exported from Glossa maps itself.</Trans>
          </li>
          <li>
            <Trans>
              Separate several answers with <code>;</code> or <code>|</code>.
            </Trans>
          </li>
          <li>
            <Trans>
              A category is a path of names, such as <code>Spanish/Food/Fruit</code>; missing
              categories are created. A row with only a category creates that category.
            </Trans>
          </li>
          <li>
            <Trans>
              To keep a separator inside a name or an answer, put a backslash before it:{' '}
              <code>\/</code>, <code>\;</code>, <code>\|</code>, and <code>\\</code> for a
              backslash.
            </Trans>
          </li>
          <li>
            <Trans>
              Exports put an apostrophe (<code>&apos;</code>) before a cell that starts with{' '}
              <code>=</code>, <code>+</code>, <code>-</code>, <code>@</code> or an apostrophe, so
              that spreadsheets show it as text instead of running it as a formula. The import
              removes that apostrophe again.
            </Trans>
          </li>
        </ul>
      </details>
    </>
  );
}
