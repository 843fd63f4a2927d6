import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import formStyles from '../../../components/form/form.module.css';
import browseStyles from '../browse.module.css';
import dialogStyles from './import-dialog.module.css';
import styles from './import-source-fields.module.css';
import { isAnkiFile } from './anki-file';
import type { ImportFormat } from './import-file';
import type { ImportSource } from './use-import-source';

export interface ImportFileFieldsProps {
  source: ImportSource;
  disabled: boolean;
  /** An Anki package chosen (.apkg, .colpkg), or null when another file is. */
  onAnkiFile(file: File | null): void;
  /** An Anki package is chosen: the format is Anki's. */
  anki: boolean;
}

/**
 * The file to import and its format (guessed from the file, the learner may change it); an Anki
 * package goes its own way (anki-import.tsx).
 */
export function ImportFileFields({ source, disabled, onAnkiFile, anki }: ImportFileFieldsProps) {
  const { t } = useLingui();
  const fileId = useId();
  const formatId = useId();
  return (
    <div className={dialogStyles.importGrid}>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={fileId}>
          <Trans>File</Trans>
        </label>
        <input
          id={fileId}
          type="file"
          className={formStyles.input}
          accept=".csv,.tsv,.tab,.txt,.apkg,.colpkg,text/csv,text/tab-separated-values,text/plain"
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen && isAnkiFile(chosen.name)) {
              source.reset();
              onAnkiFile(chosen);
              return;
            }
            onAnkiFile(null);
            void source.onFile(event);
          }}
        />
        {source.readError ? <p className={formStyles.error}>{source.readError}</p> : null}
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={formatId}>
          <Trans>Format</Trans>
        </label>
        <select
          id={formatId}
          className={formStyles.input}
          value={anki ? 'anki' : source.format}
          disabled={!source.file || disabled || anki}
          onChange={(event) => source.onFormat(event.target.value as ImportFormat)}
        >
          <option value="csv">{t`CSV (comma)`}</option>
          <option value="tsv">{t`TSV (tab)`}</option>
          {anki ? <option value="anki">{t`Anki package`}</option> : null}
        </select>
      </div>
    </div>
  );
}

export interface ImportPreviewProps {
  fileName: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** Why the preview stops early (a syntax error in its first rows). */
  problem: string | null;
  rowCount: number;
}

/** The header and the first rows of the file, as the chosen format reads them. */
export function ImportPreview({ fileName, header, rows, problem, rowCount }: ImportPreviewProps) {
  const { t } = useLingui();
  const headingId = useId();
  const rowsInFile = t`${plural(rowCount, { one: '# row', other: '# rows' })} in ${fileName}`;
  return (
    <section aria-labelledby={headingId} className={dialogStyles.importSection}>
      <h3 id={headingId} className={dialogStyles.importHeading}>
        <Trans>
          Preview <span className={browseStyles.muted}>({rowsInFile})</span>
        </Trans>
      </h3>
      <div className={styles.previewScroll}>
        <table className={styles.preview}>
          <thead>
            <tr>
              {header.map((name, index) => (
                <th key={index} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {header.map((_name, index) => (
                  <td key={index} dir="auto">
                    {row[index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem ? <p className={formStyles.error}>{problem}</p> : null}
    </section>
  );
}
