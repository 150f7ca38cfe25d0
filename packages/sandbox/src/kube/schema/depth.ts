import { child, index } from './types';

/**
 * The path of the first value nested deeper than `limit`, found without
 * recursion (so a hostile body cannot exhaust the stack here), or undefined.
 */
export function deeperThan(value: unknown, limit: number): string | undefined {
  const stack: Array<{ v: unknown; depth: number; path: string }> = [
    { v: value, depth: 0, path: '' },
  ];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limit) return path || '<root>';
    if (Array.isArray(v)) {
      v.forEach((item, i) =>
        stack.push({ v: item, depth: depth + 1, path: index(path, i) }),
      );
    } else {
      for (const k of Object.keys(v))
        stack.push({
          v: (v as any)[k],
          depth: depth + 1,
          path: child(path, k),
        });
    }
  }
  return undefined;
}
