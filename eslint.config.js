import js from '@eslint/js';
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
    // Command-line scripts talk to the person at the terminal.
    files: ['infra/**/*.mjs', 'infra/sandbox/src/main.ts', 'bench/**/*'],
    rules: { 'no-console': 'off' },
  },
);
