/**
 * Names are DNS labels (63 characters at most); anything longer cannot be a
 * typo of one, and comparing it would cost time proportional to its length
 * for every candidate.
 */
export const MAX_SUGGESTED_NAME_LENGTH = 63;

/**
 * Pure: the candidates `name` is probably a typo of, for "did you mean":
 * one contains the other, or they are at most `maxDistance` edits apart.
 * Bounded whatever the input: an over-long name gets no suggestion, and the
 * edit distance is only computed for names of about the same length, and
 * stops as soon as it exceeds `maxDistance`.
 */
export function closeNames(
  name: string,
  candidates: Iterable<string>,
  maxDistance = 2,
): string[] {
  if (!name || name.length > MAX_SUGGESTED_NAME_LENGTH) return [];
  const close: string[] = [];
  for (const candidate of candidates) {
    if (candidate.length > MAX_SUGGESTED_NAME_LENGTH) continue;
    if (
      candidate.includes(name) ||
      name.includes(candidate) ||
      withinDistance(candidate, name, maxDistance)
    )
      close.push(candidate);
  }
  return close;
}

/** Whether the Levenshtein distance of `a` and `b` is at most `max`, giving up as soon as it is not. */
export function withinDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        row[j] + 1,
        next[j - 1] + 1,
        row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      best = Math.min(best, next[j]);
    }
    if (best > max) return false; // every later row is at least this far
    row = next;
  }
  return row[b.length] <= max;
}
