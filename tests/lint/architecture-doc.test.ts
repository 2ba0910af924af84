import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md names files a newcomer opens: every repository path it writes in
 * backticks exists, and every link it makes (an ADR, another doc, a heading of its own) leads
 * somewhere. A file moved or renamed fails here, not in a reader's hands.
 */
const root = join(import.meta.dirname, '../..');
const DOC = 'docs/architecture.md';
const text = readFileSync(join(root, DOC), 'utf8');

/** The repository's top-level folders: a backticked token that starts with one is a path. */
const TOP = new Set(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name),
);

/**
 * Backticked paths from the repository's root: under a top-level folder, or a file name of the
 * root itself (`vite.config.ts`). Patterns (`<name>`, `*.test.ts`) are no one file.
 */
const paths = [...text.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1]!)
  .filter((token) =>
    token.includes('/')
      ? TOP.has(token.split('/')[0]!)
      : /\.(?:ts|tsx|js|mjs|json|md)$/.test(token),
  )
  .filter((token) => !/[<>*]/.test(token));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
const anchors = new Set([...text.matchAll(/^#+ (.+)$/gm)].map((match) => anchor(match[1]!)));

describe(DOC, () => {
  it('names paths, and each of them exists', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('links to files and headings that exist', () => {
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    const broken = links.filter((link) =>
      link.startsWith('#')
        ? !anchors.has(link.slice(1))
        : !/^https?:/.test(link) && !existsSync(join(root, dirname(DOC), link.split('#')[0]!)),
    );
    expect(broken).toEqual([]);
  });
});
