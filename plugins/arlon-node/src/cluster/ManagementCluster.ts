import { KubeConfig, VersionApi } from '@kubernetes/client-node';
import { reuseConnections } from '../live/reuseConnections';
import type { ManagementClusterHealth } from '@arlon-backstage/plugin-arlon-common';
import type { ManagementClusterConfig } from '../config/readArlonConfig';
import { FleetInformers } from './FleetInformers';
import { limitRequestTime } from '../connection/requestTimeout';
import { DEFAULT_LIMITS } from '../config/readArlonLimits';
import {
  workloadAccess as defaultWorkloadAccess,
  type WorkloadAccess,
} from '../kubeconfig/WorkloadAccess';
import {
  describeConnectionError,
  withTimeout,
} from '../connection/describeConnectionError';

/** A management cluster (CAPI + ArgoCD) the portal talks to, as one named context. */
export class ManagementCluster {
  readonly name: string;
  readonly url: string;
  readonly argocdNamespace: string;
  /** Client configuration; never serialise it, it holds the token. */
  readonly kubeConfig: KubeConfig;

  constructor(
    private readonly config: ManagementClusterConfig,
    /** Position in `arlon.managementClusters`, for error messages. */
    private readonly index: number,
    /** Which workload cluster addresses it may reach, and ArgoCD's role there (`arlon.security`). */
    readonly workloadAccess: WorkloadAccess = defaultWorkloadAccess(),
  ) {
    this.name = config.name;
    this.url = config.url;
    this.argocdNamespace = config.argocdNamespace;
    // Every request gets a deadline; services.ts sets the configured one.
    // Kept-alive connections: informers, label syncs and registrations share them.
    this.kubeConfig = limitRequestTime(
      reuseConnections(toKubeConfig(config)),
      DEFAULT_LIMITS.kubernetesTimeoutMs,
    );
  }

  private fleetInformers?: FleetInformers;

  /** The live state of this cluster, as informers; created on first use and started by the caller. */
  informers(): FleetInformers {
    this.fleetInformers ??= new FleetInformers(
      this.kubeConfig,
      this.argocdNamespace,
    );
    return this.fleetInformers;
  }

  /** Asks the API server for its version: the cheapest authenticated call. */
  async probe(timeoutMs = 5000): Promise<ManagementClusterHealth> {
    const started = Date.now();
    try {
      const version = await withTimeout(
        this.kubeConfig.makeApiClient(VersionApi).getCode(),
        timeoutMs,
      );
      return {
        name: this.name,
        url: this.url,
        status: 'reachable',
        kubernetesVersion: version.gitVersion,
        latencyMs: Date.now() - started,
      };
    } catch (error) {
      const configKey = `arlon.managementClusters[${this.index}]`;
      return {
        name: this.name,
        url: this.url,
        status: 'unreachable',
        problem: describeConnectionError(error, {
          target: `management cluster "${this.name}"`,
          url: this.url,
          configKey,
          credentialsHint: this.config.serviceAccountToken
            ? `Check ${configKey}.serviceAccountToken: the token may be expired or belong to another cluster.`
            : `Set ${configKey}.serviceAccountToken to a service account token of that cluster.`,
        }),
        latencyMs: Date.now() - started,
      };
    }
  }
}

function toKubeConfig(config: ManagementClusterConfig): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: config.name,
        server: config.url,
        caData: config.caData,
        skipTLSVerify: config.skipTLSVerify,
      },
    ],
    // client-node needs a user even when it carries no token.
    users: [{ name: 'arlon', token: config.serviceAccountToken }],
    contexts: [{ name: config.name, cluster: config.name, user: 'arlon' }],
    currentContext: config.name,
  });
  return kc;
}
