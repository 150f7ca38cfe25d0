/** One thing wrong in the fleet repository, located so an editor can jump to it. */
export interface Problem {
  /** Path of the file in the fleet repository, e.g. `arlon/profiles/apps.yaml`. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** Field path inside the object, e.g. `spec.nodePools[0].replicas`; empty for the file. */
  field: string;
  message: string;
  /** What to do about it. */
  hint?: string;
}

/** Renders `['spec', 'nodePools', 0, 'replicas']` as `spec.nodePools[0].replicas`. */
export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((segment, i) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : `${i === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
}
