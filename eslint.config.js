import js from '@eslint/js';
import prettierConfig from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Who may import whom. The api and the workers are apps that share only libs/; the specs that run
 * both, and their harness, live in integration/. libs/ serve everyone and import no app; the web
 * takes only libs/; the tooling in infra/ takes nothing of bench/ (bench builds on infra/).
 */
const BOUNDARIES = [
  {
    target: './api',
    from: ['./workers', './integration', './web', './bench', './e2e'],
    message: 'The api imports no other app: shared code goes to libs/, a spec that runs the workers too to integration/.',
  },
  {
    target: './workers',
    from: ['./api', './integration', './web', './bench', './e2e'],
    message: 'The workers import no other app: shared code goes to libs/, a spec that runs the api too to integration/.',
  },
  {
    target: './libs',
    from: ['./api', './workers', './web', './integration', './bench', './e2e', './infra'],
    except: ['./sandbox'],
    message: 'libs/ serve the apps and import none of them (the sandbox is a lib of its own).',
  },
  {
    target: './web',
    from: ['./api', './workers', './integration', './infra', './bench'],
    message: 'The web shares only libs/ with the server.',
  },
  {
    target: './infra',
    from: ['./bench', './integration', './e2e'],
    message: 'infra/ is the tooling bench/ and the tests build on, never the other way round.',
  },
];

/** The api, the workers, the libs and the integration harness: the code that talks to MySQL. */
const SERVER_FILES = ['api/src/**/*.ts', 'workers/src/**/*.ts', 'libs/*/src/**/*.ts', 'integration/src/**/*.ts'];

const restricted = (message, selectors) => selectors.map((selector) => ({ selector, message }));

/**
 * One way to open a transaction (libs/db/src/transactions.ts): it rolls back on a refusal and runs
 * a deadlock victim again, which TypeORM's own ways do not. Tests may hold a connection's
 * transaction open by hand to play a crash.
 */
const TRANSACTION_RULES = restricted('Open transactions with inTransaction from @shop/db (libs/db/src/transactions.ts).', [
  "CallExpression[callee.property.name='transaction'][callee.object.name=/^(dataSource|manager|connection)$/]",
  "CallExpression[callee.property.name='transaction'][callee.object.property.name=/^(dataSource|manager|connection)$/]",
  "CallExpression[callee.property.name='createQueryRunner']",
  "CallExpression[callee.property.name='startTransaction']",
]);

/**
 * One way to move a payment (movePayment, libs/db/src/payments/payment-transitions.ts): the payment's
 * status and its order's paymentStatus together, by the rule table, with a history row and the
 * order's event. Creating an order or a payment sets the first status; every later write is a move.
 */
const PAYMENT_STATUS_RULES = restricted('Move a payment with movePayment from @shop/db (libs/db/src/payments/payment-transitions.ts).', [
  "AssignmentExpression[left.property.name='paymentStatus']",
  "AssignmentExpression[left.property.name='status'][left.object.name=/payment|owed/i]",
  "CallExpression[callee.property.name=/^(update|save|upsert)$/] > ObjectExpression:last-child > Property[key.name='paymentStatus']",
  "CallExpression[callee.property.name=/^(update|save|upsert)$/][arguments.0.name='Payment'] > ObjectExpression:last-child > Property[key.name='status']",
  "CallExpression[callee.property.name=/^(update|save|upsert)$/][callee.object.arguments.0.name='Payment'] > ObjectExpression:last-child > Property[key.name='status']",
  "CallExpression[callee.property.name='set'] > ObjectExpression > Property[key.name='paymentStatus']",
  "CallExpression[callee.property.name='set'][callee.object.arguments.0.name='Payment'] > ObjectExpression > Property[key.name='status']",
  'Literal[value=/`?paymentStatus`?\\s*=\\s*[^=]/]',
  'TemplateElement[value.raw=/`?paymentStatus`?\\s*=\\s*[^=]/]',
]);

/**
 * The web decides what happened by the refusal's code (ApiError.code, libs/contracts errors.ts),
 * never by an HTTP status or by the words shown: words change with the catalogue, statuses are
 * shared by many refusals.
 */
const REFUSAL_CODE_RULES = restricted(
  "Decide on the refusal's code (isRefusedWith, web/src/lib/api-client.ts), not on a status or a message.",
  [
    'BinaryExpression[left.property.name=/^status(Code)?$/][right.raw=/^\\d+$/]',
    'BinaryExpression[right.property.name=/^status(Code)?$/][left.raw=/^\\d+$/]',
    'BinaryExpression[left.name=/^status(Code)?$/][right.raw=/^\\d+$/]',
    'BinaryExpression[right.name=/^status(Code)?$/][left.raw=/^\\d+$/]',
    "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.object.name='MESSAGES']",
    "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.object.object.name='MESSAGES']",
    "BinaryExpression[operator=/^[!=]==?$/] > CallExpression[callee.object.object.name='MESSAGES']",
    "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message']",
    "CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|test)$/][callee.object.property.name='message']",
  ],
);

export default tseslint.config(
  { ignores: ['**/dist/**', 'web/dist-ssr/**', '**/node_modules/**', '.data/**', '.nx/**', 'coverage/**'] },
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
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARIES }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...REFUSAL_CODE_RULES] },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // One way to open a transaction, one way to move a payment; see TRANSACTION_RULES and PAYMENT_STATUS_RULES.
    files: SERVER_FILES,
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TRANSACTION_RULES, ...PAYMENT_STATUS_RULES] },
  },
  { files: ['libs/db/src/transactions.ts'], rules: { 'no-restricted-syntax': ['error', ...PAYMENT_STATUS_RULES] } },
  { files: ['libs/db/src/payments/payment-transitions.ts'], rules: { 'no-restricted-syntax': ['error', ...TRANSACTION_RULES] } },
  {
    // Command-line scripts talk to the person at the terminal.
    files: ['infra/**/*.mjs', 'infra/sandbox/src/main.ts', 'bench/**/*'],
    rules: { 'no-console': 'off' },
  },
  // Layout is Prettier's (npm run lint checks it first): ESLint's rules about it would fight its output.
  prettierConfig,
);
