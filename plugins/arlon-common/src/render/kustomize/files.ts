import { UnrenderableSource } from '../UnrenderableSource';

/** The largest file a kustomization may read (a patch, an env file, a generator's file). */
export const MAX_KUSTOMIZE_FILE_BYTES = 1024 * 1024;

/**
 * Resolves `ref`, a path written in the kustomization in `dir`, to a file of
 * the fleet repository, confined to `dir`'s tree as kustomize's default load
 * restrictor (LoadRestrictionsRootOnly, api/loader/fileloader.go) confines
 * files: no absolute paths, no URLs, no `..` climbing out of the directory.
 */
export function resolveKustomizeFile(
  files: Map<string, string>,
  dir: string,
  ref: unknown,
  where: string,
): { path: string; text: string } {
  if (typeof ref !== 'string' || ref.length === 0)
    throw new UnrenderableSource(`${where}: expected a file path`);
  if (ref.length > 1024 || /[\0]/.test(ref))
    throw new UnrenderableSource(`${where}: not a usable file path`);
  if (ref.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(ref))
    throw new UnrenderableSource(
      `${where}: ${describe(
        ref,
      )} is not a path inside the kustomization's directory; use a relative path to a file beside the kustomization`,
    );
  const parts: string[] = [];
  for (const part of ref.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0)
        throw new UnrenderableSource(
          `${where}: ${describe(ref)} leaves the kustomization's directory ${
            dir || '.'
          }; kustomize loads files only from inside it, so move the file there`,
        );
      parts.pop();
    } else parts.push(part);
  }
  const path = [dir, ...parts].filter(Boolean).join('/');
  const text = files.get(path);
  if (text === undefined)
    throw new UnrenderableSource(
      `${where}: file ${describe(ref)} not found in ${dir || '.'}`,
    );
  if (text.length > MAX_KUSTOMIZE_FILE_BYTES)
    throw new UnrenderableSource(
      `${where}: ${path} is larger than ${MAX_KUSTOMIZE_FILE_BYTES} bytes; Arlon's renderer does not read it`,
    );
  return { path, text };
}

/** A user-written path, quoted and cut short, for a message. */
export function describe(ref: string): string {
  return JSON.stringify(ref.length > 120 ? `${ref.slice(0, 120)}...` : ref);
}
