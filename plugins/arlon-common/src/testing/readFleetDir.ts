import fs from 'node:fs';
import path from 'node:path';
import type { FleetFiles } from '../model/Fleet';

/** Test helper: every file under `dir`, keyed by its `/`-separated relative path. */
export function readFleetDir(dir: string): FleetFiles {
  const files: FleetFiles = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), {
      withFileTypes: true,
    })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else files[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return files;
}

export const EXAMPLE_FLEET_DIR = path.resolve(
  __dirname,
  '../../../../examples/fleet',
);
