import fs from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_ROOT } from '@arlon-backstage/plugin-arlon-common';
import { readTree, type FileTree } from './readFleetDir';

/**
 * The generated tree of a fleet checkout, as the compiler would have to find
 * it: its files keyed by their path from the fleet's root, and its `others`
 * (symbolic links above all), which the compiler never writes, so they are
 * stale, and are never followed (a link could point anywhere on the machine).
 */
export async function readGeneratedTree(dir: string): Promise<FileTree> {
  const root = await fs.lstat(path.join(dir, GENERATED_ROOT)).catch(error => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (!root) return { files: {}, others: [] };
  if (!root.isDirectory()) return { files: {}, others: [GENERATED_ROOT] };
  const tree = await readTree(dir, GENERATED_ROOT);
  tree.others.sort();
  return tree;
}
