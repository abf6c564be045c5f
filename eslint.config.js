import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// Web boundaries: a feature imports another feature only through that feature's index.ts, never the
// app shell; lib/ and components/ (the shared pieces) import no feature and no app file.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`, ...WEB_FEATURES.map((other) => `./${other}/index.ts`)],
    message: 'Import another feature through its index.ts (its public module).',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features do not import the app shell: shared pieces live in lib/ or components/.',
  },
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib/ and components/ are shared: they import no feature and no app file.',
  },
];

// Which layer may import which. The server's main.ts is the one place that composes the whole console
// in one process (`npm start`: the server, the workers and the demo data); the operator CLIs may use
// the demo text generators. Everything else goes through the packages.
const PACKAGES = 'packages/*/src/**';
const IMPORT_ZONES = [
  {
    target: ['apps/server/src/!(main).ts', 'apps/server/src/*/**'],
    from: 'apps/worker/src',
    message: 'The server imports no worker file: put what both need in a package (packages/*).',
  },
  {
    target: 'apps/worker/src',
    from: 'apps/server/src',
    message: 'The worker imports no server file: put what both need in a package (packages/*).',
  },
  {
    target: [
      'apps/server/src/!(main).ts',
      'apps/server/src/!(cli)/**',
      'apps/worker/src/**',
      'apps/web/src/**',
      'packages/!(db)/src/**',
      'packages/db/src/*.ts',
      'packages/db/src/!(seed)/**',
    ],
    from: 'packages/db/src/seed',
    message: 'Production code imports no demo-seed file: move what it needs into a package module.',
  },
  {
    target: PACKAGES,
    from: 'apps',
    message: 'A package imports no app: the apps depend on the packages, never the other way.',
  },
];

// Rules of no-restricted-syntax every file keeps (a later block that sets the rule replaces the whole list).
const BASE_SYNTAX = [
  { selector: "CallExpression[callee.property.name='only']", message: 'Do not commit .only' },
  { selector: 'ExportAllDeclaration', message: 'No barrel re-exports: import from the module itself.' },
];

// audit_log rows are written by apps/server/src/features/audit/writer.ts only (writeAudit): one place
// knows the table's object types and who wrote a row. Caught: `x.insert(schema.auditLog)`,
// `x.insert(auditLog)` and raw SQL `insert into audit_log`.
const AUDIT_WRITER_ONLY = 'Write audit rows with writeAudit (apps/server/src/features/audit/writer.ts).';
const AUDIT_WRITES = [
  {
    selector:
      "CallExpression[callee.property.name='insert'] > MemberExpression.arguments[property.name='auditLog']",
    message: AUDIT_WRITER_ONLY,
  },
  {
    selector: "CallExpression[callee.property.name='insert'] > Identifier.arguments[name='auditLog']",
    message: AUDIT_WRITER_ONLY,
  },
  { selector: 'TemplateElement[value.raw=/insert\\s+into\\s+"?audit_log/i]', message: AUDIT_WRITER_ONLY },
  { selector: 'Literal[value=/insert\\s+into\\s+"?audit_log/i]', message: AUDIT_WRITER_ONLY },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...BASE_SYNTAX],
    },
  },
  {
    // The demo and bench seeds fill the table in bulk as data, not as a record of an action.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['apps/server/src/features/audit/writer.ts', 'packages/db/src/seed/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...BASE_SYNTAX, ...AUDIT_WRITES] },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (an unhandled rejection ends the process)
    // and its ordering. Fire-and-forget is written `void promise` with the reason beside it.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'tests/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise passed where a plain callback is expected (an event listener, a timer) is not awaited
      // either; attributes of JSX event handlers are left out: React ignores their result on purpose.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // No import cycles, type-only imports included: a cycle means two modules that cannot be read (or
    // loaded) one before the other. Import zones keep the layers apart (see docs/ARCHITECTURE.md).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: IMPORT_ZONES }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // process.env is read in one place per app (its config module).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/config.ts', '**/*.test.ts', 'apps/web/vite.config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from the config module.' },
      ],
    },
  },
  {
    // Playwright reads the fixtures a test or fixture needs from its first parameter's pattern, so one
    // that needs none is written ({}, use) or ({}, testInfo).
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
