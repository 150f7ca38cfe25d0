import { z } from 'zod';
import type { ArlonKind } from '../model/types';
import type { DefinitionWithStatus } from '../model/clusterStatus';
import { definitionNameProblem, InvalidNameError } from '../model/names';
import {
  type FileChange,
  fileChangeSchema,
  type PullRequestRef,
  pullRequestRefSchema,
} from './common';

/**
 * The REST API's URL segment of each kind: `/bundles`, `/profiles/:name`, …
 *
 * @public
 */
export type KindSegment = 'bundles' | 'profiles' | 'clusterspecs' | 'clusters';
/** @public */
export const KIND_SEGMENTS: readonly KindSegment[] = [
  'bundles',
  'profiles',
  'clusterspecs',
  'clusters',
];
/** @public */
export const DEFINITION_KIND_BY_SEGMENT: Readonly<
  Record<KindSegment, ArlonKind>
> = {
  bundles: 'Bundle',
  profiles: 'Profile',
  clusterspecs: 'ClusterSpec',
  clusters: 'Cluster',
};
/**
 * Each kind's URL segment: where a definition of it is read and written.
 *
 * @public
 */
export const SEGMENT_BY_KIND: Readonly<Record<ArlonKind, KindSegment>> = {
  Bundle: 'bundles',
  Profile: 'profiles',
  ClusterSpec: 'clusterspecs',
  Cluster: 'clusters',
};
/** @public */
export const kindSegmentSchema: z.ZodType<KindSegment> = z.enum(
  KIND_SEGMENTS as [KindSegment, ...KindSegment[]],
  {
    error:
      'Unknown collection; use bundles, profiles, clusterspecs or clusters',
  },
);

/**
 * A definition name from input (the URL's `:name`, a body's
 * metadata.name): its message is InvalidNameError's, which names the field
 * and shows the value cut short, so REST and the core refuse alike.
 *
 * @public
 */
export function definitionNameSchema(
  field: string,
): z.ZodType<string, unknown> {
  return z.unknown().transform((value, ctx) => {
    const problem = definitionNameProblem(value);
    if (!problem) return value as string;
    ctx.addIssue({
      code: 'custom',
      message: new InvalidNameError(field, value, problem).message,
    });
    return z.NEVER;
  });
}

/**
 * Who a definition body says it is: read only to match it with the URL.
 *
 * @public
 */
export interface DefinitionIdentity {
  kind?: unknown;
  metadata?: { name?: string };
  [key: string]: unknown;
}

/**
 * The identity of a definition body (JSON, or YAML read as data) written
 * through `/:kind` or `/:kind/:name`: its kind and name must match the URL,
 * so a request cannot write somewhere it did not say. Anything else in the
 * body is for validation to judge, with its lines and fields.
 *
 * @public
 */
export function definitionIdentitySchema(
  kind: ArlonKind,
  urlName?: string,
): z.ZodType<DefinitionIdentity, unknown> {
  return z.custom<DefinitionIdentity>().superRefine(matchesUrl(kind, urlName));
}

/** A body's kind as text: a mapping or list is named, not stringified (its toString may be anything). */
function kindText(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'list' : 'mapping';
}

function matchesUrl(kind: ArlonKind, urlName: string | undefined) {
  return (value: DefinitionIdentity, ctx: z.RefinementCtx) => {
    if (!value || typeof value !== 'object') return;
    if (value.kind !== undefined && value.kind !== kind) {
      ctx.addIssue({
        code: 'custom',
        message: `The body is a ${kindText(
          value.kind,
        )}, but the URL is for a ${kind}`,
      });
      return;
    }
    const metadata = value.metadata as { name?: unknown } | undefined;
    const bodyName = metadata?.name;
    if (bodyName === undefined) return;
    const problem = definitionNameProblem(bodyName);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['metadata', 'name'],
        message: new InvalidNameError('metadata.name', bodyName, problem)
          .message,
      });
      return;
    }
    if (urlName !== undefined && bodyName !== urlName)
      ctx.addIssue({
        code: 'custom',
        message: `The body names "${bodyName}", but the URL names "${urlName}"`,
      });
  };
}

/**
 * A definition sent as JSON (`POST /:kind`, `PUT /:kind/:name`): an object
 * with something in it, whose identity matches the URL. YAML text is read
 * into data first, then judged by definitionIdentitySchema.
 *
 * @public
 */
export function definitionJsonBodySchema(
  kind: ArlonKind,
  urlName?: string,
): z.ZodType<DefinitionIdentity, unknown> {
  const send = `Send a ${kind} definition as application/yaml or application/json`;
  return z
    .custom<DefinitionIdentity>(
      v => !!v && typeof v === 'object' && Object.keys(v).length > 0,
      { error: send },
    )
    .superRefine(matchesUrl(kind, urlName));
}

/**
 * `GET /:kind`: the definitions the caller may read, at one commit.
 *
 * @public
 */
export interface DefinitionList {
  commit: string;
  items: DefinitionWithStatus[];
}

/**
 * `GET /:kind/:name`: one definition (a cluster with its live status).
 *
 * @public
 */
export type DefinitionResponse = DefinitionWithStatus;

/**
 * One file of a write; a dry run shows the content it would write.
 *
 * @public
 */
export interface DefinitionFileChange extends FileChange {
  content?: string;
}

/**
 * `POST /:kind`, `PUT` and `DELETE /:kind/:name`: the commit (none on a dry run).
 *
 * @public
 */
export interface DefinitionWriteResult {
  dryRun: boolean;
  commit?: string;
  parent?: string;
  pullRequest?: PullRequestRef;
  files: DefinitionFileChange[];
}
/** @public */
export const definitionWriteResultSchema: z.ZodType<DefinitionWriteResult> =
  z.object({
    dryRun: z.boolean(),
    commit: z.string().optional(),
    parent: z.string().optional(),
    pullRequest: pullRequestRefSchema.optional(),
    files: z.array(
      z.object({
        path: z.string(),
        action: z.string(),
        content: z.string().optional(),
      }),
    ),
  });

/**
 * `POST /regenerate`: the generated tree recompiled as one commit (none when current).
 *
 * @public
 */
export interface RegenerateResult {
  commit?: string;
  parent?: string;
  pullRequest?: PullRequestRef;
  files: FileChange[];
}
/** @public */
export const regenerateResultSchema: z.ZodType<RegenerateResult> = z.object({
  commit: z.string().optional(),
  parent: z.string().optional(),
  pullRequest: pullRequestRefSchema.optional(),
  files: z.array(fileChangeSchema),
});
