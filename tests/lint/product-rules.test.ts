import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every "spec §N" / "spec §N.M" in the repository names a section of docs/product-rules.md, the
 * product rules in the repository's own words, and nothing points at the product's guidance
 * files outside the repository: a reader needs no file the repository does not hold.
 */
const root = join(import.meta.dirname, '../..');
const RULES = 'docs/product-rules.md';

/** A section number: 2, 2.1. */
const NUMBER = String.raw`\d+(?:\.\d+)*`;
/** One cited section, or a range of them: §2.1, §2.1–2.4, §2.1-§2.4. */
const ITEM = String.raw`§\s*${NUMBER}(?:\s*[–-]\s*§?\s*${NUMBER})?`;
/** Sections that follow one "spec": "§2.2, §2.3", "§3 and §7", "§4 or §8". */
const LIST = String.raw`${ITEM}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)${ITEM})*`;
/** "spec §…", also "Spec §…" and a "spec" that ends a comment line whose next line starts "§…". */
const CITATION = new RegExp(
  String.raw`\bspec(?:[ \t]*\r?\n[ \t]*(?:\*|\/\/|#|>)?)?[ \t]*(${LIST})`,
  'gi',
);

/** The section numbers a run of text cites; a range names every section from its start to its end. */
function citedSections(text: string): string[] {
  const sections: string[] = [];
  for (const match of text.matchAll(CITATION)) {
    for (const item of match[1]!.matchAll(new RegExp(ITEM, 'g'))) {
      const [from, to] = [...item[0].matchAll(new RegExp(NUMBER, 'g'))].map((m) => m[0]);
      sections.push(...expandRange(from!, to));
    }
  }
  return sections;
}

/** 2.1–2.4 → 2.1, 2.2, 2.3, 2.4; a range over different parents keeps only its ends. */
function expandRange(from: string, to: string | undefined): string[] {
  if (to === undefined) return [from];
  const start = from.split('.').map(Number);
  const end = to.split('.').map(Number);
  const parent = start.slice(0, -1).join('.');
  if (start.length !== end.length || parent !== end.slice(0, -1).join('.')) return [from, to];
  const [first, last] = [start.at(-1)!, end.at(-1)!];
  if (last < first) return [from, to];
  return Array.from({ length: last - first + 1 }, (_, i) =>
    parent ? `${parent}.${first + i}` : String(first + i),
  );
}

/** The numbered headings of the rules page: "## 2. …" gives 2, "### 2.1 …" gives 2.1. */
function headingSections(markdown: string): string[] {
  return [...markdown.matchAll(/^(#{2,3})[ \t]+(\d+(?:\.\d+)?)\.?[ \t]/gm)].map((m) => m[2]!);
}

/**
 * References to the product's guidance outside the repository: the specification and design
 * folders beside it and the files in them. (The app's own `app/shared/` is a different folder:
 * an import such as `../../shared/auth/sign-in` is fine.)
 */
const OUTSIDE = [
  /(?:^|[^\w-])(?:\.\.\/)*shared\/(?:spec|design|hooks)\b/,
  /\/work\/shared\b/,
  /\bproduct-spec\.md\b/,
  /(?:^|[^\w/.-])(?:brand|style)\.md\b/,
];

/** Tracked text files (binary files, and anything under node_modules or build, left out). */
function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && !/(?:^|\/)(?:node_modules|build)\//.test(path));
  return paths.flatMap((path) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(root, path));
    } catch {
      return []; // deleted in the working tree, not yet committed
    }
    if (bytes.subarray(0, 8000).includes(0)) return [];
    return [{ path, text: bytes.toString('utf8') }];
  });
}

const SPEC = 'spec §'; // kept apart so these examples are not citations of this file

describe('reading citations', () => {
  it.each([
    [`${SPEC}7`, ['7']],
    [`${SPEC}2.5.`, ['2.5']],
    [`${SPEC}2.1–2.4: route sets`, ['2.1', '2.2', '2.3', '2.4']],
    [`${SPEC}2.2, §2.3`, ['2.2', '2.3']],
    [`${SPEC}3, §7, §9`, ['3', '7', '9']],
    [`Spec §3 and §7 name fields`, ['3', '7']],
    [`the spec\n * §2.1: which route set`, ['2.1']],
    [`// ${SPEC}12.3 and (RFC 9112 §3.2)`, ['12.3']],
    ['deploy.md §10, no spec', []],
  ])('%j cites %j', (text, sections) => {
    expect(citedSections(text)).toEqual(sections);
  });

  it('reads the headings of the rules page', () => {
    expect(headingSections('# Title\n## 1. What\n### 2.1 Root\n#### 9 no\ntext ## 3.\n')).toEqual([
      '1',
      '2.1',
    ]);
  });
});

describe('docs/product-rules.md', () => {
  const files = trackedTextFiles();
  const headings = new Set(headingSections(readFileSync(join(root, RULES), 'utf8')));

  it('has a heading for every section the repository cites as "spec §…"', () => {
    const cited = files.flatMap(({ path, text }) =>
      citedSections(text).map((section) => ({ path, section })),
    );
    expect(cited.length).toBeGreaterThan(0);
    const missing = cited
      .filter(({ section }) => !headings.has(section))
      .map(({ path, section }) => `${path}: §${section}`);
    expect(missing, `sections missing from ${RULES}`).toEqual([]);
  });

  it('is the only product reference: no tracked file points outside the repository', () => {
    const outside = files.flatMap(({ path, text }) =>
      text
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line}`] : [],
        ),
    );
    expect(outside).toEqual([]);
  });
});
