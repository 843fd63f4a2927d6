const needsQuotes = /[",\t\r\n]|^\s|\s$/;

/** One CSV cell, quoted when it holds a delimiter, a quote, a newline or edge spaces. */
function csvCell(value: string): string {
  return needsQuotes.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Category paths: names joined by `/`, a slash or backslash inside a name escaped by `\`. */
export function joinCategoryPath(names: string[]): string {
  return names.map((name) => name.replace(/[\\/]/g, (c) => `\\${c}`)).join('/');
}

export function splitCategoryPath(path: string): string[] {
  const names: string[] = [];
  let name = '';
  for (let i = 0; i < path.length; i += 1) {
    const c = path[i];
    if (c === '\\' && i + 1 < path.length) {
      name += path[i + 1];
      i += 1;
    } else if (c === '/') {
      names.push(name);
      name = '';
    } else {
      name += c;
    }
  }
  names.push(name);
  return names.map((n) => n.trim());
}
