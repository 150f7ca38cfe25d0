import fs from 'node:fs/promises';
import path from 'node:path';
import {
  compileFleet,
  GENERATED_ROOT,
  validateFleet,
} from '@internal/backstage-plugin-arlon-common';
import { formatProblems } from '@internal/backstage-plugin-arlon-common';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';

export interface RenderOptions {
  out: string;
  repoUrl: string;
  revision: string;
}

/**
 * `arlon render [dir] --out <dir>`: validates, then writes the compiler's tree
 * under `<out>/generated/`, replacing what was there (the compiler owns it).
 * Nothing is written when the fleet has problems.
 */
export async function render(
  dir: string,
  options: RenderOptions,
  io: Output,
): Promise<number> {
  const { fleet, problems } = validateFleet(await readFleetDir(dir));
  if (problems.length) {
    io.err(formatProblems(problems, dir));
    io.err('Nothing was rendered.\n');
    return 1;
  }
  const files = compileFleet(fleet, {
    repoUrl: options.repoUrl,
    revision: options.revision,
  });
  // Every file lands inside <out>/generated/, whatever the compiler returned.
  const root = path.resolve(options.out, GENERATED_ROOT);
  const targets = Object.keys(files).map(file => {
    const target = path.resolve(options.out, file);
    if (!target.startsWith(`${root}${path.sep}`))
      throw new Error(
        `refusing to write ${JSON.stringify(file)} outside ${root}`,
      );
    return target;
  });
  await fs.rm(root, { recursive: true, force: true });
  for (const [i, text] of Object.values(files).entries()) {
    const target = targets[i];
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, text);
  }
  io.out(
    `Rendered ${Object.keys(files).length} files into ${path.join(
      options.out,
      GENERATED_ROOT,
    )}\n`,
  );
  return 0;
}
