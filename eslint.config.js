// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import drizzle from 'eslint-plugin-drizzle';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Files and folders are kebab-case (`orders.service.ts`, `login-page.tsx`). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    return {
      Program(node) {
        const name = context.filename.split(/[\\/]/).pop() ?? '';
        const isKebab = name.split('.').every((part) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part));
        if (!isKebab) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

// Domain folders talk through the platform, the shared folder or the contract — never straight
// into each other. A server module shows other modules one face (`<domain>.api.ts`) and its
// tables (`*.table.ts`, for foreign keys and joins only; they hold nothing but tables); everything
// else in its folder is its own (decision 0022). The platform never imports a module: the
// composition root (`src/app.ts`, `main.ts`, `schema.ts`, `seed.ts`) wires modules together.
const boundaryRules = [
  { from: 'contract', allow: ['contract'] },
  {
    from: 'server-root',
    allow: ['contract', 'server-platform', 'server-module', 'server-face', 'server-table', 'server-root'],
  },
  { from: 'server-table', allow: ['contract', 'server-platform', 'server-table'] },
  { from: 'server-platform', allow: ['contract', 'server-platform'] },
  {
    from: ['server-module', 'server-face'],
    allow: [
      'contract',
      'server-platform',
      'server-table',
      'server-face',
      ['server-module', { domain: '${from.domain}' }],
    ],
  },
  { from: 'web-shared', allow: ['contract', 'web-shared', 'web-locales'] },
  {
    from: 'web-area',
    allow: ['contract', 'web-shared', 'web-locales', ['web-area', { area: '${from.area}' }]],
  },
  { from: 'web-root', allow: ['contract', 'web-shared', 'web-locales', 'web-area', 'web-root'] },
  { from: 'web-locales', allow: ['web-locales'] },
  // Browser journeys reuse the server's test stand-ins (the local OpenID provider).
  { from: 'e2e', allow: ['e2e', 'contract', 'server-root'] },
];

/**
 * A table file holds tables only (and the non-exported column helpers that build them): no
 * exported function, query helper or alias that other modules would then import for logic.
 */
const tablesOnly = [
  'error',
  {
    selector: 'ExportNamedDeclaration > FunctionDeclaration',
    message:
      'A *.table.ts file holds tables only: put this function in the module and export it from its face.',
  },
  {
    selector:
      'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[init.type=/^(ArrowFunctionExpression|FunctionExpression)$/]',
    message:
      'A *.table.ts file holds tables only: put this function in the module and export it from its face.',
  },
  {
    selector:
      "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > CallExpression[callee.name='alias']",
    message: 'A *.table.ts file holds tables only: put this alias next to the queries that use it.',
  },
];

/**
 * Refusals and transactions go through the platform's helpers (decision 0023): `AppError.of`,
 * `.field`, `.fields` take the status from the contract's table and let the error handler
 * translate; `withTransaction` hands out the transaction as the `AppDatabase` repositories take.
 */
const platformHelpersOnly = [
  {
    selector: "NewExpression[callee.name='AppError']",
    message:
      'Use AppError.of(code, key) / AppError.field(...) / AppError.fields(...): the status comes from the contract.',
  },
  {
    selector:
      "TSAsExpression[typeAnnotation.typeName.name='AppDatabase'][expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
    message:
      'Use withTransaction(db, async (tx) => …) (platform/db/transaction.ts): tx is already an AppDatabase.',
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
    message:
      'Use withTransaction(db, async (tx) => …) (platform/db/transaction.ts), also for a savepoint inside one: one way to open a transaction.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-data/**',
      'bench-results/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { local: { rules: { 'kebab-case': kebabCase } }, drizzle, boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'boundaries/include': ['apps/**/src/**', 'packages/**/src/**', 'e2e/**'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'packages/contract/src/**', mode: 'full' },
        // The composition root: wires modules into the app, the schema and the seed.
        {
          type: 'server-root',
          mode: 'full',
          pattern: ['apps/server/src/*.ts', 'apps/server/src/test/**', 'apps/server/src/security/**'],
        },
        {
          type: 'server-face',
          pattern: 'apps/server/src/modules/*/*.api.ts',
          mode: 'full',
          capture: ['domain'],
        },
        {
          type: 'server-table',
          pattern: 'apps/server/src/modules/*/*.table.ts',
          mode: 'full',
          capture: ['domain'],
        },
        { type: 'server-module', pattern: 'apps/server/src/modules/*/**', mode: 'full', capture: ['domain'] },
        { type: 'server-platform', pattern: 'apps/server/src/platform/**', mode: 'full' },
        { type: 'web-shared', pattern: 'apps/web/src/shared/**', mode: 'full' },
        { type: 'web-locales', pattern: 'apps/web/src/locales/**', mode: 'full' },
        { type: 'web-area', pattern: 'apps/web/src/*/**', mode: 'full', capture: ['area'] },
        { type: 'web-root', pattern: 'apps/web/src/*', mode: 'full' },
        { type: 'e2e', pattern: 'e2e/**', mode: 'full' },
      ],
    },
    rules: {
      'local/kebab-case': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Handlers and plugins are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      // Domain folders talk through the platform, the shared folder or the contract — never
      // straight into each other.
      'boundaries/element-types': ['error', { default: 'disallow', rules: boundaryRules }],
      // No import cycles: a loop means neither side can be read, tested or loaded on its own.
      // Type-only imports are erased, so they cannot make a loop at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/modules/*/*.table.ts'],
    rules: { 'no-restricted-syntax': tablesOnly },
  },

  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests may use the test support code, and read untyped answers they then assert on.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**', 'apps/server/src/security/**'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [...boundaryRules, { from: ['server-module', 'server-platform'], allow: ['server-root'] }],
        },
      ],
    },
  },
  {
    // Only the helpers themselves build an AppError, cast the database or open a transaction.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/platform/errors/**',
      'apps/server/src/platform/db/database.ts',
      'apps/server/src/platform/db/transaction.ts',
      'apps/server/src/modules/*/*.table.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...platformHelpersOnly] },
  },
  {
    // One rule setting per file: table files keep their own restrictions as well.
    files: ['apps/server/src/modules/*/*.table.ts'],
    rules: { 'no-restricted-syntax': [...tablesOnly, ...platformHelpersOnly] },
  },
);
