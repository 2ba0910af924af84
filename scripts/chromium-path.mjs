import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Chromium the browser tests and benchmarks drive (ADR 056, ADR 060), the first of:
 * 1. `CHROMIUM_PATH`;
 * 2. Debian's `chromium-headless-shell`, then Debian's `chromium` (skipped with
 *    `CHROMIUM_SYSTEM=ignore`, as CI does once to prove the next step);
 * 3. the Chromium `npm install` brought: `@sparticuz/chromium`, unpacked once into
 *    `node_modules/.cache/chromium/<version>` (Linux x64 only: the one build it ships);
 * 4. Playwright's own download (undefined), for a machine where none of these is there.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SYSTEM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The folder of the unpacked npm Chromium, or null where there is none to unpack. */
function npmChromiumFolder() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const manifest = join(root, 'node_modules/@sparticuz/chromium/package.json');
  if (!existsSync(manifest)) return null;
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(root, 'node_modules/.cache/chromium', version);
}

/**
 * Unpacks the package's Chromium, its fonts and the shared libraries it was built with (NSS and
 * expat, which a machine without a browser may lack) into `folder`. The package unpacks into
 * the system's temporary folder, so it is pointed at a folder of this process's own, which is
 * renamed into place only when whole: a run stopped halfway leaves nothing that looks done.
 */
async function unpack(folder) {
  const { default: Chromium, inflate } = await import('@sparticuz/chromium');
  const partial = `${folder}.partial-${process.pid}`;
  removeAbandoned(folder);
  mkdirSync(partial, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  try {
    await Chromium.executablePath();
    await inflate(join(root, 'node_modules/@sparticuz/chromium/bin/al2023.tar.br'));
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  // The package's fonts.conf names Lambda's folders; this one names the fonts unpacked here.
  writeFileSync(
    join(partial, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      `  <dir>${join(folder, 'fonts')}</dir>\n  <cachedir>${join(folder, 'fonts-cache')}</cachedir>\n` +
      `</fontconfig>\n`,
  );
  // A folder without its browser is not a whole copy (a rename is): made by hand, say.
  if (existsSync(folder) && !existsSync(join(folder, 'chromium')))
    rmSync(folder, { recursive: true, force: true });
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another process (a Playwright worker) put a whole copy there first: keep that one.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(folder, 'chromium'))) throw error;
  }
}

/** Whether process `pid` is running (signal 0 tests without sending anything). */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the partial unpacks (`<folder>.partial-<pid>`) of gone processes, and our own. */
function removeAbandoned(folder) {
  const parent = dirname(folder);
  if (!existsSync(parent)) return;
  const prefix = `${basename(folder)}.partial-`;
  for (const entry of readdirSync(parent)) {
    const pid = entry.startsWith(prefix) ? Number(entry.slice(prefix.length)) : NaN;
    if (Number.isInteger(pid) && (pid === process.pid || !running(pid)))
      rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

async function npmChromium() {
  const folder = npmChromiumFolder();
  if (!folder) return undefined;
  if (!existsSync(join(folder, 'chromium'))) await unpack(folder);
  return join(folder, 'chromium');
}

const system =
  process.env.CHROMIUM_SYSTEM === 'ignore' ? undefined : SYSTEM.find((path) => existsSync(path));

export const chromiumPath = process.env.CHROMIUM_PATH || system || (await npmChromium());

/**
 * What the npm Chromium needs in its environment: the libraries it was built with, and the fonts
 * beside the system's (its fonts.conf includes the system's own). Empty for any other browser.
 */
const folder = npmChromiumFolder();
export const chromiumEnv =
  folder && chromiumPath === join(folder, 'chromium')
    ? {
        LD_LIBRARY_PATH: [join(folder, 'al2023/lib'), process.env.LD_LIBRARY_PATH]
          .filter(Boolean)
          .join(':'),
        FONTCONFIG_FILE: join(folder, 'fonts.conf'),
      }
    : {};
