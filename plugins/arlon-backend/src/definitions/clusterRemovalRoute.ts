import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  definitionNameSchema,
  describeClusterDeletion,
  writeQuerySchema,
} from '@arlon-backstage/plugin-arlon-common';
import {
  ClusterOperations,
  ClusterRemovalRequest,
  FleetChangeResult,
  FleetDefinitions,
  ManagementClusters,
  planClusterRemoval,
} from '@arlon-backstage/plugin-arlon-node';
import type express from 'express';
import { auditedWrite, authorOf } from '../actions/auditedWrite';
import type { FleetStatus } from '../status/FleetStatus';
import { parseRequest } from '../http/parseRequest';
import { authorizeWrite } from './authorizeWrite';

export interface ClusterRemovalRouteOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  auditor: AuditorService;
  definitions: FleetDefinitions;
  managementClusters?: ManagementClusters;
  status?: FleetStatus;
  operations: ClusterOperations;
  defaultOwner: string;
  /** How long a request waits for the operation before answering 202 (default 5 s). */
  waitMs?: number;
  /** How long the cluster's bundles may take to go (default 10 minutes). */
  bundleTimeoutMs?: number;
}

/**
 * The REST adapter of deleting or unregistering a cluster (the operation
 * lives in arlon-node): the permission `arlon.cluster.delete` on the
 * cluster (its owner, on the head) before anything is read or removed;
 * `?dryRun=true` answers what would be removed; otherwise the operation
 * starts, and the answer is its commit (200) when it finishes within a few
 * seconds, or 202 with the cluster's deletion status while its bundles are
 * still being pruned. Asking again while it runs joins it (202).
 */
export function clusterRemovalRoute(
  options: ClusterRemovalRouteOptions,
  action: 'delete' | 'unregister',
  operation: (
    request: ClusterRemovalRequest,
    req: express.Request,
  ) => Promise<FleetChangeResult & { revoked?: string[]; left?: string[] }>,
) {
  const { httpAuth, permissions, auditor, definitions, status } = options;
  return async (req: express.Request, res: express.Response) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const name = req.params.name;
    const { dryRun } = parseRequest(writeQuerySchema, req.query);
    await auditedWrite(
      auditor,
      req,
      res,
      {
        eventId:
          action === 'delete' ? 'definition-write' : 'cluster-unregister',
        severityLevel: 'high',
        meta: { op: action, kind: 'Cluster', name: name ?? null, dryRun },
      },
      async () => {
        const check = await authorizeWrite(
          permissions,
          credentials,
          { op: 'delete', kind: 'Cluster', name: name ?? '' },
          options.defaultOwner,
        );
        if (typeof name !== 'string' || !name)
          throw new InputError('The URL names no cluster');
        parseRequest(definitionNameSchema("the URL's name"), name);
        const request: ClusterRemovalRequest = {
          name,
          definitions,
          managementClusters: options.managementClusters?.list() ?? [],
          write: {
            message: `${
              action === 'delete' ? 'Delete' : 'Unregister'
            } Cluster ${name}\n\nRequested by ${
              credentials.principal.userEntityRef
            } through Arlon for Backstage.`,
            author: authorOf(credentials),
            check,
          },
          bundles: { timeoutMs: options.bundleTimeoutMs },
        };
        if (dryRun) {
          const plan = await planClusterRemoval(request);
          return {
            meta: { dryRun: true },
            body: { dryRun: true, ...plan },
          };
        }
        const outcome = await options.operations.run(
          name,
          () => operation(request, req),
          options.waitMs ?? 5000,
        );
        if (!outcome.done) {
          const deletion = status?.of(name)?.deletion;
          return {
            status: 202,
            meta: { background: true, joined: outcome.joined },
            body: {
              cluster: name,
              action,
              deletion: deletion ?? null,
              message: deletion
                ? describeClusterDeletion(deletion)
                : 'deleting: removing bundles',
            },
          };
        }
        const result = outcome.value;
        return {
          meta: { commit: result.commit ?? null, files: result.files.length },
          body: {
            dryRun: false,
            cluster: name,
            action,
            commit: result.commit,
            parent: result.parent,
            pullRequest: result.pullRequest,
            files: result.files.map(f => ({ path: f.path, action: f.action })),
            // Unregister: what was removed from the cluster, and what could not be.
            ...(result.revoked
              ? { revoked: result.revoked, left: result.left ?? [] }
              : {}),
          },
        };
      },
    );
  };
}
