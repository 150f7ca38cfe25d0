import fs from 'node:fs/promises';
import path from 'node:path';
import {
  GENERATED_ROOT,
  type GeneratedFiles,
} from '@arlon-backstage/plugin-arlon-common';

/**
 * Replaces `<out>/generated/` with `files` (the compiler owns that tree).
 * Every file lands inside it, whatever the compiler returned; the old tree
 * is removed first, so a symbolic link planted in it is removed as a link,
 * never written through.
 */
export async function writeGeneratedTree(
  out: string,
  files: GeneratedFiles,
): Promise<void> {
  const root = path.resolve(out, GENERATED_ROOT);
  const targets = Object.keys(files).map(file => {
    const target = path.resolve(out, file);
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
}
