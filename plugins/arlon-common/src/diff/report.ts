import { z } from 'zod';
import type { DiffSummary, ObjectDiff } from './diffObjects';
import { unmaskedSecrets } from './unmaskedSecrets';

/** One side of a comparison: a definition in Git, or a cluster's live state. */
export type DiffTarget =
  | { kind: 'bundle'; name: string }
  | { kind: 'profile'; name: string }
  | { kind: 'cluster'; name: string }
  /** Every cluster of the fleet, each compared on its own. */
  | { kind: 'allClusters' }
  /** `arlon diff` only: manifests in a file or directory… */
  | { kind: 'files'; name: string }
  /** …or a live cluster named by a kubeconfig context. */
  | { kind: 'context'; name: string };

/**
 * How a section was computed: an API server's dry-run apply (exact), a
 * client-side three-way comparison with live, or two sets of objects that
 * are both complete (definitions, or live against live).
 */
export type DiffMethod = 'server-side-dry-run' | 'client-side' | 'exact';

/** One comparison; a report has several when one side is every cluster. */
export interface DiffSection {
  title: string;
  /** The cluster this section's live state came from, if any. */
  cluster?: string;
  method: DiffMethod;
  /** What the reader should know: fallbacks, unrendered bundles, missing kinds. */
  notes: string[];
  /** Set when this section could not be computed (a cluster unreachable…). */
  error?: string;
  summary: DiffSummary;
  objects: ObjectDiff[];
}

/** The result of a comparison, as shown, saved, exported and imported. */
export interface DiffReport {
  title: string;
  left: DiffTarget;
  right: DiffTarget;
  /** ISO time the comparison ran. */
  createdAt: string;
  summary: DiffSummary;
  sections: DiffSection[];
}

/** A saved report: what was compared plus who saved it and when. */
export interface SavedDiffReport extends DiffReport {
  id: string;
  savedBy: string;
  savedAt: string;
}

/** The list view of saved reports. */
export type SavedDiffReportSummary = Omit<SavedDiffReport, 'sections'>;

/** The envelope of an exported report file. */
export const DIFF_REPORT_FILE = {
  apiVersion: 'arlon.io/v1',
  kind: 'DiffReport',
} as const;

const target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bundle'), name: z.string().min(1) }),
  z.object({ kind: z.literal('profile'), name: z.string().min(1) }),
  z.object({ kind: z.literal('cluster'), name: z.string().min(1) }),
  z.object({ kind: z.literal('allClusters') }),
  z.object({ kind: z.literal('files'), name: z.string().min(1) }),
  z.object({ kind: z.literal('context'), name: z.string().min(1) }),
]);
export const diffTargetSchema = target;

const summary = z.object({
  create: z.number().int().min(0),
  update: z.number().int().min(0),
  delete: z.number().int().min(0),
  unchanged: z.number().int().min(0),
});

const objectDiff = z.object({
  key: z.string(),
  group: z.string(),
  kind: z.string(),
  namespace: z.string().optional(),
  name: z.string(),
  bundle: z.string().optional(),
  // An enum-like object, not a list: the declaration file then keeps this
  // order (a list's union is printed in the checker's order, which flaps).
  action: z.enum({
    create: 'create',
    update: 'update',
    delete: 'delete',
    unchanged: 'unchanged',
  }),
  changes: z.array(
    z.object({
      path: z.string(),
      kind: z.enum({ added: 'added', changed: 'changed', removed: 'removed' }),
      from: z.unknown().optional(),
      to: z.unknown().optional(),
    }),
  ),
  unified: z.string(),
});

/** What an exported file must hold to be imported (unknown fields are dropped). */
export const diffReportFileSchema = z.object({
  apiVersion: z.literal(DIFF_REPORT_FILE.apiVersion),
  kind: z.literal(DIFF_REPORT_FILE.kind),
  title: z.string().min(1).max(200),
  left: target,
  right: target,
  createdAt: z.string(),
  summary,
  sections: z.array(
    z.object({
      title: z.string(),
      cluster: z.string().optional(),
      method: z.enum({
        'server-side-dry-run': 'server-side-dry-run',
        'client-side': 'client-side',
        exact: 'exact',
      }),
      notes: z.array(z.string()),
      error: z.string().optional(),
      summary,
      objects: z.array(objectDiff),
    }),
  ),
});

/** A report as an exported file: the envelope, then the report without its storage fields. */
export function exportDiffReport(report: DiffReport) {
  const { title, left, right, createdAt, summary: s, sections } = report;
  return {
    ...DIFF_REPORT_FILE,
    title,
    left,
    right,
    createdAt,
    summary: s,
    sections,
  };
}

/**
 * Reads an exported file back into a report, or says what is wrong with it
 * and where; a Secret value shown unmasked is wrong (Arlon never exports one).
 */
export function parseDiffReportFile(
  value: unknown,
): { report: DiffReport } | { problems: string[] } {
  const result = diffReportFileSchema.safeParse(value);
  if (!result.success)
    return {
      problems: result.error.issues.map(
        i => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`,
      ),
    };
  const { apiVersion: _a, kind: _k, ...report } = result.data;
  const unmasked = unmaskedSecrets(report as DiffReport);
  if (unmasked.length) return { problems: unmasked };
  return { report: report as DiffReport };
}

/** A short text for a target: `bundle web`, `cluster dev-1`, `every cluster`. */
export function describeTarget(t: DiffTarget): string {
  return t.kind === 'allClusters' ? 'every cluster' : `${t.kind} ${t.name}`;
}

/** What the portal compares: definitions in the fleet repository and its clusters. */
export type PortalDiffTarget = Extract<
  DiffTarget,
  { kind: 'bundle' | 'profile' | 'cluster' | 'allClusters' }
>;

/** The targets the portal compares (the others come from `arlon diff`). */
export const portalTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bundle'), name: z.string().min(1) }),
  z.object({ kind: z.literal('profile'), name: z.string().min(1) }),
  z.object({ kind: z.literal('cluster'), name: z.string().min(1) }),
  z.object({ kind: z.literal('allClusters') }),
]);
