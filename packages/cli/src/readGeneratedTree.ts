import fs from 'node:fs/promises';
import path from 'node:path';
import {
  GENERATED_ROOT,
  type FleetFiles,
} from '@internal/backstage-plugin-arlon-common';

export interface GeneratedTree {
  /** Regular files under `generated/`, keyed by their path from the fleet's root. */
  files: FleetFiles;
  /**
   * Entries that are neither folders nor regular files (symbolic links
   * above all): the compiler never writes them, so they are stale, and
   * they are never followed (a link could point anywhere on the machine).
   */
  others: string[];
}

/** The generated tree of a fleet checkout, as the compiler would have to find it. */
export async function readGeneratedTree(dir: string): Promise<GeneratedTree> {
  const tree: GeneratedTree = { files: {}, others: [] };
  const root = await fs.lstat(path.join(dir, GENERATED_ROOT)).catch(error => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (!root) return tree;
  if (!root.isDirectory()) {
    tree.others.push(GENERATED_ROOT);
    return tree;
  }
  const walk = async (rel: string) => {
    const entries = await fs.readdir(path.join(dir, rel), {
      withFileTypes: true,
    });
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile())
        tree.files[child] = await fs.readFile(path.join(dir, child), 'utf8');
      else tree.others.push(child);
    }
  };
  await walk(GENERATED_ROOT);
  tree.others.sort();
  return tree;
}
