import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '@backstage/errors';

/**
 * Why `file` is not a path the fleet checkout may write, or undefined: it
 * must be relative and `/`-separated, without empty, `.` or `..` segments,
 * backslashes or control characters, and never inside `.git`.
 */
export function repositoryPathProblem(file: string): string | undefined {
  if (typeof file !== 'string' || file === '') return 'it is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(file))
    return 'it has a control character or a backslash';
  if (file.startsWith('/') || path.isAbsolute(file)) return 'it is absolute';
  const segments = file.split('/');
  if (segments.some(s => s === '' || s === '.' || s === '..'))
    return "it has an empty, '.' or '..' segment";
  if (segments.some(s => s.toLowerCase() === '.git'))
    return "it is inside Git's own .git folder";
  return undefined;
}

/** The error a refused path is told: which path, why, and that nothing was written. */
export const refusal = (file: string, reason: string) =>
  new InputError(
    `Refusing to write ${JSON.stringify(
      file.slice(0, 200),
    )} in the fleet repository: ${reason}; nothing was written`,
  );

/** Throws before anything is written unless every path is a plain repository path. */
export function assertRepositoryPaths(files: string[]): void {
  for (const file of files) {
    const problem = repositoryPathProblem(file);
    if (problem) throw refusal(file, problem);
  }
}

/**
 * The absolute path of `file` in the checkout at `dir`, once it is known to
 * stay there: resolved inside `dir`, and no existing part of it (the file
 * itself included) a symbolic link, which a commit could have planted to
 * point outside.
 */
export async function confinedTarget(
  dir: string,
  file: string,
): Promise<string> {
  const problem = repositoryPathProblem(file);
  if (problem) throw refusal(file, problem);
  const root = await fs.promises.realpath(dir);
  const target = path.resolve(root, file);
  if (!target.startsWith(`${root}${path.sep}`))
    throw refusal(file, 'it resolves outside the checkout');
  let current = root;
  for (const segment of file.split('/')) {
    current = path.join(current, segment);
    const stat = await fs.promises.lstat(current).catch(() => undefined);
    if (!stat) break; // nothing further exists yet: mkdir and write create it here
    if (stat.isSymbolicLink())
      throw refusal(
        file,
        `${path.relative(root, current)} is a symbolic link in the checkout`,
      );
  }
  return target;
}
