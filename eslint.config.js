import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'data',
      'coverage',
      '.react-router',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports flow one way (docs/decisions/003-layout.md): the product server and the
      // database never import the web app; the contract imports nothing of ours.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './app' },
            { target: './db', from: ['./app', './server'] },
            { target: './contract', from: ['./app', './server', './db'] },
            { target: './app', from: ['./server', './db'] },
          ],
        },
      ],
    },
    settings: {
      // import-x reads every imported file to follow it: it must parse TypeScript and resolve
      // extensionless imports to .ts/.tsx files, or no-cycle silently sees no dependencies.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
      'import-x/ignore': ['node_modules'],
    },
  },
  {
    // The web app takes only types from the contract's schema modules (CONTRIBUTING.md footguns).
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/contract/*',
                '!**/contract/super-categories',
                '!**/contract/slug',
                '!**/contract/urls',
                '!**/contract/environment',
                '!**/contract/public-config',
                '!**/contract/username', // plain rules, no zod: the form checks as you type
                '!**/contract/campaign-options', // plain lists, no zod
                '!**/contract/analytics-events', // plain lists, no zod
                '!**/contract/week-days',
              ],
              allowTypeImports: true,
              message: 'Import only types from contract schema modules in the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
