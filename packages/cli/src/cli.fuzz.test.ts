import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import {
  fuzzParameters,
  fuzzTimeout,
} from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/fuzz';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import { anyFleetFiles } from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/hostile';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import { hostileObject } from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/manifests';
import { stringify } from 'yaml';
import { run } from './__testUtils__/run';
import { readFleetDir } from './readFleetDir';

/** What a crash looks like on stderr: a stack frame or an error the code did not mean to show. */
const CRASH =
  /\n\s+at .+:\d+:\d+|TypeError|ReferenceError|RangeError|is not a function|Cannot read propert|Cannot convert object to primitive/;

/** Writes generated files into a fresh directory; paths that cannot be files are skipped. */
async function writeTree(files: Record<string, string>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-fuzz-'));
  for (const [file, text] of Object.entries(files)) {
    const target = path.resolve(dir, file);
    if (!target.startsWith(`${dir}${path.sep}`) || file.includes('\0'))
      continue;
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, text);
    } catch {
      // A name the file system refuses (a file where a folder must be): not a case.
    }
  }
  return dir;
}

describe('arlon validate, render and diff, property-based', () => {
  it(
    'validate and render exit 0 or 1 with a message, never a crash; a fleet that renders renders the same twice and then validates',
    async () => {
      await fc.assert(
        fc.asyncProperty(anyFleetFiles, async files => {
          const dir = await writeTree(files);
          const out = path.join(dir, 'out');
          try {
            const validated = await run('validate', dir);
            expect([0, 1]).toContain(validated.code);
            expect(validated.err + validated.out).not.toMatch(CRASH);
            expect((validated.err + validated.out).trim()).not.toBe('');

            const render = (to: string) =>
              run(
                'render',
                dir,
                '--out',
                to,
                '--repo-url',
                'https://git.example.com/fleet.git',
              );
            const rendered = await render(out);
            expect([0, 1]).toContain(rendered.code);
            expect(rendered.err + rendered.out).not.toMatch(CRASH);
            if (rendered.code !== 0) return;
            // Deterministic through the CLI: a second render writes the same bytes.
            const again = path.join(dir, 'again');
            expect((await render(again)).code).toBe(0);
            expect(await readFleetDir(again)).toEqual(await readFleetDir(out));
            // What render writes is what validate expects.
            expect((await render(dir)).code).toBe(0);
            expect((await run('validate', dir)).code).toBe(0);
          } finally {
            await fs.rm(dir, { recursive: true, force: true });
          }
        }),
        fuzzParameters(10),
      );
    },
    fuzzTimeout(120_000),
  );

  it(
    'diff exits 0, 1 or 2 with a message, never a crash, whatever the manifests hold; a side against itself is 0',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileObject, { maxLength: 4 }),
          fc.array(hostileObject, { maxLength: 4 }),
          async (left, right) => {
            const dir = await writeTree({
              'left.yaml': left.map(o => stringify(o)).join('---\n'),
              'right.yaml': right.map(o => stringify(o)).join('---\n'),
            });
            try {
              const l = path.join(dir, 'left.yaml');
              const r = path.join(dir, 'right.yaml');
              const result = await run('diff', l, r, '--color', 'never');
              expect([0, 1, 2]).toContain(result.code);
              expect(result.err + result.out).not.toMatch(CRASH);
              const same = await run('diff', l, l, '--color', 'never');
              expect(same.err).not.toMatch(CRASH);
              expect(same.code).toBe(0);
            } finally {
              await fs.rm(dir, { recursive: true, force: true });
            }
          },
        ),
        fuzzParameters(20),
      );
    },
    fuzzTimeout(120_000),
  );
});
