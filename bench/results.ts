import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where every benchmark writes its figures. */
export const RESULTS = join('bench', 'RESULTS.md');

/** The opening and closing markers of a benchmark's own block of bench/RESULTS.md. */
export const marks = (name: string) => ({
  start: `<!-- bench:${name} -->`,
  end: `<!-- /bench:${name} -->`,
});

/**
 * Replaces the block `<!-- bench:name -->` … `<!-- /bench:name -->` of bench/RESULTS.md with
 * `text` (which starts and ends with those markers), or appends it; the rest stays as it is.
 */
export async function writeResultsSection(name: string, text: string) {
  const { start: MARK_START, end: MARK_END } = marks(name);
  const current = existsSync(RESULTS) ? await readFile(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(MARK_START);
  const end = current.indexOf(MARK_END);
  const next =
    start !== -1 && end > start
      ? current.slice(0, start) + text + current.slice(end + MARK_END.length)
      : current.replace(/\n*$/, '\n\n') + text + '\n';
  await writeFile(RESULTS, next);
}
