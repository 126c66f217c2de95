// ESLint for the whole repo (docs/decisions/038): typescript-eslint's type-checked rules, React hooks and
// accessibility for the client, and the import boundaries of STYLE.md as rules.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const FEATURES_DIR = 'web/src/features';

// One zone per client feature, read from the folder so a new feature is covered the day it lands.
const features = readdirSync(path.join(root, FEATURES_DIR), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

// Imports flow common -> web/src/lib + components -> features -> app (STYLE.md 1).
const zones = [
  {
    target: './common',
    from: ['./server', './db', './web', './scripts', './bench', './tests'],
    message: 'common/ is shared by client and server: it imports nothing of ours.',
  },
  {
    target: './db',
    from: ['./server', './web', './scripts', './bench', './tests'],
    message: 'db/ imports only common/.',
  },
  { target: './server', from: './web', message: 'The server never imports client code.' },
  {
    // The tests beside the code may use the helpers; nothing the server runs may.
    target: './server/src/**/!(*.test).ts',
    from: './server/test',
    message: 'server/test/ holds test helpers: server code never imports them.',
  },
  { target: './web', from: ['./server', './db'], message: 'The client never imports server or database code.' },
  {
    target: ['./web/src/lib', './web/src/components'],
    from: ['./web/src/features', './web/src/app'],
    message: 'lib/ and components/ are below the features: move the shared piece down, not the import up.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'app/ composes the features, never the other way round.' },
  ...features.map((feature) => ({
    target: `./${FEATURES_DIR}/${feature}`,
    from: `./${FEATURES_DIR}`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: share through web/src/lib or web/src/components.',
  })),
];

const TESTS = ['**/*.test.{ts,tsx}', 'server/test/**', 'tests/e2e/**', 'bench/**'];

// The database layer: the query builder (and its `sql` tag), the tables and the raw-row helpers.
// Type-only imports of @db/client (Executor, Database, Transaction) are not in it: a service passes them on.
const DATABASE_LAYER = {
  group: ['drizzle-orm', 'drizzle-orm/*', '@db/schema', '@db/rows', '**/db/schema', '**/db/rows'],
  message: "SQL lives in *.repository.ts (STYLE.md 5): add a small function to the module's repository and call it.",
};

// In server/src, outside repositories and tests, only these files may import it.
const DATABASE_LAYER_EXCEPTIONS = [
  // Keyset pages' SQL fragments (beforeCursor, newestFirst...), used by the repositories; its cursors serve the services.
  'server/src/lib/keyset.ts',
  // Explore's WHERE conditions, shared by the content and map repositories.
  'server/src/modules/content/content-filter.ts',
  // better-auth's drizzle adapter is handed the tables it stores users, sessions and accounts in.
  'server/src/modules/auth/better-auth.ts',
  // A restore compares the backup's migrations with ours, read by drizzle's migrator.
  'server/src/modules/backup/restore-backup.ts',
];

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/.tmp/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**', 'db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
      // Without these no-cycle reads no TypeScript module (the plugin's default is .js only) and finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Two modules that import each other are one module in two files: move the shared piece out.
      // It follows value imports only (a type import is erased); ADR 122.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Hooks live in .ts files too (use-*.ts, the api/ files): the hook rules cover both.
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Repositories are the only place with SQL (STYLE.md 5); web/ and common/ are kept off db/ by the zones.
    // The routes' block below forbids all of this and more: a later block's options replace this one's.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', ...TESTS, ...DATABASE_LAYER_EXCEPTIONS],
    rules: { 'no-restricted-imports': ['error', { patterns: [DATABASE_LAYER] }] },
  },
  {
    // Routes handle HTTP; services hold the rules; repositories are the only place with SQL (STYLE.md 5).
    // The sign-in page loads web/src/lib and the layout eagerly (the app-core chunk, vite.config.ts):
    // a schema module there brings zod, 25 KB gzipped, over the page's budget (bundle-budget.spec.ts).
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/layout/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@common/schemas/*', 'zod', 'zod/*'],
              allowTypeImports: true,
              message:
                'Eagerly loaded code imports no zod schema (types are fine): move the constant to common/texts.ts or common/limits.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A link to a tip or guide is built by content-path.ts, never written by hand: the map's
    // `/tips/${id}` sent members to the 404 page (issue 36). Route patterns (`/view-tip/:id`) pass.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/components/navigation/content-path.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TemplateElement[value.raw', 'Literal[value'].map((node) => ({
          selector: `${node}=/^\\/(view-tip|view-guide|edit-tip|edit-guide|print-guide|tips)\\/(?!:)/]`,
          message: 'Build the path of a tip or guide with components/navigation/content-path.ts (tipPath, guidePath...).',
        })),
      ],
    },
  },
  {
    // Path zones cannot name "a *.repository.ts file", nor a package: this rule can.
    files: ['server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repository', '**/*.repository.ts'],
              message: 'A route calls its service; only services call repositories.',
            },
            {
              group: [
                '@db/*',
                '**/db/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                'pg/*',
                '@electric-sql/pglite',
                '@electric-sql/pglite/*',
              ],
              message: 'A route never touches the database: the service and its repository do.',
            },
          ],
        },
      ],
    },
  },
  {
    // inject() bodies and JSON.parse give `any` by design: a test reads fields of a response it is checking,
    // and typing every body would restate the zod schemas the server already checks. Only the no-unsafe-*
    // family is off here; every other rule holds in tests too.
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
