import { RE2JS } from 're2js';

/** Distinct patterns kept compiled; past this the cache starts again (CRDs created through the API add patterns). */
const MAX_CACHED_PATTERNS = 1000;
const patterns = new Map<string, RE2JS | null>();

/**
 * CRD patterns are Go RE2, matched unanchored as the API server does. RE2's
 * matcher runs in linear time, so a CRD with a pattern such as `^(a+)+$`
 * cannot stall the event loop as a backtracking RegExp would, and RE2-only
 * syntax (`(?i)`) means what it means upstream. Null for a pattern RE2
 * cannot parse (the API server refuses such a CRD). Compiled once for the
 * CRD check and validation alike: the upstream CRDs repeat a few dozen
 * patterns hundreds of times.
 */
export function compiledPattern(pattern: string): RE2JS | null {
  if (!patterns.has(pattern)) {
    if (patterns.size >= MAX_CACHED_PATTERNS) patterns.clear();
    try {
      patterns.set(pattern, RE2JS.compile(pattern));
    } catch {
      patterns.set(pattern, null);
    }
  }
  return patterns.get(pattern)!;
}
