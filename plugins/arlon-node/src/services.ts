import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  coreServices,
  createServiceFactory,
  createServiceRef,
} from '@backstage/backend-plugin-api';
import { ScmIntegrations } from '@backstage/integration';
import {
  ManagementClusters,
  placementNamesOf,
} from './cluster/ManagementClusters';
import { readArlonConfig } from './config/readArlonConfig';
import { readArlonLimits } from './config/readArlonLimits';
import { limitRequestTime } from './connection/requestTimeout';
import { readArlonSecurity } from './config/readArlonSecurity';
import { FleetRepository } from './fleet/FleetRepository';
import { gitCredentialsFromIntegrations } from './fleet/gitCredentials';
import { pullRequestOpener } from './fleet/pullRequests';
import { FleetChanges } from './changes/FleetChanges';
import { readFleetChangesConfig } from './changes/readFleetChangesConfig';
import { remoteHead } from './changes/remoteHead';

/**
 * The process's one "fleet changed" signal (root-scoped: every plugin and
 * module of the backend shares it). Commits made through any
 * FleetRepository of this process announce themselves; the fleet branch's
 * head is watched (arlon.fleetRepo.pollSeconds) once a consumer subscribes.
 */
export const fleetChangesServiceRef = createServiceRef<FleetChanges>({
  id: 'arlon.fleet-changes',
  scope: 'root',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.rootLogger,
        lifecycle: coreServices.rootLifecycle,
      },
      factory: ({ config, logger, lifecycle }) => {
        const { fleetRepo } = readArlonConfig(config);
        const changes = new FleetChanges({
          readHead:
            fleetRepo &&
            remoteHead(
              fleetRepo,
              gitCredentialsFromIntegrations(
                ScmIntegrations.fromConfig(config),
              ),
              readArlonLimits(config).gitTimeoutMs,
            ),
          pollMs: readFleetChangesConfig(config).pollMs,
          logger: logger.child({ service: 'arlon-fleet-changes' }),
        });
        lifecycle.addShutdownHook(() => changes.stop());
        return changes;
      },
    }),
});

/** The configured management clusters, shared by the arlon backend and its modules. */
export const managementClustersServiceRef =
  createServiceRef<ManagementClusters>({
    id: 'arlon.management-clusters',
    defaultFactory: async service =>
      createServiceFactory({
        service,
        deps: { config: coreServices.rootConfig },
        factory: ({ config }) =>
          withRequestTimeout(
            new ManagementClusters(
              readArlonConfig(config).managementClusters,
              readArlonSecurity(config),
            ),
            readArlonLimits(config).kubernetesTimeoutMs,
          ),
      }),
  });

/** Gives every request to the management clusters (and the workload clusters reached through them) the configured deadline. */
function withRequestTimeout(
  clusters: ManagementClusters,
  timeoutMs: number,
): ManagementClusters {
  for (const cluster of clusters.list())
    limitRequestTime(cluster.kubeConfig, timeoutMs);
  return clusters;
}

/** The fleet repository (`arlon.fleetRepo`), with credentials from `integrations`. */
export const fleetRepositoryServiceRef = createServiceRef<FleetRepository>({
  id: 'arlon.fleet-repository',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: {
        config: coreServices.rootConfig,
        changes: fleetChangesServiceRef,
      },
      factory: async ({ config, changes }) => {
        const base =
          config.getOptionalString('backend.workingDirectory') ?? os.tmpdir();
        const workDir = await fs.mkdtemp(path.join(base, 'arlon-fleet-'));
        const { fleetRepo, managementClusters } = readArlonConfig(config);
        const integrations = ScmIntegrations.fromConfig(config);
        return new FleetRepository(
          fleetRepo,
          gitCredentialsFromIntegrations(integrations),
          workDir,
          // Fails at start-up when pull requests are asked for but cannot be opened.
          fleetRepo?.writeMode === 'pullRequest' ||
          fleetRepo?.regenerate === 'pullRequest'
            ? pullRequestOpener(integrations, fleetRepo.url)
            : undefined,
          {
            gitTimeoutMs: readArlonLimits(config).gitTimeoutMs,
            // REST, scaffolder and catalog each have a repository: all announce.
            onCommit: commit => changes.announce(commit),
            // Last known good checks placements against them, as writes do.
            managementClusters: placementNamesOf(managementClusters),
          },
        );
      },
    }),
});
