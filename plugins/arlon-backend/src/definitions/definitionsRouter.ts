import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import { auditedWrite, authorOf } from '../actions/auditedWrite';
import {
  authorize,
  decideOnDefinitions,
} from '@arlon-backstage/plugin-arlon-node';
import {
  arlonDefinitionReadPermission,
  arlonFleetAdminPermission,
  arlonResourceOfView,
  DEFAULT_ARLON_OWNER,
  type DefinitionWriteResult,
  writeQuerySchema,
} from '@arlon-backstage/plugin-arlon-common';
import express from 'express';
import Router from 'express-promise-router';
import {
  ClusterOperations,
  DefinitionWrites,
  deleteCluster,
  FleetDefinitions,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';
import { clusterRemovalRoute } from './clusterRemovalRoute';
import type { FleetStatus } from '../status/FleetStatus';
import { KIND_BY_SEGMENT, WriteOp } from './kinds';
import { authorizeWrite, WriteToAuthorize } from './authorizeWrite';
import { parseDefinitionBody } from './parseDefinitionBody';
import { parseRequest } from '../http/parseRequest';
import { addEditorRoutes } from './editor/editorRoutes';
import { allChecks, ifMatchCheck } from './editor/ifMatch';

export interface DefinitionsRouterOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  auditor: AuditorService;
  definitions: FleetDefinitions;
  status?: FleetStatus;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
  /** Where clusters' bundles are removed before a cluster is deleted. */
  managementClusters?: ManagementClusters;
  /** Deletions under way in this process (shared with unregister). */
  clusterOperations?: ClusterOperations;
}

/** Largest definition body accepted; a definition is a few KB, a fleet's worth is never one request. */
export const BODY_LIMIT = '256kb';

/**
 * `/:kind` and `/:kind/:name` for bundles, profiles, clusterspecs and
 * clusters: list and get; create, update and delete with `?dryRun=true`.
 */
