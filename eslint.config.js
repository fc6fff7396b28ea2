import js from '@eslint/js';
import prettierConfig from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // One way to open a transaction (libs/db/src/transactions.ts): it rolls back on a refusal and
    // runs a deadlock victim again, which TypeORM's own ways do not. Tests may hold a connection's
    // transaction open by hand to play a crash.
    files: ['api/src/**/*.ts', 'workers/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/db/src/transactions.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='transaction'][callee.object.name=/^(dataSource|manager|connection)$/]",
          "CallExpression[callee.property.name='transaction'][callee.object.property.name=/^(dataSource|manager|connection)$/]",
          "CallExpression[callee.property.name='createQueryRunner']",
          "CallExpression[callee.property.name='startTransaction']",
        ].map((selector) => ({ selector, message: 'Open transactions with inTransaction from @shop/db (libs/db/src/transactions.ts).' })),
      ],
    },
  },
  {
    // Command-line scripts talk to the person at the terminal.
    files: ['infra/**/*.mjs', 'infra/sandbox/src/main.ts', 'bench/**/*'],
    rules: { 'no-console': 'off' },
  },
  // Layout is Prettier's (npm run lint checks it first): ESLint's rules about it would fight its output.
  prettierConfig,
);
