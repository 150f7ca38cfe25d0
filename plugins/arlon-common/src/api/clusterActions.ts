import { z } from 'zod';
import type { ClusterDeletion } from '../model/clusterDeletion';
import {
  type FileChange,
  fileChangeSchema,
  type PullRequestRef,
  pullRequestRefSchema,
} from './common';

// The routes' messages, word for word: clients and tests read them.
const PROFILES = 'Send "profiles": a non-empty list of profile names';
const TARGETS =
  'Send either "clusters" (a list of names) or "selector" (a label selector such as env=prod), not both';
const IMPORT_NAME = 'Send "name": the name the cluster gets in the fleet';
const IMPORT_SOURCE =
  'Send either "kubeconfig" (YAML text) or "argocdCluster" (a cluster ArgoCD already knows)';
const IMPORT_PROFILES = '"profiles" must be a list of profile names';
const MANAGEMENT_CLUSTER =
  '"managementCluster" must be the name of a management cluster (arlon.managementClusters)';
const UNREGISTER_KUBECONFIG =
  '"kubeconfig" must be YAML text (optional: an admin kubeconfig of the cluster, used once to remove ArgoCD\'s account there)';

/**
 * `POST /profiles/apply` and `/profiles/remove`.
 *
 * @public
 */
export type ProfileAssignmentMode = 'apply' | 'remove';

/**
 * `POST /profiles/{apply,remove}`: profiles for clusters named one by one
 * or chosen by a label selector (one of the two). The selector's length
 * (1 KB) is checked where it is parsed, with the matcher's own message.
 *
 * @public
 */
export interface ProfileAssignmentRequest {
  profiles: string[];
  clusters?: string[];
  selector?: string;
}
/** @public */
export const profileAssignmentRequestSchema: z.ZodType<
  ProfileAssignmentRequest,
  unknown
> = z
  .object({
    profiles: z
      .array(z.string({ error: PROFILES }), { error: PROFILES })
      .min(1, { error: PROFILES }),
    clusters: z
      .array(z.string({ error: TARGETS }), { error: TARGETS })
      .optional(),
    selector: z.string({ error: TARGETS }).optional(),
  })
  .refine(b => (b.clusters === undefined) !== (b.selector === undefined), {
    error: TARGETS,
  });

/**
 * What a profile assignment changed (would change, on a dry run).
 *
 * @public
 */
export interface ProfileAssignmentResult {
  clusters: string[];
  commit?: string;
  pullRequest?: PullRequestRef;
  files: FileChange[];
}
/** @public */
export const profileAssignmentResultSchema: z.ZodType<ProfileAssignmentResult> =
  z.object({
    clusters: z.array(z.string()),
    commit: z.string().optional(),
    pullRequest: pullRequestRefSchema.optional(),
    files: z.array(fileChangeSchema),
  });

/**
 * `POST /clusters/import`: an external cluster joins the fleet from a
 * kubeconfig (used once, never stored) or a cluster ArgoCD already knows.
 * The name's format is checked by the import itself.
 *
 * @public
 */
export interface ClusterImportRequest {
  name: string;
  kubeconfig?: string;
  argocdCluster?: string;
  profiles: string[];
  managementCluster?: string;
}
/** @public */
export const clusterImportRequestSchema: z.ZodType<
  ClusterImportRequest,
  unknown
> = z
  .object({
    name: z.string({ error: IMPORT_NAME }).min(1, { error: IMPORT_NAME }),
    kubeconfig: z.string({ error: IMPORT_SOURCE }).optional(),
    argocdCluster: z.string({ error: IMPORT_SOURCE }).optional(),
    profiles: z
      .array(z.string({ error: IMPORT_PROFILES }), { error: IMPORT_PROFILES })
      .default([]),
    managementCluster: z.string({ error: MANAGEMENT_CLUSTER }).optional(),
  })
  // Empty text is no source: exactly one of the two must say something.
  .refine(b => !b.kubeconfig !== !b.argocdCluster, { error: IMPORT_SOURCE });

/**
 * The imported cluster (201): its API server as ArgoCD reaches it, and the commit.
 *
 * @public
 */
