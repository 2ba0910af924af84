import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

/**
 * The lint rules that hold the web app's layers (docs/decisions/020-layers-lint.md) each report a
 * deliberate violation, linted with the project's own eslint.config.js. The code below is linted
 * as if it were a file in the named folder (nothing is written), importing real modules; the
 * import cycle is two real files in tests/lint/fixtures/cycle (ignored by `npx eslint .`).
 */
const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, ignore: false });

/** An import specifier, from `fromDir`, of some module in `dir` (none of the tests beside it). */
function someModuleIn(dir: string, fromDir: string): string {
  const file = readdirSync(join(root, dir))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    .sort()[0];
  if (!file) throw new Error(`no module in ${dir}`);
  const path = relative(join(root, fromDir), join(root, dir, file)).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

const features = readdirSync(join(root, 'app/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const [featureA, featureB] = features as [string, string];

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages;
}

/** Lints `import … from specifier` as the file `file`; the import is used, so no other rule fires. */
const lintImport = (file: string, specifier: string) =>
  lint(file, `import * as imported from '${specifier}';\n\nexport const used = imported;\n`);

const zone = 'import-x/no-restricted-paths';

/**
 * ESLint resolves the whole import graph of a linted import (import-x/no-cycle walks it): a few
 * seconds for a module that reaches every screen, more on a busy machine than Vitest's default 5 s.
 */
vi.setConfig({ testTimeout: 30_000 });

describe('the layer rules (import-x/no-restricted-paths)', () => {
  it('has at least two features to test with', () => {
    expect(features.length).toBeGreaterThanOrEqual(2);
  });

  const cases: { what: string; file: string; target: () => string; message: RegExp }[] = [
    {
      what: 'a feature imports another feature',
      file: `app/features/${featureA}/lint-fixture.tsx`,
      target: () => someModuleIn(`app/features/${featureB}`, `app/features/${featureA}`),
      message: new RegExp(`A feature imports no other feature \\(app/features/${featureA} `),
    },
    {
      what: 'a feature imports the root',
      file: `app/features/${featureA}/lint-fixture.tsx`,
      target: () => '../../root',
      message: /A feature imports no layout or route module/,
    },
    {
      what: 'a feature imports a route module',
      file: `app/features/${featureA}/lint-fixture.tsx`,
      target: () => '../../routes/home',
      message: /A feature imports no layout or route module/,
    },
    {
      what: 'a feature imports the server entry',
      file: `app/features/${featureA}/lint-fixture.tsx`,
      target: () => '../../entry.server',
      message: /A feature imports no layout or route module/,
    },
    {
      what: 'a feature imports the layout',
      file: `app/features/${featureA}/lint-fixture.tsx`,
      target: () => someModuleIn('app/layout', `app/features/${featureA}`),
      message: /A feature imports no layout or route module/,
    },
    {
      what: 'a component imports a feature',
      file: 'app/components/ui/lint-fixture.tsx',
      target: () => someModuleIn(`app/features/${featureA}`, 'app/components/ui'),
      message: /app\/components is the UI kit/,
    },
    {
      what: 'a component imports a route module',
      file: 'app/components/ui/lint-fixture.tsx',
      target: () => '../../routes/home',
      message: /app\/components is the UI kit/,
    },
    {
      what: 'a component imports the root',
      file: 'app/components/ui/lint-fixture.tsx',
      target: () => '../../root',
      message: /app\/components is the UI kit/,
    },
    {
      what: 'a component imports a shared part',
      file: 'app/components/ui/lint-fixture.tsx',
      target: () => '../../shared/tracked',
      message: /app\/components is the UI kit/,
    },
    {
      what: 'a shared part imports a feature',
      file: 'app/shared/lint-fixture.tsx',
      target: () => someModuleIn(`app/features/${featureA}`, 'app/shared'),
      message: /app\/shared sits below the features/,
    },
    {
      what: 'the layout imports a route module',
      file: 'app/layout/lint-fixture.tsx',
      target: () => '../routes/home',
      message: /The layout imports no route module/,
    },
    {
      what: 'a plain app module imports a feature',
      file: 'app/lint-fixture.ts',
      target: () => someModuleIn(`app/features/${featureA}`, 'app'),
      message:
        /The app's plain modules \(app\/\*\.ts\) and API client \(app\/api\) are the bottom layer/,
    },
  ];

  it.each(cases)('reports it when $what', async ({ file, target, message }) => {
    const specifier = target();
    const messages = await lintImport(file, specifier);
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: zone,
        line: 1,
        message: expect.stringMatching(message),
      }),
    ]);
    expect(messages[0]!.message).toContain(`"${specifier}"`);
    expect(messages[0]!.message).toContain('docs/decisions/020-layers-lint.md');
  });

  it.each([
    ['a feature', `app/features/${featureA}/lint-fixture.tsx`],
    ['the layout', 'app/layout/lint-fixture.tsx'],
    ['a route module', 'app/routes/lint-fixture.tsx'],
  ])('lets %s import its own folder and the layers below', async (_, file) => {
    const from = file.slice(0, file.lastIndexOf('/'));
    const code = [
      `import * as own from '${someModuleIn(from, from)}';`,
      `import * as shared from '${someModuleIn('app/shared', from)}';`,
      `import * as ui from '${someModuleIn('app/components/ui', from)}';`,
      `import * as paths from '${relative(from, 'app/paths')}';`,
      '',
      'export const used = [own, shared, ui, paths];',
      '',
    ].join('\n');
    expect(await lint(file, code)).toEqual([]);
  });

  it('lets a route module compose features and the layout', async () => {
    const code = [
      `import * as feature from '${someModuleIn(`app/features/${featureA}`, 'app/routes')}';`,
      `import * as other from '${someModuleIn(`app/features/${featureB}`, 'app/routes')}';`,
      `import * as layout from '${someModuleIn('app/layout', 'app/routes')}';`,
      '',
      'export const used = [feature, other, layout];',
      '',
    ].join('\n');
    expect(await lint('app/routes/lint-fixture.tsx', code)).toEqual([]);
  });
});

