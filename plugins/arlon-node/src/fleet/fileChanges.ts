import type { FileChanges, FleetSnapshot } from './FleetCheckout';

/** A file a change writes: what happens to it, and its new content. */
export interface ChangedFile {
  path: string;
  action: 'create' | 'update' | 'delete';
  content?: string;
}

/** The files of `snapshot` with `changes` made. */
export function applyChanges(snapshot: FleetSnapshot, changes: FileChanges) {
  const files = { ...snapshot.files };
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) delete files[path];
    else files[path] = content;
  }
  return files;
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
      const current = snapshot.files[path];
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
