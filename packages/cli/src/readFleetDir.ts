import fs from 'node:fs/promises';
import path from 'node:path';
import type { FleetFiles } from '@internal/backstage-plugin-arlon-common';

/** Every file of a fleet repository checkout, except Git's own and the generated tree. */
export async function readFleetDir(dir: string): Promise<FleetFiles> {
  const files: FleetFiles = {};
  const walk = async (rel: string) => {
    const entries = await fs.readdir(path.join(dir, rel), {
      withFileTypes: true,
    });
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (child === '.git' || child === 'generated') continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile())
        files[child] = await fs.readFile(path.join(dir, child), 'utf8');
    }
  };
  await walk('');
  return files;
}