describe('import-x/no-cycle on TypeScript', () => {
  const fixture = join(root, 'tests/lint/fixtures/cycle');

  it('reports both ends of a two-file .ts/.tsx import cycle', async () => {
    expect(existsSync(join(fixture, 'a.ts'))).toBe(true);
    const results = await eslint.lintFiles([join(fixture, 'a.ts'), join(fixture, 'b.tsx')]);
    for (const result of results) {
      expect(result.messages).toEqual([
        expect.objectContaining({
          ruleId: 'import-x/no-cycle',
          message: expect.stringMatching(/^Dependency cycle detected/),
        }),
      ]);
    }
    expect(results).toHaveLength(2);
  });

  it('is quiet about the same files without the cycle', async () => {
    const messages = await lint(
      'tests/lint/fixtures/cycle/c.ts',
      `import { label } from './a';\n\nexport const text = label;\n`,
    );
    expect(messages).toEqual([]);
  });
});

describe('the web app’s restricted imports (@typescript-eslint/no-restricted-imports)', () => {
  const rule = '@typescript-eslint/no-restricted-imports';
  const file = `app/features/${featureA}/lint-fixture.tsx`;

  it.each([
    {
      what: 'a value imported from a contract schema module',
      code: `import { Location } from '../../../contract/locations';\n\nexport const used = Location;\n`,
      message: 'Import only types from contract schema modules',
    },
  ])('reports $what', async ({ code, message }) => {
    expect(await lint(file, code)).toEqual([
      expect.objectContaining({ ruleId: rule, line: 1, message: expect.stringContaining(message) }),
    ]);
  });

  it("is quiet about React Router's own Link and its other exports", async () => {
    const code = [
      `import { Link, NavLink, useNavigate } from 'react-router';`,
      '',
      'export const used = [Link, NavLink, useNavigate];',
      '',
    ].join('\n');
    expect(await lint(file, code)).toEqual([]);
  });
});
