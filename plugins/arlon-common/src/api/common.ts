import { z } from 'zod';

/**
 * `?dryRun=true` on a write previews it, `false` or no dryRun writes.
 * Anything else (`1`, `yes`, a repeated dryRun) is refused: reading it as a
 * real write would commit what the caller meant only to preview.
 *
 * @public
 */
export const dryRunFlagSchema: z.ZodType<boolean, unknown> = z
  .enum(['true', 'false'], { error: 'dryRun must be true or false' })
  .optional()
  .transform(value => value === 'true');

/**
 * A write's query: `?dryRun=true` previews it.
 *
 * @public
 */
export interface WriteQuery {
  dryRun: boolean;
}
/** @public */
export const writeQuerySchema: z.ZodType<WriteQuery, unknown> = z.object({
  dryRun: dryRunFlagSchema,
});

/**
 * How a commit changed one file of the fleet repository.
 *
 * @public
 */
export interface FileChange {
  path: string;
  action: string;
}
/** @public */
export const fileChangeSchema: z.ZodType<FileChange> = z.object({
  path: z.string(),
  action: z.string(),
});

/**
 * The pull request a write opened, when the repository takes changes by review.
 *
 * @public
 */
export interface PullRequestRef {
  url: string;
  /** The branch that carries the commit. */
  branch?: string;
}
// Loose: the Git host's other fields (its number, say) pass through as sent.
/** @public */
export const pullRequestRefSchema: z.ZodType<PullRequestRef> = z.looseObject({
  url: z.string(),
  branch: z.string().optional(),
});
