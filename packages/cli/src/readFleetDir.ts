import fs from 'node:fs/promises';
import path from 'node:path';
import type { FleetFiles } from '@arlon-backstage/plugin-arlon-common';

export interface FileTree {
  /** Regular files, keyed by their path from `dir`. */
  files: FleetFiles;
  /** Entries that are neither folders nor regular files (symbolic links above all), never followed. */
  others: string[];
}

/** Walks the folder `rel` of `dir` (`''` for all of it), leaving out the paths in `skip`. */
export async function readTree(
  dir: string,
  rel: string,
  skip: string[] = [],
): Promise<FileTree> {
  const tree: FileTree = { files: {}, others: [] };
  const walk = async (folder: string) => {
    const entries = await fs.readdir(path.join(dir, folder), {
      withFileTypes: true,
    });
    for (const entry of entries) {
      const child = folder ? `${folder}/${entry.name}` : entry.name;
      if (skip.includes(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile())
        tree.files[child] = await fs.readFile(path.join(dir, child), 'utf8');
      else tree.others.push(child);
    }
  };
  await walk(rel);
  return tree;
}

/** Every file of a fleet repository checkout, except Git's own and the generated tree. */
export async function readFleetDir(dir: string): Promise<FleetFiles> {
  return (await readTree(dir, '', ['.git', 'generated'])).files;
}
