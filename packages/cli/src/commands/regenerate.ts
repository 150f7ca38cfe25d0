import path from 'node:path';
import {
  compileFleet,
  formatProblems,
  GENERATED_ROOT,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';
import { readGeneratedTree } from '../readGeneratedTree';
import { CompileOverrides, generatedStatus } from '../generatedStatus';
import { writeGeneratedTree } from '../writeGeneratedTree';

/**
 * `arlon regenerate [dir]`: rewrites the checkout's `generated/` in place so
 * it is what the definitions compile to, with the repository URL, revision
 * and namespace its bootstrap Application records (flags override them).
 * What the portal does after a hand push, for a checkout: nothing is written
 * when the definitions have problems, nothing when the tree is current.
 */
export async function regenerate(
  dir: string,
  overrides: CompileOverrides,
  io: Output,
): Promise<number> {
  const files = await readFleetDir(dir);
  // With the generated tree: it says which management cluster builds each
  // cluster today (a move that would delete one is a problem), and which
  // management clusters have a tree to keep.
  const { fleet, problems } = validateFleet({
    ...files,
    ...(await readGeneratedTree(dir)).files,
  });
  if (problems.length) {
    io.err(formatProblems(problems, dir));
    io.err('Nothing was regenerated: fix the definitions first.\n');
    return 1;
  }
  const status = await generatedStatus(dir, files, overrides);
  if (!status.options) {
    io.err(
      `regenerate needs --repo-url <url> (the clone URL ArgoCD reads the fleet from): ${status.reason}\n`,
    );
    return 2;
  }
  const where = path.join(dir, GENERATED_ROOT);
  if (status.current) {
    io.out(`${where} is current; nothing to do.\n`);
    return 0;
  }
  await writeGeneratedTree(dir, compileFleet(fleet, status.options));
  const count = (action: string) =>
    status.stale.filter(s => s.action === action).length;
  io.out(
    `Regenerated ${where} for ${status.options.repoUrl} (${
      status.options.revision
    }): ${count('create')} created, ${count('update')} updated, ${count(
      'delete',
    )} deleted. Commit it.\n`,
  );
  return 0;
}
