import { z } from 'zod';
import {
  DIFF_REPORT_FILE,
  type DiffReport,
  type PortalDiffTarget,
  portalTargetSchema,
  type SavedDiffReportSummary,
} from '../diff/report';

/**
 * `POST /diff`: what to compare. Definitions against definitions, a
 * definition against a cluster (a pre-flight, either way round) or every
 * cluster, and cluster against cluster.
 *
 * @public
 */
export interface CompareRequest {
  left: PortalDiffTarget;
  right: PortalDiffTarget;
  /** For cluster against cluster: only this bundle's objects. */
  bundle?: string;
  /** Pre-flight with a server-side dry-run apply when the cluster allows it (default true). */
  serverSide?: boolean;
}
/** @public */
export const compareRequestSchema: z.ZodType<CompareRequest, unknown> =
  z.object({
    left: portalTargetSchema,
    right: portalTargetSchema,
    bundle: z.string().min(1).optional(),
    serverSide: z.boolean().optional(),
  });
/**
 * What a comparison's 400 says it expected, before the fields' problems.
 *
 * @public
 */
export const COMPARE_REQUEST_EXPECTED =
  'Expected { left, right } naming a bundle, profile or cluster';

/**
 * `POST /diff` answers a report; `POST /diff/reports` saves one as sent.
 *
 * @public
 */
export type CompareResponse = DiffReport;

/**
 * How many saved reports one page lists at most.
 *
 * @public
 */
export const MAX_REPORTS_PAGE = 500;

/**
 * `GET /diff/reports?limit=&offset=`: a page of the saved reports, newest first.
 *
 * @public
 */
export interface ReportListQuery {
  limit: number;
  offset: number;
}
/** A whole number as text, or the fallback: a page query never fails a listing. */
const count = (fallback: number) =>
  z
    .unknown()
    .optional()
    .transform(v =>
      typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : fallback,
    );
/** @public */
export const reportListQuerySchema: z.ZodType<ReportListQuery, unknown> =
  z.object({
    limit: count(100).transform(n => Math.min(n, MAX_REPORTS_PAGE)),
    offset: count(0),
  });

/**
 * `GET /diff/reports`: the summaries (no sections).
 *
 * @public
 */
export interface ReportList {
  items: SavedDiffReportSummary[];
}

/**
 * `POST /diff/reports/import`: a file Arlon exported, recognised by its
 * envelope before its report is read (parseDiffReportFile judges the rest).
 *
 * @public
 */
export interface DiffReportEnvelope {
  apiVersion: typeof DIFF_REPORT_FILE.apiVersion;
  kind: typeof DIFF_REPORT_FILE.kind;
  [field: string]: unknown;
}
const NOT_A_REPORT = `The file is not an exported diff report: expected apiVersion ${DIFF_REPORT_FILE.apiVersion} and kind ${DIFF_REPORT_FILE.kind}`;
/** @public */
export const diffReportEnvelopeSchema: z.ZodType<DiffReportEnvelope, unknown> =
  z.custom<DiffReportEnvelope>(
    v =>
      !!v &&
      typeof v === 'object' &&
      (v as DiffReportEnvelope).apiVersion === DIFF_REPORT_FILE.apiVersion &&
      (v as DiffReportEnvelope).kind === DIFF_REPORT_FILE.kind,
    { error: NOT_A_REPORT },
  );