export interface ClusterImportResult {
  name: string;
  server: string;
  commit?: string;
  pullRequest?: PullRequestRef;
}
/** @public */
export const clusterImportResultSchema: z.ZodType<ClusterImportResult> =
  z.object({
    name: z.string(),
    server: z.string(),
    commit: z.string().optional(),
    pullRequest: pullRequestRefSchema.optional(),
  });

/**
 * `POST /clusters/:name/unregister`: optionally an admin kubeconfig of the
 * cluster, used once to remove ArgoCD's account there.
 *
 * @public
 */
export interface ClusterUnregisterRequest {
  kubeconfig?: string;
}
/** @public */
export const clusterUnregisterRequestSchema: z.ZodType<
  ClusterUnregisterRequest,
  unknown
> = z.object({
  kubeconfig: z.string({ error: UNREGISTER_KUBECONFIG }).optional(),
});

/**
 * `POST /clusters/:name/{sync,refresh,update}`: what happens to the cluster's ArgoCD applications.
 *
 * @public
 */
export type ClusterApplicationsAction = 'sync' | 'refresh' | 'update';
/** @public */
export const clusterApplicationsActionSchema: z.ZodType<ClusterApplicationsAction> =
  z.enum(['sync', 'refresh', 'update']);

/**
 * The applications an action patched (for `update`, only those out of sync).
 *
 * @public
 */
export interface ClusterApplicationsResult {
  cluster: string;
  action: ClusterApplicationsAction;
  applications: string[];
}
/** @public */
export const clusterApplicationsResultSchema: z.ZodType<ClusterApplicationsResult> =
  z.object({
    cluster: z.string(),
    action: clusterApplicationsActionSchema,
    applications: z.array(z.string()),
  });

/**
 * `DELETE /clusters/:name` deletes a built cluster; `POST …/unregister` lets an external one go.
 *
 * @public
 */
export type ClusterRemovalAction = 'delete' | 'unregister';

/**
 * What deleting or unregistering a cluster will remove (`?dryRun=true`).
 *
 * @public
 */
export interface ClusterRemovalPreview {
  dryRun?: true;
  cluster: string;
  external: boolean;
  bundleApplications: string[];
  clusterObjects: Array<{ kind: string; name: string }>;
  registration?: { managementCluster: string; secret: string };
  files: FileChange[];
}
/** @public */
export const clusterRemovalPreviewSchema: z.ZodType<ClusterRemovalPreview> =
  z.object({
    dryRun: z.literal(true).optional(),
    cluster: z.string(),
    external: z.boolean(),
    bundleApplications: z.array(z.string()),
    clusterObjects: z.array(z.object({ kind: z.string(), name: z.string() })),
    registration: z
      .object({ managementCluster: z.string(), secret: z.string() })
      .optional(),
    files: z.array(fileChangeSchema),
  });

/**
 * A deletion or unregistration: done (200, its commit), or still removing
 * bundles in the background (202, a message such as "deleting: removing
 * bundles (2 left)"). Unregister also says what it removed from the
 * cluster (`revoked`) and what it could not (`left`).
 *
 * @public
 */
export interface ClusterRemovalOutcome {
  dryRun?: false;
  cluster?: string;
  action?: ClusterRemovalAction;
  commit?: string;
  parent?: string;
  pullRequest?: PullRequestRef;
  files?: FileChange[];
  revoked?: string[];
  left?: string[];
  /** Present while it goes on in the background. */
  message?: string;
  /** The cluster's deletion status while it goes on (null when not known yet). */
  deletion?: ClusterDeletion | null;
}
/** @public */
export const clusterRemovalOutcomeSchema: z.ZodType<ClusterRemovalOutcome> =
  z.object({
    dryRun: z.literal(false).optional(),
    cluster: z.string().optional(),
    action: z.enum(['delete', 'unregister']).optional(),
    commit: z.string().optional(),
    parent: z.string().optional(),
    pullRequest: pullRequestRefSchema.optional(),
    files: z.array(fileChangeSchema).optional(),
    revoked: z.array(z.string()).optional(),
    left: z.array(z.string()).optional(),
    message: z.string().optional(),
    // Shown, not parsed: its shape is the status model's (ClusterDeletion).
    deletion: z.custom<ClusterDeletion | null>().optional(),
  });
