import { afterEach, beforeEach, expect } from 'vitest';
import { cleanup, configure } from 'vitest-browser-react/pure';
// The app's tokens and base styles, as every page links them (app/root.tsx).
import '../../app/styles/global.css';

/**
 * The component project's setup (vitest.config.ts), run in the browser before each test file.
 *
 * Every test fails on an unexpected console error or warning, as every other test project does
 * (tests/e2e/fixtures.ts for Playwright): React's warnings (keys, act, a state update on an
 * unmounted component) arrive that way. What React logs while a component unmounts counts
 * too: the check runs after the test's components are gone. Uncaught errors and unhandled
 * rejections fail the run on their own (Vitest). A test that provokes a console problem on
 * purpose says so with `allowConsole(pattern)`.
 */

// Like the app's root (app/entry.client.tsx): effects run, clean up and run again on mount.
configure({ reactStrictMode: true });

const LEVELS = ['error', 'warn'] as const;
const original = { error: console.error, warn: console.warn };
let problems: string[] = [];
let allowed: RegExp[] = [];

/** Lets this test log a console error or warning that matches `pattern`. */
export function allowConsole(pattern: RegExp): void {
  allowed.push(pattern);
}

/** React's messages are printf-like ("%s"): the text as the console would show it. */
function text(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(String).join(' ');
  const message = first.replace(/%[sdifoOc]/g, () => (rest.length ? String(rest.shift()) : ''));
  return [message, ...rest.map(String)].join(' ');
}

beforeEach(() => {
  problems = [];
  allowed = [];
  for (const level of LEVELS) {
    console[level] = (...args: unknown[]) => {
      problems.push(`${level}: ${text(args)}`);
      original[level](...args); // still printed, by Vitest's own console
    };
  }
});

afterEach(async () => {
  await cleanup();
  for (const level of LEVELS) console[level] = original[level];
  const unexpected = problems.filter((problem) => !allowed.some((a) => a.test(problem)));
  expect(unexpected, 'unexpected console errors or warnings').toEqual([]);
});
