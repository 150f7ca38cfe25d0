import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  coreServices,
  createServiceFactory,
  createServiceRef,
} from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
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
import { LibraryShelf } from './library/LibraryShelf';
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

/**
 * The configured management clusters, one instance per process (root-scoped):
 * the arlon backend and the catalog, scaffolder and Kubernetes modules share
 * it, and with it one informer set (list + watch) per management cluster.
 */
export const managementClustersServiceRef =
  createServiceRef<ManagementClusters>({
    id: 'arlon.management-clusters',
    scope: 'root',
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

/**
 * The library repositories (`arlon.libraries`), read-only, one copy per
 * process (root-scoped): read at the fleet's poll period, shared by every
 * FleetRepository of the process.
 *
 * @public
 */
export const libraryShelfServiceRef = createServiceRef<LibraryShelf>({
  id: 'arlon.library-shelf',
  scope: 'root',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.rootLogger,
        lifecycle: coreServices.rootLifecycle,
      },
      factory: async ({ config, logger, lifecycle }) => {
        const shelf = new LibraryShelf(
          readArlonConfig(config).libraries,
          await workingDirectory(config, 'arlon-libraries-'),
          gitCredentialsFromIntegrations(ScmIntegrations.fromConfig(config)),
          {
            gitTimeoutMs: readArlonLimits(config).gitTimeoutMs,
            logger: logger.child({ service: 'arlon-libraries' }),
          },
        );
        shelf.watch(readFleetChangesConfig(config).pollMs);
        lifecycle.addShutdownHook(() => shelf.stop());
        return shelf;
      },
    }),
});

/**
 * The fleet repository (`arlon.fleetRepo`), with credentials from
 * `integrations`. Root-scoped: a process has one checkout and one write lock,
 * whichever plugin or module writes (REST, scaffolder actions, regeneration),
 * so its writes queue behind each other instead of racing to push.
 */
export const fleetRepositoryServiceRef = createServiceRef<FleetRepository>({
  id: 'arlon.fleet-repository',
  scope: 'root',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: {
        config: coreServices.rootConfig,
        changes: fleetChangesServiceRef,
        libraries: libraryShelfServiceRef,
        logger: coreServices.rootLogger,
      },
      factory: async ({ config, changes, libraries, logger }) => {
        const workDir = await workingDirectory(config, 'arlon-fleet-');
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
            // Every commit this process pushes, whichever plugin made it.
            onCommit: commit => changes.announce(commit),
            onPushing: () => changes.pushing(),
            libraries: readArlonConfig(config).libraries.length
              ? libraries
              : undefined,
            // Last known good checks placements against them, as writes do.
            managementClusters: placementNamesOf(managementClusters),
            logger: logger.child({ service: 'arlon-fleet-repository' }),
          },
        );
      },
    }),
});

/** A new directory of this process under the backend's working directory (else the system's temporary one). */
function workingDirectory(config: Config, prefix: string): Promise<string> {
  const base =
    config.getOptionalString('backend.workingDirectory') ?? os.tmpdir();
  return fs.mkdtemp(path.join(base, prefix));
}
