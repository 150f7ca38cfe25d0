import fs from 'node:fs';
import { readRepoFile, repoPath } from './__testUtils__/repository';

/**
 * docs/architecture.md walks requests through the code by file; a file that
 * moves or goes must take the page with it. Every path in backticks that
 * looks like one (a folder of the repository, or a package-relative `src/…`
 * path right after a full one) must exist.
 */
function namedPaths(): Array<{ path: string; line: number }> {
  const text = readRepoFile('docs/architecture.md');
  const found: Array<{ path: string; line: number }> = [];
  let packageDir = '';
  text.split('\n').forEach((line, i) => {
    for (const [, quoted] of line.matchAll(/`([^`\s]+)`/g)) {
      const full = /^(plugins|packages)\/[^/]+\//.exec(quoted);
      if (full) {
        packageDir = full[0];
        found.push({ path: quoted, line: i + 1 });
      } else if (/^(src|templates)\//.test(quoted) && packageDir)
        found.push({ path: packageDir + quoted, line: i + 1 });
    }
  });
  return found;
}

describe('docs/architecture.md', () => {
  it('names files that exist', () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths
      .filter(p => !fs.existsSync(repoPath(p.path)))
      .map(p => `line ${p.line}: ${p.path}`);
    expect(missing).toEqual([]);
  });
});
