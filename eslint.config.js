import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import pluginLingui from 'eslint-plugin-lingui';
import { untranslatedFiles } from './apps/web/untranslated-files.js';

// A web form checks its values through lib/form-resolver.ts, which shows the contract's messages
// in the interface's language (decision 0037's addendum), never with zod's resolver alone.
const zodResolverThroughFormResolver = {
  name: '@hookform/resolvers/zod',
  message: 'Use formResolver (src/lib/form-resolver.ts): it translates the contract’s messages.',
};

// A web form is made with lib/use-form.ts, whose shown errors follow a change of the interface
// language (decision 0037), never with react-hook-form's useForm alone.
const useFormThroughAppUseForm = {
  name: 'react-hook-form',
  importNames: ['useForm'],
  message: 'Use useForm from src/lib/use-form.ts: its errors follow the interface language.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tsbuild/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // The two wrappers themselves.
    ignores: ['apps/web/src/lib/form-resolver.ts', 'apps/web/src/lib/use-form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [zodResolverThroughFormResolver, useFormThroughAppUseForm] },
      ],
    },
  },
  {
    // Features never import each other; the app layer composes them (bulletproof-react).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodResolverThroughFormResolver, useFormThroughAppUseForm],
          patterns: [
            {
              group: ['**/features/*/**', '!./**', '!../**'],
              message: 'Features do not import each other; compose them in src/app.',
            },
          ],
        },
      ],
    },
  },
  // A server module uses another only through its service, never its repository (tests aside).
  // One block per folder depth inside a module, since the import's `../` climbs to src/modules/
  // from there. Module cycles are refused by apps/server/test/module-graph.test.ts.
  ...[0, 1, 2].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [`${'../'.repeat(depth + 1)}*/**/*.repository`],
              message:
                "Use the other module's service: a repository is its own module's (docs/decisions/0010-module-boundaries.md).",
            },
          ],
        },
      ],
    },
  })),
  {
    // An API path is written once, in the route table (packages/contract/src/api).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/modules/**/*.ts'],
    // The service worker makes no call: it only tells the API's paths apart from pages.
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.test-support.{ts,tsx}',
      '**/*-test-support.{ts,tsx}',
      'apps/web/src/service-worker/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'Call the API through its route table entry (api.…), not a path string.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the API through its route table entry (api.…), not a path string.',
        },
      ],
    },
  },
  {
    // Nothing user-visible outside the catalogs (decision 0037): JSX text and string literals of
    // the web app must go through Lingui's macros (<Trans>, t, msg, plural). Strings that are not
    // prose (keys, class names, paths, one lowercase word, test ids) are let through below; a
    // screen not yet converted is listed in apps/web/untranslated-files.js until it is.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*test-support.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/service-worker/**',
      // The wiki's articles are content in English, not the interface (a later step).
      'apps/web/src/features/wiki/content/**',
      ...untranslatedFiles,
    ],
    plugins: { lingui: pluginLingui },
    rules: {
      ...pluginLingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One "word" without a space that does not start with a capital: keys, paths, CSS.
            '^(?![A-Z])\\S+$',
            // UPPERCASE constants and strings without a letter (separators, symbols). The plugin
            // builds these without the u flag, so a \\p{L} class would read as the letters p, L…:
            // it let through every string without one of them ("Shared", "Hello world").
            '^[A-Z0-9_-]+$',
            '^[^a-zA-Z\\u00C0-\\u024F]*$',
            // The time part of an ISO date (`${day}T00:00:00Z`): parsed, never shown.
            '^T\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?Z?$',
            // The product's name, never translated; the HTTP auth scheme.
            '^Glossa$',
            '^Bearer\\b',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            { regex: { pattern: '(Key|Id|Class|Name|Path|Url|Href|Type)$' } },
            'type',
            'id',
            'name',
            'value',
            'key',
            'role',
            'to',
            'href',
            'src',
            'rel',
            'target',
            'lang',
            'dir',
            'method',
            'path',
            'icon',
            'variant',
            'size',
            'align',
            'side',
            'autoComplete',
            'inputMode',
            'data-testid',
            'displayName',
          ],
          ignoreFunctions: [
            'Error',
            'TypeError',
            'console.*',
            '*.addEventListener',
            '*.removeEventListener',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            '*.querySelector',
            '*.querySelectorAll',
            // A websocket's close reason goes to the server, not to the learner.
            '*.close',
            '*.closest',
            '*.matches',
            '*.getElementById',
            '*.includes',
            '*.startsWith',
            '*.endsWith',
            '*.split',
            '*.join',
            '*.replace',
            '*.test',
            '*.get',
            '*.set',
            '*.has',
            '*.append',
            'matchMedia',
            'window.matchMedia',
            'import',
            'styles.*',
          ],
          useTsTypes: false,
        },
      ],
    },
  },
);
