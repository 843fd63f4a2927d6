import styles from './import-format-help.module.css';

/**
 * How the import reads a file's cells (the contract's importBodySchema says the same): what a
 * Glossa export writes, and how to write a file by hand.
 */
export function ImportFormatHelp() {
  return (
    <>
      <p className={styles.columns}>
        Columns it reads: <strong>front</strong> and <strong>answers</strong> (needed),{' '}
        <strong>notes</strong>, <strong>category</strong>, <strong>from</strong> and{' '}
        <strong>to</strong> (optional, languages by code or English name), and{' '}
        <strong>reverse</strong> (optional: <code>on</code> to ask a card both ways,{' '}
        <code>off</code> for one way, empty to follow its category). You choose which column is
        which once the file is read.
      </p>
      <details className={styles.help}>
        <summary className={styles.summary}>How the file is read</summary>
        <ul className={styles.list}>
          <li>The first row names the columns. A file exported from Glossa maps itself.</li>
          <li>
            Separate several answers with <code>;</code> or <code>|</code>.
          </li>
          <li>
            A category is a path of names, such as <code>Spanish/Food/Fruit</code>; missing
            categories are created. A row with only a category creates that category.
          </li>
          <li>
            To keep a separator inside a name or an answer, put a backslash before it:{' '}
            <code>\/</code>, <code>\;</code>, <code>\|</code>, and <code>\\</code> for a backslash.
          </li>
          <li>
            Exports put an apostrophe (<code>&apos;</code>) before a cell that starts with{' '}
            <code>=</code>, <code>+</code>, <code>-</code>, <code>@</code> or an apostrophe, so that
            spreadsheets show it as text instead of running it as a formula. The import removes that
            apostrophe again.
          </li>
        </ul>
      </details>
    </>
  );
}
