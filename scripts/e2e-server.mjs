// The server the browser tests talk to: the built product on a fresh seeded world, with a high
// write limit and, named rather than left to defaults that differ in production
// (docs/decisions/022-production-conveniences.md), the development conveniences the tests use:
// the test-only triggers, the bundled identity provider they sign in with, /api/events/mine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'spotreel-e2e-'));
const port = process.env.PORT ?? '3000';
const child = spawn(process.execPath, ['build/host/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    // The address the browser opens (playwright.config.ts baseURL): the sign-in popup's
    // redirects and its postMessage target are built on it.
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    TEST_HOOKS: 'true',
    LOCAL_IDP: 'on',
    EVENTS_MINE: 'on',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // One client (this machine) makes every request of the suite.
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000',
    // the product's flags plus the ones the browser tests turn (a half rollout, two variants)
    FLAGS_FILE: 'tests/e2e/flags.json',
    // browser tests run on any date: the giveaway is open for them
    GIVEAWAY_OPENS: '2026-11-01T00:00:00-05:00',
    GIVEAWAY_CLOSES: '2099-12-31T23:59:59-05:00',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
