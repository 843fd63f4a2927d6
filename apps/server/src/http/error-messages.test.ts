import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from './error-catalog';
import { catalogEntryOf, translatedParts, translateMessage } from './error-messages';

// The server's catalog check (decision 0037): every message the server or the contract's schemas
// can put in an error envelope has its Spanish, French and German translation in
// error-catalog.ts. The messages are found in the source: every string that reads as prose (a
// capital first, or "<field> must/is/may …"), outside logs, internal errors (new Error) and the
// API description, in the files below. A new message without a translation fails here.

const root = join(import.meta.dirname, '../../../..');
const sourceDirs = ['apps/server/src', 'packages/contract/src'];
/** Files with no message for an envelope: SQL, the command line, settings, mail, tests. */
const skippedFiles =
  /(\.test\.ts|\.test-support\.ts|\.repository\.ts|\/test\/|apps\/server\/src\/(db|cli|mail)\/|apps\/server\/src\/(config|main)\.ts|packages\/contract\/src\/(api\/|language-list|route)|error-catalog\.ts|error-messages\.ts)/;
/** Prose found by the rule that is not an envelope's message, and why. */
const notMessages = new Map<string, string>([
  ['Glossa API', 'the OpenAPI title'],
  ['User-agent: *', 'robots.txt'],
  ['Disallow: /app/', 'robots.txt'],
  ['Disallow: /api/', 'robots.txt'],
  ['Sitemap: {}/sitemap.xml', 'robots.txt'],
  ['Bearer {}', 'an Authorization header'],
  ['Server going away', 'a websocket close reason, read by the client code'],
  ['Too many connections of this account', 'a websocket close reason'],
  ['The credentials changed', 'a websocket close reason'],
  ['This session ended', 'a websocket close reason'],
  ['Signed out', 'a websocket close reason'],
  ['The access token expired', 'a websocket close reason'],
  ['Too many messages', 'a websocket close reason'],
  ['Unknown message', 'a websocket close reason'],
  ['Report of the deck “{}” by {} ({}):\n{}', 'a report stored for the admins, in English'],
]);
const prose = /^([A-Z][a-z’'-]*[ ,:]|\{\} [a-z]|[a-z]\w* (must|is|may|needs|has) )/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !skippedFiles.test(relative(root, path)) ? [path] : [];
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

/** Each message of the source with where it is; `{}` for the parts that vary. */
function sourceMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of sourceDirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
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
          found.set(text, `${relative(root, path)}:${line}`);
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
 * Whether the catalog translates a message whole: an entry fits it, and each part that is itself
 * looked up (a label, a composed message) is in the catalog too, a varying part ("7") or, for a
 * label, a field's name as the code spells it (kept as it is).
 */
function covered(message: string): boolean {
  const entry = catalogEntryOf(message);
  if (!entry) return false;
  return Object.entries(entry.values).every(
    ([name, value]) =>
      !translatedParts.has(name) ||
      value === '7' ||
      (name === 'label' && /^[a-z]\w*$/.test(value)) ||
      covered(value),
  );
}

describe('the error catalog', () => {
  const messages = sourceMessages();

  it('finds the messages of the source (the rule still works)', () => {
    expect(messages.size).toBeGreaterThan(200);
    expect(messages.has('Sign in to continue')).toBe(true);
    expect(messages.has('{} must be at most {}')).toBe(true);
  });

  it('translates every message of the server and the contract', () => {
    const untranslated = [...messages]
      .filter(([text]) => !notMessages.has(text))
      // A varying part becomes "7": a number, a field or a name fits every placeholder.
      .filter(([text]) => !covered(text.replaceAll('{}', '7')))
      .map(([text, where]) => `${where}: ${JSON.stringify(text)}`);
    expect(untranslated).toEqual([]);
  });

  it('lists no exception that the source no longer has', () => {
    expect([...notMessages.keys()].filter((text) => !messages.has(text))).toEqual([]);
  });

  it('keeps the placeholders of the English in each translation', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [english, translations] of Object.entries(errorCatalog)) {
      for (const [locale, text] of Object.entries(translations)) {
        expect(names(text), `${locale}: ${english}`).toEqual(names(english));
        expect(text.trim(), `${locale}: ${english}`).not.toBe('');
      }
    }
  });

  it('translates the parts of a message: numbers the language’s way, labels from the catalog', () => {
    expect(translateMessage('Username must be at most 32 characters', 'de')).toBe(
      'Benutzername darf höchstens 32 Zeichen lang sein',
    );
    expect(
      translateMessage('An owner can have at most 10,000 cards (9,990 now, adding 20)', 'fr'),
    ).toBe(
      'Un propriétaire peut avoir au plus 10\u202f000 cartes (9\u202f990 actuellement, 20 en plus)',
    );
    expect(translateMessage('front: Front is required', 'es')).toBe(
      'front: Anverso es un campo obligatorio',
    );
    expect(
      translateMessage(
        'You made many changes to your account in a short time: try again in about 3 minutes.',
        'es',
      ),
    ).toBe(
      'Has hecho muchos cambios en tu cuenta en poco tiempo: vuelve a intentarlo dentro de unos 3 minutos.',
    );
    expect(translateMessage('sort must be popular, new or name', 'de')).toBe(
      'sort muss popular, new oder name sein',
    );
    // English is the source, and an unknown message stays as it is.
    expect(translateMessage('Front is required', 'en')).toBe('Front is required');
    expect(translateMessage('Nothing like this exists', 'fr')).toBe('Nothing like this exists');
    // zod's own messages, for a schema without one.
    expect(translateMessage('Invalid input: expected string, received number', 'fr')).toBe(
      'Entrée non valide : string attendu, number reçu',
    );
    expect(translateMessage('Too big: expected string to have <=64 characters', 'de')).toBe(
      'Zu groß: string sollte <=64 Zeichen haben',
    );
    // A shape alone is not a translation: its parts must be in the catalog too.
    expect(covered('name: Front is required')).toBe(true);
    expect(covered('name: Nothing like this exists')).toBe(false);
    expect(covered('Nothing must be at most 3 characters')).toBe(false);
  });
});
