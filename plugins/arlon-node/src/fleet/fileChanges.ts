import type { FleetFiles } from '@arlon-backstage/plugin-arlon-common';
import type { FileChanges, FleetSnapshot } from './FleetCheckout';

/** A file a change writes: what happens to it, and its new content. */
export interface ChangedFile {
  path: string;
  action: 'create' | 'update' | 'delete';
  content?: string;
}

/**
 * `files` with `changes` made. Paths come from users and from Git, so each
 * is an own property whatever it is: an assignment to `__proto__` would set
 * the prototype and drop the file.
 */
export function applyChanges(
  files: FleetFiles,
  changes: FileChanges,
): FleetFiles {
  const next: FleetFiles = { ...files };
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) delete next[path];
    else setOwn(next, path, content);
  }
  return next;
}

/** Sets `path` as an own property, even `__proto__`. */
export function setOwn<T>(
  files: Record<string, T>,
  path: string,
  content: T,
): void {
  Object.defineProperty(files, path, {
    value: content,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Only what really changes: unchanged content and deletes of absent files drop out. */
export function describeChanges(
  snapshot: FleetSnapshot,
  changes: FileChanges,
): ChangedFile[] {
  return Object.keys(changes)
    .sort()
    .flatMap((path): ChangedFile[] => {
      const next = changes[path];
      // Own properties only: `constructor` or `toString` is a file name too.
      const current = Object.hasOwn(snapshot.files, path)
        ? snapshot.files[path]
        : undefined;
      if (next === null)
        return current === undefined
          ? []
          : [{ path, action: 'delete' as const }];
      if (current === next) return [];
      return [
        {
          path,
          action:
            current === undefined ? ('create' as const) : ('update' as const),
          content: next,
        },
      ];
    });
}
