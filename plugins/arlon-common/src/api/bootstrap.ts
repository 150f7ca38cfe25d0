import { z } from 'zod';
import type { VerifyCheck } from '../model/verify';
import type { BootstrapObject } from '../bootstrap/bootstrapObjects';

/**
 * `POST /bootstrap?cluster=&dryRun=`: which management cluster (the first
 * configured when none is named) and whether only to say what would change.
 * Unlike the definition writes, dryRun here is strict: a typo must not
 * apply to a cluster.
 *
 * @public
 */
export interface BootstrapQuery {
  cluster?: string;
  dryRun: boolean;
}
/** @public */
export const bootstrapQuerySchema: z.ZodType<BootstrapQuery, unknown> =
  z.object({
    // A repeated ?cluster= is refused: falling back to the default cluster
    // would apply to a cluster the caller may not have meant.
    cluster: z
      .string({
        error: 'cluster must be one management cluster name, given once',
      })
      .optional(),
    dryRun: z
      .enum(['true', 'false'], { error: 'dryRun must be true or false' })
      .optional()
      .transform(v => v === 'true'),
  });

/**
 * An object bootstrap applied, or left as it was.
 *
 * @public
 */
export interface BootstrapObjectRef {
  kind: string;
  name: string;
  namespace?: string;
}

/**
 * What bootstrap did (would do, on a dry run); a second run applies nothing.
 *
 * @public
 */
export interface BootstrapResponse {
  managementCluster: string;
  dryRun: boolean;
  checks: VerifyCheck[];
  applied: BootstrapObjectRef[];
  unchanged: BootstrapObjectRef[];
  /** On a dry run: exactly what would be applied, Secret values redacted. */
  objects?: BootstrapObject[];
}
