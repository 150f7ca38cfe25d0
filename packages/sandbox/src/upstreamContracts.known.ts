/**
 * Provider/type combinations (`provider/type@capiVersion`) and example fleet
 * files that still render objects a real management cluster would reject or
 * prune, with each violation. upstreamContracts.test.ts asserts these still
 * fail exactly so: fix the compiler, then remove what it says is fixed.
 */
export const KNOWN_UPSTREAM_VIOLATIONS: Record<string, string[]> = {};
