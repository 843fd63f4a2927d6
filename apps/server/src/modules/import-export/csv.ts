/**
 * How card fields sit in the cells of an import or export file, both ways (the format is described
 * for users at importBodySchema in the contract and in the import dialog's help):
 * - a cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return) is written with a `'` before it, as OWASP recommends, and so is a cell that
 *   starts with `'` itself; the import drops a `'` followed by one of those, so both read back;
 * - answers are joined by `; ` (the import also splits at `|`), category names by `/`; a `;`, `|`
 *   or `/` inside one, and a backslash, is escaped by a backslash. A backslash before anything
 *   else is kept, so that `C:\dir` in a hand-made file stays as written.
 */

const needsQuotes = /[",\t\r\n]|^\s|\s$/;
const formulaStart = /^[=+\-@\t\r']/;
const protectedFormula = /^'[=+\-@\t\r']/;

/** The cell as written: `'` before a cell a spreadsheet would take as a formula. */
export function protectFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** The cell as read: without the `'` that protectFormula put before it. */
export function unprotectFormula(cell: string): string {
  return protectedFormula.test(cell) ? cell.slice(1) : cell;
}

/** One CSV cell, quoted when it holds a delimiter, a quote, a newline or edge spaces. */
function csvCell(value: string): string {
  return needsQuotes.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** RFC 4180 CSV, every cell protected from running as a formula. */
export function toCsv(rows: string[][]): string {
  return (
    rows.map((row) => row.map((cell) => csvCell(protectFormula(cell))).join(',')).join('\r\n') +
    '\r\n'
  );
}

const escapeFor = (separators: string) =>
  new RegExp(`[\\\\${separators.replace(/[\]\\^-]/g, '\\$&')}]`, 'g');

/** Splits at the separators not escaped by a backslash; `\\` and `\<separator>` stand for the character. */
function splitEscaped(text: string, separators: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    const next = text.charAt(i + 1);
    if (c === '\\' && next !== '' && (next === '\\' || separators.includes(next))) {
      part += next;
      i += 1;
    } else if (separators.includes(c)) {
      parts.push(part);
      part = '';
    } else {
      part += c;
    }
  }
  parts.push(part);
  return parts;
}

const answerEscapes = escapeFor(';|');
const nameEscapes = escapeFor('/');

/** The answers in one cell: `one; two`, a `;`, `|` or backslash inside an answer escaped. */
export function joinAnswers(answers: readonly string[]): string {
  return answers.map((answer) => answer.replace(answerEscapes, (c) => `\\${c}`)).join('; ');
}

/** The answers of a cell, split at `;` and `|` (unless escaped), trimmed, empty ones left out. */
export function splitAnswers(cell: string): string[] {
  return splitEscaped(cell, ';|')
    .map((answer) => answer.trim())
    .filter(Boolean);
}

/** Category paths: names joined by `/`, a slash or backslash inside a name escaped by `\`. */
export function joinCategoryPath(names: readonly string[]): string {
  return names.map((name) => name.replace(nameEscapes, (c) => `\\${c}`)).join('/');
}

/** The names of a path (spaces around a `/` allowed); an empty name stays, for the check to refuse. */
export function splitCategoryPath(path: string): string[] {
  return splitEscaped(path, '/').map((name) => name.trim());
}
