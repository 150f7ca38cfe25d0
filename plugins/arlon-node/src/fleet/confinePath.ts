import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '@backstage/errors';

/**
 * The longest file or folder name a checkout can make (Linux's NAME_MAX):
 * Git commits a longer one, and then every clone of the fleet (ArgoCD's,
 * an operator's) fails to check out.
 */
const MAX_NAME_BYTES = 255;

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
  if (segments.some(isDotGit)) return "it is inside Git's own .git folder";
  if (!file.isWellFormed())
    return 'it has a lone surrogate, which UTF-8 cannot hold';
  if (segments.some(s => Buffer.byteLength(s, 'utf8') > MAX_NAME_BYTES))
    return `a name in it is longer than ${MAX_NAME_BYTES} bytes`;
  return undefined;
}

/**
 * Whether a name is `.git` to some checkout, as Git's own checks have it
 * (is_hfs_dotgit, is_ntfs_dotgit): any case, macOS's ignored characters
 * removed, Windows' trailing dots and spaces and stream names dropped, and
 * the 8.3 short name `git~1`.
 */
function isDotGit(segment: string): boolean {
  const name = segment
    .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g, '')
    .split(':')[0]
    .toLowerCase()
    .replace(/[. ]+$/, '');
  return name === '.git' || /^\.?git~[1-9]$/.test(name);
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
