/**
 * Fault injection for a sandbox API server: settable at start and changed at run time.
 *
 * @public
 */
export interface Faults {
  /** Added to every request, in milliseconds. */
  latencyMs: number;
  /** Probability (0..1) that a request of this verb fails with 500. */
  errorRate: Partial<Record<Verb, number>>;
  /** Close every watch after this many milliseconds (0: never). */
  dropWatchesAfterMs: number;
  /**
   * Patch media types answered with 415, as an API server older than
   * server-side apply (Kubernetes < 1.16) or a proxy that strips it would.
   */
  unsupportedPatchTypes: string[];
}

export type Verb =
  | 'get'
  | 'list'
  | 'watch'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete';

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: {},
  dropWatchesAfterMs: 0,
  unsupportedPatchTypes: [],
};
