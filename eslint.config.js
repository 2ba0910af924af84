import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const here = import.meta.dirname;
const LAYERS = 'docs/decisions/020-layers-lint.md';
// The web app's top: the route modules React Router loads (they compose everything below).
const ROUTE_MODULES = [
  './app/routes',
  './app/root.tsx',
  './app/entry.client.tsx',
  './app/entry.server.tsx',
];
// One zone per feature folder (import-x zones cannot say "any feature but this one").
const FEATURES = readdirSync(`${here}/app/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers, top to bottom (docs/decisions/020-layers-lint.md): route modules →
 * layout → features → shared → components → the app's plain modules and API client.
 * A layer imports only from the layers below it; a feature imports no other feature.
 */
const APP_LAYER_ZONES = [
  ...FEATURES.map((name) => ({
    target: `./app/features/${name}`,
    from: './app/features',
    except: [`./${name}`],
    message: `A feature imports no other feature (app/features/${name} imports another one): move what both need down to app/shared or app/components, or let the screen compose the two (${LAYERS}).`,
  })),
  {
    target: './app/features',
    from: ['./app/layout', ...ROUTE_MODULES],
    message: `A feature imports no layout or route module (app/routes, root.tsx, entry.*): they compose features, not the other way round; take what you need as props or move it down (${LAYERS}).`,
  },
  {
    target: './app/shared',
    from: ['./app/features', './app/layout', ...ROUTE_MODULES],
    message: `app/shared sits below the features: it imports no feature, layout or route module (${LAYERS}).`,
  },
  {
    target: './app/components',
    from: ['./app/shared', './app/features', './app/layout', ...ROUTE_MODULES],
    message: `app/components is the UI kit: it imports no feature, shared part, layout or route module; compose those in a feature, the layout or a route module (${LAYERS}).`,
  },
  {
    target: './app/layout',
    from: ROUTE_MODULES,
    message: `The layout imports no route module: route modules use the layout (${LAYERS}).`,
  },
  {
    // root-data.ts takes the root loader's type only, so root.tsx is not in `from`.
    target: ['./app/api', './app/*.ts'],
    from: [
      './app/components',
      './app/shared',
      './app/features',
      './app/layout',
      './app/routes',
      './app/entry.client.tsx',
      './app/entry.server.tsx',
    ],
    message: `The app's plain modules (app/*.ts) and API client (app/api) are the bottom layer: they import no component, shared part, feature, layout, screen or route module (${LAYERS}).`,
  },
];

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
      // scratch files (.gitignore)
      '**/*.tmp.*',
      // deliberate violations, linted on purpose by tests/lint/architecture.test.ts
      'tests/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // No import cycles in any .ts/.tsx file (dynamic import() included).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports flow one way (docs/decisions/003-layout.md): the product server and the
      // database never import the web app; the contract imports nothing of ours. Inside the
      // web app, the layers of APP_LAYER_ZONES.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: here,
          zones: [
            { target: './server', from: './app' },
            { target: './db', from: ['./app', './server'] },
            { target: './contract', from: ['./app', './server', './db'] },
            { target: './app', from: ['./server', './db'] },
            ...APP_LAYER_ZONES,
          ],
        },
      ],
    },
    settings: {
      // import-x follows an import only into a file whose extension is in `import-x/extensions`
      // or `import-x/parsers` (by default .js alone): without these, no-cycle never looked into
      // a .ts/.tsx file and reported nothing. Those files parse with the TypeScript parser
      // whoever imports them; the resolver turns extensionless imports into .ts/.tsx files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
      'import-x/ignore': ['node_modules'],
    },
  },
  {
    // The rules of hooks and React's own render rules (refs, state set in effects, deps) for the web app.
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
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
                '!**/contract/storable', // plain rules: what an id may be (a loader's ids)
                '!**/contract/urls',
                '!**/contract/environment',
                '!**/contract/public-config',
                '!**/contract/username', // plain rules, no zod: the form checks as you type
                '!**/contract/campaign-options', // plain lists, no zod
                '!**/contract/analytics-events', // plain lists, no zod
                '!**/contract/week-days',
                '!**/contract/opening-hours', // plain rules: hours in words, open now
                '!**/contract/endpoints', // URLs and types only: the reads of spec §7
                '!**/contract/device', // plain rules: the device class of a User-Agent or width
                '!**/contract/cookies', // plain names and the name rule of the site's cookies
                '!**/contract/place-look', // plain rules: a place's hue from its id (ADR 077)
                '!**/contract/topic-rules', // plain rules and words of topic pages, no zod
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
