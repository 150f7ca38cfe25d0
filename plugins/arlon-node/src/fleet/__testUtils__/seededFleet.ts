import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFleetRepository } from '@arlon-backstage/arlon-sandbox';

/**
 * A temporary directory holding `fleet.git`, a bare fleet repository whose
 * branch `main` has one commit of `files` (path → text), for a test to
 * serve with the sandbox's GitHttpServer. The caller removes the directory.
 */
export async function seededFleet(
  files: Record<string, string> = { 'arlon/bundles/a.yaml': 'a\n' },
): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-'));
  const seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(seed, file)), { recursive: true });
      await fs.writeFile(path.join(seed, file), text);
    }
    await createFleetRepository({
      projectRoot: root,
      name: 'fleet',
      branch: 'main',
      seedDir: seed,
    });
  } finally {
    await fs.rm(seed, { recursive: true, force: true });
  }
  return root;
}
