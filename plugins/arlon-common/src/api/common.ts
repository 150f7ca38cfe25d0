import { z } from 'zod';

/**
 * `?dryRun=true` on a write: only the text `true` asks for a dry run, as
 * the routes have always read it; anything else (absent, `1`, `yes`) is a
 * real write.
 *
 * @public
 */
export const dryRunFlagSchema: z.ZodType<boolean, unknown> = z
  .unknown()
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