export function definitionsRouter(
  options: DefinitionsRouterOptions,
): express.Router {
  const { httpAuth, permissions, auditor, definitions, status } = options;
  const defaultOwner = options.defaultOwner ?? DEFAULT_ARLON_OWNER;
  // The same create, update and delete the software templates' actions call.
  const writes = new DefinitionWrites(definitions);
  /** Every read: a flat denial is a 403; conditions (e.g. owner) filter. */
  const reader = async (req: express.Request, what: string) => {
    const decision = await decideOnDefinitions(
      permissions,
      arlonDefinitionReadPermission,
      await httpAuth.credentials(req),
    );
    decision.requireSome(what);
    return decision;
  };
  // Clusters carry their live status beside their definition; a listing
  // reads the informers once for all of them (FleetStatus.lookup).
  const withStatus =
    (statusOf = (name: string) => status?.of(name)) =>
    <T extends { kind: string; name: string }>(view: T) =>
      view.kind === 'Cluster' && status
        ? { ...view, status: statusOf(view.name) ?? null }
        : view;
  const router = Router();
  router.use(
    express.text({
      type: [
        'application/yaml',
        'application/x-yaml',
        'text/yaml',
        'text/plain',
      ],
      limit: BODY_LIMIT,
    }),
  );

  // The portal's YAML editor: a definition's source and the check of an edit.
  addEditorRoutes(router, { httpAuth, permissions, definitions, defaultOwner });

  const kindOf = (segment: string) => {
    const kind = KIND_BY_SEGMENT[segment];
    if (!kind)
      throw new NotFoundError(
        `Unknown collection "${segment}"; use bundles, profiles, clusterspecs or clusters`,
      );
    return kind;
  };

  router.get(
    '/:kind(bundles|profiles|clusterspecs|clusters)',
    async (req, res) => {
      const kind = kindOf(req.params.kind);
      const read = await reader(req, `read ${kind} definitions`);
      const { commit, items } = await definitions.list(kind);
      res.json({
        commit,
        items: items
          .filter(v => read.allows(arlonResourceOfView(v, defaultOwner)))
          .map(withStatus(kind === 'Cluster' ? status?.lookup() : undefined)),
      });
    },
  );

  router.get(
    '/:kind(bundles|profiles|clusterspecs|clusters)/:name',
    async (req, res) => {
      const kind = kindOf(req.params.kind);
      const read = await reader(req, `read ${kind} definitions`);
      const view = await definitions.get(kind, req.params.name);
      read.require(
        [arlonResourceOfView(view, defaultOwner)],
        'read this definition',
      );
      res.json(withStatus()(view));
    },
  );

  const write =
    (op: WriteOp) => async (req: express.Request, res: express.Response) => {
      const kind = kindOf(req.params.kind);
      const credentials = await httpAuth.credentials(req, { allow: ['user'] });
      const { dryRun } = parseRequest(writeQuerySchema, req.query);
      await auditedWrite(
        auditor,
        req,
        res,
        {
          eventId: 'definition-write',
          severityLevel: op === 'delete' ? 'high' : 'medium',
          meta: { op, kind, name: req.params.name ?? null, dryRun },
        },
        async () => {
          // Permission first: a caller who may not write learns nothing from the body.
          const toAuthorize: WriteToAuthorize = {
            op,
            kind,
            name: req.params.name ?? '',
          };
          const check = await authorizeWrite(
            permissions,
            credentials,
            toAuthorize,
            defaultOwner,
          );
          const body =
            op === 'delete'
              ? { yaml: undefined, name: req.params.name, value: undefined }
              : parseDefinitionBody(req, kind, req.params.name);
          if (!body.name)
            throw new InputError('The definition has no metadata.name');
          toAuthorize.next = body.value;
          // The editor's If-Match: a change committed to the file meanwhile is a 409, not overwritten.
          const unchanged =
            op === 'update' ? ifMatchCheck(req, kind, body.name) : undefined;
          const result = await writes.write(op, kind, body.name, body.yaml, {
            message: `${capitalise(op)} ${kind} ${body.name}\n\nRequested by ${
              credentials.principal.userEntityRef
            } through Arlon for Backstage.`,
            author: authorOf(credentials),
            dryRun,
            check: allChecks(check, unchanged),
          });
          const answer: DefinitionWriteResult = {
            dryRun,
            commit: result.commit,
            parent: result.parent,
            pullRequest: result.pullRequest,
            // A dry run shows exactly what would be written; a real one says what was.
            files: result.files.map(f =>
              dryRun ? f : { path: f.path, action: f.action },
            ),
          };
          return {
            status: op === 'create' && !dryRun ? 201 : 200,
            meta: { commit: result.commit ?? null, files: result.files.length },
            body: answer,
          };
        },
      );
    };

  // Recompiles the generated tree from the definitions (after hand edits in Git,
  // or a new compiler), as one commit; nothing when it is already current.
  router.post('/regenerate', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    await auditedWrite(
      auditor,
      req,
      res,
      { eventId: 'regenerate' },
      async () => {
        await authorize(
          permissions,
          arlonFleetAdminPermission,
          credentials,
          'regenerate the generated tree',
        );
        const result = await definitions.change(
          {
            message: `Regenerate the generated tree\n\nRequested by ${credentials.principal.userEntityRef} through Arlon for Backstage.`,
            author: authorOf(credentials),
            dryRun: parseRequest(writeQuerySchema, req.query).dryRun,
          },
          () => [],
        );
        return {
          meta: { commit: result.commit ?? null, files: result.files.length },
          body: {
            commit: result.commit,
            parent: result.parent,
            pullRequest: result.pullRequest,
            files: result.files.map(f => ({ path: f.path, action: f.action })),
          },
        };
      },
    );
  });

  router.post(
    '/:kind(bundles|profiles|clusterspecs|clusters)',
    write('create'),
  );
  router.put(
    '/:kind(bundles|profiles|clusterspecs|clusters)/:name',
    write('update'),
  );
  // A cluster goes in order, bundles first (deleteCluster); other kinds are one commit.
  router.delete(
    '/clusters/:name',
    clusterRemovalRoute(
      {
        ...options,
        defaultOwner,
        operations: options.clusterOperations ?? new ClusterOperations(),
      },
      'delete',
      deleteCluster,
    ),
  );
  router.delete(
    '/:kind(bundles|profiles|clusterspecs|clusters)/:name',
    write('delete'),
  );
  return router;
}

function capitalise(s: string) {
  return s[0].toUpperCase() + s.slice(1);
}
