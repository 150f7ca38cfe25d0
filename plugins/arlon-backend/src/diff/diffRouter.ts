import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  arlonDefinitionReadPermission,
  arlonDiffReadPermission,
  arlonDiffReportWritePermission,
  COMPARE_REQUEST_EXPECTED,
  DIFF_REPORT_FILE,
  compareRequestSchema,
  type CompareResponse,
  DEFAULT_ARLON_OWNER,
  diffReportEnvelopeSchema,
  exportDiffReport,
  parseDiffReportFile,
  type ReportList,
  reportListQuerySchema,
} from '@arlon-backstage/plugin-arlon-common';
import express from 'express';
import Router from 'express-promise-router';
import {
  authorize,
  decideOnDefinitions,
  DEFAULT_LIMITS,
} from '@arlon-backstage/plugin-arlon-node';
import { auditedWrite } from '../actions/auditedWrite';
import { parseRequest } from '../http/parseRequest';
import type { DiffReportStore } from './DiffReportStore';
import { ReportLimits, ReportTooLargeError } from './reportLimits';
import type { DiffService } from './DiffService';

export interface DiffRouterOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  /** Saving, importing and deleting reports are writes: each is audited. */
  auditor: AuditorService;
  diff: DiffService;
  reports: DiffReportStore;
  /** Report size and per-user quota (arlon.limits); the defaults when absent. */
  limits?: ReportLimits;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
}

/**
 * `POST /diff` runs a comparison; `/diff/reports` saves, lists, opens,
 * deletes, exports and imports reports. Reading needs `arlon.diff.read`,
 * and a comparison also `arlon.definition.read` on every definition it
 * reads (conditions included: an every-cluster comparison leaves out the
 * clusters the caller may not read). Saved reports are listed and opened by
 * every `arlon.diff.read` holder, by design, whoever saved them. Saving,
 * importing and deleting need `arlon.diff.report.write`, and a report is
 * deleted only by whoever saved it.
 */
export function diffRouter(options: DiffRouterOptions): express.Router {
  const { httpAuth, permissions, diff, reports } = options;
  const limits: ReportLimits = options.limits ?? DEFAULT_LIMITS;
  const router = Router();
  // Reports of thousands of objects are megabytes, but not unbounded: a body
  // over the limit is refused while it streams in, before it is parsed, and
  // only once the caller may do what the route does.
  const json = express.json({ limit: limits.reportMaxBytes });
  const readBody = (req: express.Request, res: express.Response) =>
    new Promise<void>((resolve, reject) =>
      json(req, res, error =>
        error
          ? reject(
              (error as any)?.type === 'entity.too.large'
                ? new ReportTooLargeError(limits.reportMaxBytes)
                : error,
            )
          : resolve(),
      ),
    );

  const reader = async (req: express.Request, what: string) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    await authorize(permissions, arlonDiffReadPermission, credentials, what);
    return credentials.principal.userEntityRef;
  };
  // Saving, importing and deleting reports are writes: their own permission.
  const writer = async (req: express.Request, what: string) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    await authorize(
      permissions,
      arlonDiffReportWritePermission,
      credentials,
      what,
    );
    return credentials.principal.userEntityRef;
  };

  router.post('/diff', async (req, res) => {
    const what = 'compare definitions and clusters';
    await reader(req, what);
    await readBody(req, res);
    const body = parseRequest(
      compareRequestSchema,
      req.body,
      COMPARE_REQUEST_EXPECTED,
    );
    // Evaluated by the service on the snapshot it compares.
    const read = await decideOnDefinitions(
      permissions,
      arlonDefinitionReadPermission,
      await httpAuth.credentials(req, { allow: ['user'] }),
    );
    read.requireSome(what);
    const report: CompareResponse = await diff.compare(body, {
      read,
      defaultOwner: options.defaultOwner ?? DEFAULT_ARLON_OWNER,
    });
    res.json(report);
  });

  router.get('/diff/reports', async (req, res) => {
    await reader(req, 'read saved diff reports');
    const page = parseRequest(reportListQuerySchema, req.query);
    const list: ReportList = { items: await reports.list(page) };
    res.json(list);
  });

  // Saving a report just computed and importing an exported file are the
  // same write: a file is a report inside the envelope, which import requires.
  const save =
    (asFile: boolean) => async (req: express.Request, res: express.Response) =>
      auditedWrite(
        options.auditor,
        req,
        res,
        { eventId: asFile ? 'diff-report-import' : 'diff-report-save' },
        async () => {
          const user = await writer(req, 'save diff reports');
          await readBody(req, res);
          if (asFile) parseRequest(diffReportEnvelopeSchema, req.body);
          const parsed = parseDiffReportFile({
            ...DIFF_REPORT_FILE,
            ...req.body,
          });
          if ('problems' in parsed)
            throw new InputError(
              `This is not a diff report Arlon exported: ${parsed.problems.join(
                '; ',
              )}`,
            );
          const saved = await reports.save(
            parsed.report,
            user,
            new Date(),
            limits,
          );
          return { status: 201, body: saved, meta: { id: saved.id } };
        },
      );
  router.post('/diff/reports', save(false));
  router.post('/diff/reports/import', save(true));

  const find = async (id: string) => {
    const report = await reports.get(id);
    if (!report) throw new NotFoundError(`There is no saved diff report ${id}`);
    return report;
  };

  router.get('/diff/reports/:id', async (req, res) => {
    await reader(req, 'read saved diff reports');
    res.json(await find(req.params.id));
  });

  router.get('/diff/reports/:id/export', async (req, res) => {
    await reader(req, 'export diff reports');
    const report = await find(req.params.id);
    const file = `${
      report.title.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '') || 'diff'
    }.json`;
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.json(exportDiffReport(report));
  });

  router.delete('/diff/reports/:id', async (req, res) =>
    auditedWrite(
      options.auditor,
      req,
      res,
      { eventId: 'diff-report-delete', meta: { id: req.params.id } },
      async () => {
        const user = await writer(req, 'delete diff reports');
        const report = await find(req.params.id);
        if (report.savedBy !== user)
          throw new NotAllowedError(
            `Only ${report.savedBy}, who saved this report, may delete it`,
          );
        await reports.delete(report.id);
        return { status: 204, body: undefined };
      },
    ),
  );

  return router;
}
