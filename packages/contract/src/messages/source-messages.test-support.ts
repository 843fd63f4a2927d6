import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { translatedParts, type MessageCatalog } from './message-catalog';

// The catalogs' checks (decision 0037), shared by the server's (every message of the server and
// the contract) and the contract's (every message of its schemas, which the web's forms show):
// the messages are found in the source with the TypeScript parser, every string that reads as
// prose (a capital first, or "<field> must/is/may …"), outside logs, internal errors (new Error)
// and the API description.

/** The repository's root. */
export const repositoryRoot = join(import.meta.dirname, '../../../..');

const prose = /^([A-Z][a-z’'-]*[ ,:]|\{\} [a-z]|[a-z]\w* (must|is|may|needs|has) )/;

/** The contract's files with no message of its own: the route table, the language list, these. */
export const contractFilesWithoutMessages =
  /packages\/contract\/src\/(api\/|language-list|route|messages\/)|\.test\.ts$|\.test-support\.ts$/;

function sourceFiles(dir: string, skipped: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, skipped);
    return entry.name.endsWith('.ts') && !skipped.test(relative(repositoryRoot, path))
      ? [path]
      : [];
  });
}

/** A string, a template (its `${…}` as `{}`) or a `+` of them; undefined for anything else. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  }
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textOf(node.left);
    const right = textOf(node.right);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  return undefined;
}

function excluded(node: ts.Node, file: ts.SourceFile): boolean {
  for (let parent = node.parent; !ts.isSourceFile(parent); parent = parent.parent) {
    if (
      ts.isNewExpression(parent) &&
      /^(Error|TypeError|RangeError)$/.test(parent.expression.getText(file))
    ) {
      return true;
    }
    if (
      ts.isCallExpression(parent) &&
      /(\blog|logger)\.\w+$|\.run$/.test(parent.expression.getText(file))
    ) {
      return true;
    }
    if (
      ts.isPropertyAssignment(parent) &&
      /^(description|summary)$/.test(parent.name.getText(file))
    ) {
      return true;
    }
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  }
  return false;
}

/**
 * Each message of the source files under `dirs` (relative to the repository's root), but for the
 * files `skipped` matches, with where it is; `{}` for the parts that vary.
 */
export function sourceMessages(dirs: string[], skipped: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of dirs.flatMap((dir) => sourceFiles(join(repositoryRoot, dir), skipped))) {
    const file = ts.createSourceFile(
      path,
      readFileSync(path, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== undefined) {
        if (prose.test(text) && !excluded(node, file) && !found.has(text)) {
          const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
          found.set(text, `${relative(repositoryRoot, path)}:${line}`);
        }
        // A template's parts may hold messages of their own (`${x ?? 'Invalid name'}`).
        if (!ts.isTemplateExpression(node)) return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/**
 * Whether a catalog translates a message whole: an entry fits it, and each part that is itself
 * looked up (a label, a composed message) is in the catalog too, a varying part ("7") or, for a
 * label, a field's name as the code spells it (kept as it is).
 */
export function covers(catalog: MessageCatalog, message: string): boolean {
  const entry = catalog.entryOf(message);
  if (!entry) return false;
  return Object.entries(entry.values).every(
    ([name, value]) =>
      !translatedParts.has(name) ||
      value === '7' ||
      (name === 'label' && /^[a-z]\w*$/.test(value)) ||
      covers(catalog, value),
  );
}

/** The source's messages that a catalog does not translate whole, as "where: message". */
export function untranslated(
  catalog: MessageCatalog,
  messages: Map<string, string>,
  exceptions: ReadonlyMap<string, string> = new Map(),
): string[] {
  return (
    [...messages]
      .filter(([text]) => !exceptions.has(text))
      // A varying part becomes "7": a number, a field or a name fits every placeholder.
      .filter(([text]) => !covers(catalog, text.replaceAll('{}', '7')))
      .map(([text, where]) => `${where}: ${JSON.stringify(text)}`)
  );
}

/** The placeholders of a message or a translation, sorted. */
export const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
