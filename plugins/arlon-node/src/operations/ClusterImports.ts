import { WITHHELD_SECRET } from '@arlon-backstage/plugin-arlon-common';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import type { ManagementClusters } from '../cluster/ManagementClusters';
import type { FleetDefinitions, WriteRequest } from '../fleet/FleetDefinitions';
import type { FleetChangeResult } from '../fleet/FleetRepository';
import {
  adoptableArgoCdCluster,
  checkImportKubeconfig,
  importCluster,
  importEdits,
  type ImportRequest,
} from '../registration/importCluster';
import {
  unregisterCluster,
  type UnregisterRequest,
  type UnregisterResult,
} from '../deletion/unregisterCluster';

/**
 * An import as a caller asks for it. The caller has checked
 * arlon.cluster.create (a basic permission: nothing in the fleet to
 * condition on) where its credentials are.
 *
 * @public
 */
export interface ClusterImportInput extends ImportRequest {
  /** Which management cluster's ArgoCD registers it (default: the first configured). */
  managementCluster?: string;
  /** Signs the commit: the caller adds who asked, and through what, to the message. */
  sign(message: string): Omit<WriteRequest, 'check' | 'dryRun'>;
  /** Told once the cluster is registered, before its definition is committed. */
  onRegistered?(server: string, management: ManagementCluster): void;
}

/**
 * What an import did: where it registered the cluster, and the commit.
 *
 * @public
 */
export interface ClusterImportOutcome extends FleetChangeResult {
  /** The workload cluster's API server, as ArgoCD reaches it. */
  server: string;
  /** The management cluster whose ArgoCD registered it. */
  managementCluster: string;
}

/**
 * What an import would do, found without registering or committing.
 *
 * @public
 */
export interface ClusterImportPreview {
  /** The management cluster whose ArgoCD would register it. */
  managementCluster: string;
  /** The server, when it can be known without using a credential. */
  server?: string;
  /** The files the commit would write, as "action path". */
  files: string[];
}

/**
 * Importing external clusters into the fleet and unregistering them: the
 * one operation POST /clusters/import and /clusters/:name/unregister and
 * the arlon:cluster:import and :unregister actions call. Import is
 * create-only, on ArgoCD's side too: a taken definition name or ArgoCD
 * cluster Secret is refused (409), never replaced.
 *
 * @public
 */
export class ClusterImports {
  constructor(
    private readonly definitions: FleetDefinitions,
    private readonly managementClusters: ManagementClusters,
  ) {}

  /**
   * Checks the definition on the head (no commit), registers the cluster
   * in ArgoCD, commits its definition; takes the registration back when the
   * commit fails (see importCluster).
   */
  async import(request: ClusterImportInput): Promise<ClusterImportOutcome> {
    const management = this.managementOf(request.managementCluster);
    const { server, result } = await importCluster({
      management,
      request,
      check: edits => this.definitions.check({}, edits),
      commit: (registered, edits) => {
        request.onRegistered?.(registered, management);
        return this.definitions.change(
          request.sign(`Import Cluster ${request.name} (${registered})`),
          edits,
        );
      },
    });
    return { ...result, server, managementCluster: management.name };
  }

  /**
   * A dry run: the definition checked on the head with a placeholder
   * server (a bad name or profile, or a name already taken, is refused);
   * an ArgoCD cluster to adopt looked up; a kubeconfig read as data and its
   * server's address checked, never used (it is used once, by the real
   * import). A commit preview withholds the kubeconfig: nothing to check.
   */
  async preview(request: {
    name: string;
    profiles: string[];
    kubeconfig?: string;
    argocdCluster?: string;
    managementCluster?: string;
  }): Promise<ClusterImportPreview> {
    const { name, profiles, kubeconfig, argocdCluster } = request;
    const management = this.managementOf(request.managementCluster);
    await this.definitions.check({}, files =>
      importEdits(files, name, 'https://pending.invalid', profiles),
    );
    let server: string | undefined;
    if (argocdCluster)
      ({ server } = await adoptableArgoCdCluster(
        management,
        argocdCluster,
        name,
      ));
    else if (kubeconfig !== undefined && kubeconfig !== WITHHELD_SECRET)
      server = await checkImportKubeconfig(management, kubeconfig);
    return {
      managementCluster: management.name,
      server,
      files: [`create arlon/clusters/${name}.yaml`],
    };
  }

  /** Unregisters an external cluster: bundles, ArgoCD's account, its Secret, its definition (see unregisterCluster). */
  unregister(
    request: Omit<UnregisterRequest, 'definitions' | 'managementClusters'>,
  ): Promise<UnregisterResult> {
    return unregisterCluster({
      ...request,
      definitions: this.definitions,
      managementClusters: this.managementClusters.list(),
    });
  }

  private managementOf(name: string | undefined): ManagementCluster {
    return this.managementClusters.get(
      name ?? this.managementClusters.list()[0]?.name,
    );
  }
}
