import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive (ADR 056): CHROMIUM_PATH, else Debian's
 * chromium-headless-shell (Chromium's own headless build, the one Playwright runs headless by
 * default), else Debian's full chromium, else Playwright's own download (undefined).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
