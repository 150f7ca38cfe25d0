import type fc from 'fast-check';

/**
 * How many cases each property runs. The normal test command runs a small
 * fixed number with a fixed seed (reproducible, seconds); `yarn fuzz` sets
 * ARLON_FUZZ_RUNS to run each property that many times (docs/testing.md).
 * ARLON_FUZZ_SEED replays another seed, e.g. the one a failure printed.
 */
const LONG_RUNS = Number(process.env.ARLON_FUZZ_RUNS) || undefined;
const SEED = Number(process.env.ARLON_FUZZ_SEED) || 20260621;

/** Whether this is the long run (`yarn fuzz`). */
export const FUZZ_LONG = LONG_RUNS !== undefined;

/** fast-check parameters: `normal` runs with the fixed seed, or ARLON_FUZZ_RUNS. */
export function fuzzParameters<T>(normal: number): fc.Parameters<T> {
  return {
    seed: SEED,
    numRuns: LONG_RUNS ?? normal,
    // A shrunk counterexample is what a failure report needs; keep it bounded.
    endOnFailure: false,
    interruptAfterTimeLimit: undefined,
  };
}

/** A jest timeout for one property: `normal` ms, or no practical limit in the long run. */
export function fuzzTimeout(normal: number): number {
  return FUZZ_LONG ? 24 * 60 * 60 * 1000 : normal;
}
