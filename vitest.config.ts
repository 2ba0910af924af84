import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumEnv, chromiumPath as executablePath } from './scripts/chromium-path.mjs';

// Kept apart from the web app's Vite config so the React Router plugin never runs under Vitest.
export default defineConfig({
  test: {
    // One worker more than the cores for the unit files (Vitest's default is one fewer: a single
    // worker on CI's two cores). The API files still run one at a time (below).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          // tests/lint: the lint rules that hold the web app's layers fire (ADR 020).
          include: ['{contract,db,server,app}/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One real server on one seeded database for every API test (tests/api/global-setup.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 180_000,
          // One file at a time: files write the same places, and a write empties the caches that
          // another file's check expects to hit. Vitest runs them after the unit files.
          fileParallelism: false,
        },
      },
      // Public reads from a streaming replica (ADR 040): only where one runs, as
      // `PG_STANDBY=1 scripts/with-postgres.sh npx vitest run --project replica` (.ci/run).
      ...(process.env.TEST_DATABASE_READ_URL
        ? [
            {
              test: {
                name: 'replica',
                include: ['tests/replica/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['tests/api/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'start',
          include: ['tests/start/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          // Each file runs `npm start`, which builds when sources changed: one build at a time.
          fileParallelism: false,
        },
      },
      {
        // Interactive components in real Chromium (the one the Playwright suite drives,
        // scripts/chromium-path.mjs): focus, keys, timers and media as a browser does them.
        // React's JSX through Vite's own transform (tsconfig's react-jsx), no React plugin.
        css: { modules: { localsConvention: 'camelCaseOnly' } },
        // Found up front: a dependency found mid-run would reload the page under a test.
        optimizeDeps: {
          include: [
            'react',
            'react/jsx-dev-runtime',
            'react-dom/client',
            'react-router',
            'lucide-react',
            'vitest-browser-react',
            'vitest-browser-react/pure',
          ],
        },
        test: {
          name: 'component',
          include: ['app/**/*.browser.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                ...(executablePath ? { executablePath } : {}),
                ...(Object.keys(chromiumEnv).length
                  ? { env: { ...process.env, ...chromiumEnv } }
                  : {}),
                args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            // Locally a failing test leaves a screenshot in .vitest/attachments (.gitignore);
            // CI's machine is gone with it when the run ends.
            screenshotFailures: !process.env.CI,
          },
        },
      },
    ],
  },
});
