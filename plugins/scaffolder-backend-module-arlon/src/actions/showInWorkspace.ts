import fs from 'node:fs/promises';
import path from 'node:path';
import { resolveSafeChildPath } from '@backstage/backend-plugin-api';
import { GENERATED_ROOT } from '@arlon-backstage/plugin-arlon-common';
import type { FleetChangeResult } from '@arlon-backstage/plugin-arlon-node';

/**
 * On a dry run, the definitions the commit would write (not the generated
 * tree, which follows from them) go into the workspace: the scaffolder's dry
 * run returns its contents, which the commit preview shows.
 */
export async function showInWorkspace(
  workspace: string,
  files: FleetChangeResult['files'],
): Promise<void> {
  for (const f of files) {
    if (f.content === undefined || f.path.startsWith(`${GENERATED_ROOT}/`))
      continue;
    const target = resolveSafeChildPath(workspace, f.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, f.content);
  }
}
