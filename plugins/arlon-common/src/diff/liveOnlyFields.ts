import type { ObjectDiff } from './diffObjects';

/** Objects and paths a note names at most: enough to see, short enough to read. */
const SHOWN_OBJECTS = 5;
const SHOWN_PATHS = 5;

/**
 * The fields a three-way comparison left out: those an exact comparison of
 * the same objects finds and the three-way one does not (fields only the
 * live side has). From a cluster they are API server defaults and
 * controller-set fields; from a file that only looks live (server metadata
 * written by hand) they are changes the three-way rule would hide, so they
 * are named rather than dropped silently. Paths only, never values.
 */
export function uncountedLiveFields(
  threeWay: ObjectDiff[],
  exact: ObjectDiff[],
): Array<{ key: string; paths: string[] }> {
  const counted = new Map(
    threeWay.map(o => [o.key, new Set(o.changes.map(c => c.path))]),
  );
  return exact
    .filter(o => o.action === 'update' && counted.has(o.key))
    .map(o => ({
      key: o.key,
      paths: o.changes
        .map(c => c.path)
        .filter(p => !counted.get(o.key)!.has(p)),
    }))
    .filter(o => o.paths.length > 0);
}

/** `key: a, b, c (and 2 more)`; …, for a note. */
export function describeUncounted(
  uncounted: Array<{ key: string; paths: string[] }>,
): string {
  const shown = uncounted.slice(0, SHOWN_OBJECTS).map(({ key, paths }) => {
    const more = paths.length - SHOWN_PATHS;
    return `${key}: ${paths.slice(0, SHOWN_PATHS).join(', ')}${
      more > 0 ? ` (and ${more} more)` : ''
    }`;
  });
  const more = uncounted.length - SHOWN_OBJECTS;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more object(s)` : ''}`;
}
