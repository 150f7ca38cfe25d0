import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  assertRepositoryPaths,
  confinedTarget,
  repositoryPathProblem,
} from './confinePath';

/** What a refused path is told: the exact reason, the path at most 200 characters. */
describe('confinePath refusals, word for word', () => {
  it.each([
    ['', 'it is empty'],
    [undefined, 'it is empty'],
    [42, 'it is empty'],
    ['a\u007fb', 'it has a control character or a backslash'],
    ['/etc/passwd', 'it is absolute'],
    ['a/./b', "it has an empty, '.' or '..' segment"],
    ['a/', "it has an empty, '.' or '..' segment"],
    ['.git', "it is inside Git's own .git folder"],
    ['arlon/ok.yaml', undefined],
    ['arlon/.gitkeep', undefined],
    ['arlon/..x.yaml', undefined],
  ])('%j: %s', (file, problem) => {
    expect(repositoryPathProblem(file as string)).toBe(problem);
  });

  it('quotes at most 200 characters of the path and says nothing was written', () => {
    const long = `../${'a'.repeat(300)}`;
    expect(() => assertRepositoryPaths([long])).toThrow(
      `Refusing to write ${JSON.stringify(
        long.slice(0, 200),
      )} in the fleet repository: it has an empty, '.' or '..' segment; nothing was written`,
    );
  });

  it('confinedTarget refuses a bad path with its reason before looking at the disk', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    try {
      await expect(confinedTarget(dir, '../outside.yaml')).rejects.toThrow(
        "Refusing to write \"../outside.yaml\" in the fleet repository: it has an empty, '.' or '..' segment; nothing was written",
      );
      await expect(confinedTarget(dir, 'a/b/c.yaml')).resolves.toBe(
        path.join(await fs.realpath(dir), 'a/b/c.yaml'),
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
