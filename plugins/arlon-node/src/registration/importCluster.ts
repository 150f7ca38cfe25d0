import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import type { V1Secret } from '@kubernetes/client-node';
import {
  definitionViews,
  type FleetEdit,
  type FleetFiles,
  profileLabels,
} from '@arlon-backstage/plugin-arlon-common';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import { stringify } from 'yaml';
import {
  checkWorkloadServer,
  RefusedServerError,
} from '../kubeconfig/checkWorkloadServer';
import { parseKubeconfig } from '../kubeconfig/parseKubeconfig';
import {
  ARLON_CLUSTER_LABEL,
  argocdClusterLabels,
  createArgoCdAccess,
  revokeArgoCdAccess,
} from './registerWorkloadCluster';
import { ArgoCdClusterSecrets } from './ArgoCdClusterSecrets';
import {
  createViewerAccess,
  deleteViewerSecret,
  putViewerSecret,
  revokeViewerAccess,
} from '../viewer/viewerCredentials';

export interface ImportRequest {
  name: string;
  profiles: string[];
  /** A kubeconfig for the cluster (used once, never stored), or… */
  kubeconfig?: string;
  /** …the name of a cluster ArgoCD already knows. */
  argocdCluster?: string;
}

/** The Cluster definition of an imported cluster: external, with its profiles. */
export function externalClusterYaml(
  name: string,
  server: string,
  profiles: string[],
): string {
  return stringify({
    apiVersion: 'core.arlon.io/v1',
    kind: 'Cluster',
    metadata: { name },
    spec: { external: { server }, profiles },
  });
}

/**
 * Import is create-only: a name that already has a Cluster definition is
 * refused (409), so an import can never replace a cluster's definition (and
 * make ArgoCD prune what it built). Called on the head the commit is planned
 * on, and before anything is registered.
 */
export function refuseExistingCluster(files: FleetFiles, name: string) {
  const existing = definitionViews(files).find(
    v => v.kind === 'Cluster' && v.name === name,
  );
  if (existing)
    throw new ConflictError(
      `A Cluster named "${name}" already exists (${existing.file}); an import never replaces one. Import under another name, or delete that cluster first`,
    );
}

/**
 * The edit an import makes, planned on the head it is committed on: the
 * external cluster's definition, created only (REST and scaffolder alike).
 */
export function importEdits(
  files: FleetFiles,
  name: string,
  server: string,
  profiles: string[],
): FleetEdit[] {
  refuseExistingCluster(files, name);
  return [
    {
      op: 'put',
      kind: 'Cluster',
      name,
      yaml: externalClusterYaml(name, server, profiles),
    },
  ];
}

/**
 * What a dry run can say about a kubeconfig without using it: it is read as
 * data (refused with a 400 naming the field otherwise) and its server's
 * addresses are allowed. Nothing connects. Returns the server.
 */
export async function checkImportKubeconfig(
  management: ManagementCluster,
  kubeconfig: string,
): Promise<string> {
  const workload = parseKubeconfig(kubeconfig);
  await checkWorkloadServer(
    workload.server,
    workload.serverField,
    management.workloadAccess.servers,
  );
  return workload.server;
}

/** A registration and how to take it back. */
interface Registered {
  server: string;
  /** Removes what the registration made, or restores what it changed. */
  undo(): Promise<void>;
}

/**
 * Registers an external cluster in ArgoCD (from a kubeconfig, through its own
 * ArgoCD service account; or adopting a cluster ArgoCD already has, when an
 * ArgoCD admin labelled its Secret for this name) with the labels of its
 * profiles. Returns the API server URL for its definition and how to take
 * it back. Never replaces an ArgoCD cluster Secret.
 */
async function registerUndoably(
  management: ManagementCluster,
  request: ImportRequest,
): Promise<Registered> {
  const secrets = new ArgoCdClusterSecrets(management);
  const labels = argocdClusterLabels(
    request.name,
    profileLabels(request.profiles),
  );
  if (request.kubeconfig) {
    const secretName = ArgoCdClusterSecrets.nameOf(request.name);
    // Before the workload cluster is touched: a taken name changes nothing there.
    if (await secrets.read(secretName))
      throw secretTaken(management, secretName);
    let access;
    try {
      access = await createArgoCdAccess(
        request.kubeconfig,
        management.workloadAccess,
      );
    } catch (error) {
      throw unusableKubeconfig(error);
    }
    const kubeconfig = request.kubeconfig;
    // Undone in reverse: the Secrets (ArgoCD's and the viewer's), then the accounts in the cluster.
    const undoAccess = async () => {
      await deleteViewerSecret(management, request.name);
      await revokeViewerAccess(kubeconfig, management.workloadAccess);
      await revokeArgoCdAccess(kubeconfig, management.workloadAccess);
    };
    const undoSecret = () => secrets.delete(secretName);
    let created: boolean;
    try {
      created = await secrets.create(request.name, access, labels);
    } catch (error) {
      await undoAccess().catch(() => {});
      throw error;
    }
    if (!created) {
      // Taken between the look and the write: still never replaced.
      await undoAccess().catch(() => {});
      throw secretTaken(management, secretName);
    }
    // The portal's read-only credentials for the Kubernetes plugin, with the same admin kubeconfig.
    let stage = 'viewer';
    try {
      const viewer = await createViewerAccess(
        kubeconfig,
        management.workloadAccess,
      );
      stage = 'store';
      await putViewerSecret(management, request.name, viewer);
    } catch (error) {
      await undoSecret().catch(() => {});
      await undoAccess().catch(() => {});
      throw stage === 'viewer' ? unusableKubeconfig(error) : error;
    }
    return {
      server: access.server,
      undo: async () => {
        await undoSecret();
        await undoAccess();
      },
    };
  }
  const { secret: existing, server } = await adoptableArgoCdCluster(
    management,
    request.argocdCluster!,
    request.name,
  );
  await secrets.addLabels(existing, labels);
  const before = existing.metadata?.labels ?? {};
  return {
    server,
    // Adoption changed only labels: they go back to what the ArgoCD admin left.
    undo: async () => {
      const patch: Record<string, string | null> = {};
      for (const key of Object.keys(labels))
        patch[key] = key in before ? before[key] : null;
      await secrets.patch(existing.metadata!.name!, { labels: patch });
    },
  };
}

/**
 * Imports an external cluster, the one home of the operation (REST and
 * scaffolder are adapters): the definition is checked first on the head
 * (name, profiles, a name not taken: import is create-only), so a bad
 * import registers nothing; then the cluster is registered in ArgoCD; then
 * `commit` writes its definition. When the commit fails (a Git conflict, a
 * pull request the host refused, a definition another writer created
 * meanwhile) the registration is taken back (the ArgoCD Secret deleted,
 * ArgoCD's account in the cluster revoked, or an adopted Secret's labels
 * restored): an import is never half done. Registering first is what lets
 * the definition name the server ArgoCD really reached.
 */
export async function importCluster<T>(options: {
  management: ManagementCluster;
  request: ImportRequest;
  /** Plans the import on a head without committing (a dry run of the same write). */
  check(edits: (files: FleetFiles) => FleetEdit[]): Promise<unknown>;
  /** Commits the definition: the adapter's write path (its permission checks, its outputs). */
  commit(server: string, edits: (files: FleetFiles) => FleetEdit[]): Promise<T>;
}): Promise<{ server: string; result: T }> {
  const { management, request } = options;
  const { name, profiles } = request;
  await options.check(files =>
    importEdits(files, name, 'https://pending.invalid', profiles),
  );
  const registered = await registerUndoably(management, request);
  try {
    const result = await options.commit(registered.server, files =>
      importEdits(files, name, registered.server, profiles),
    );
    return { server: registered.server, result };
  } catch (error) {
    try {
      await registered.undo();
    } catch (undoError) {
      if (error instanceof Error)
        error.message = `${
          error.message
        }. Taking the registration back failed too (${
          (undoError as Error).message
        }): delete ArgoCD's Secret ${
          management.argocdNamespace
        }/cluster-${name} and the cluster's kube-system/argocd-manager account by hand`;
    }
    throw error;
  }
}

function secretTaken(management: ManagementCluster, secretName: string) {
  return new ConflictError(
    `ArgoCD on ${management.name} already has a cluster Secret ${management.argocdNamespace}/${secretName}; an import never replaces one. Import under another name, or adopt that cluster with "argocdCluster" once an ArgoCD admin labels its Secret`,
  );
}

/**
 * What the user may learn from a kubeconfig that did not work: our own
 * refusals (naming the field) as they are; credentials refused by the API
 * server; anything else only as "unreachable", never the socket's words,
 * which would make the portal a port scanner.
 */
function unusableKubeconfig(error: unknown): Error {
  if (error instanceof InputError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === 401 || code === 403)
    return new InputError(
      `The cluster's API server refused the kubeconfig's credentials (HTTP ${code}). The kubeconfig's user must be allowed to create a service account in kube-system, a ClusterRole and a ClusterRoleBinding`,
    );
  if (error instanceof RefusedServerError)
    return new InputError(
      "The kubeconfig's server resolves to an address the portal does not connect to (arlon.security). Give the address the portal reaches the cluster at",
    );
  return new InputError(
    "The portal could not use the kubeconfig: the cluster's API server is unreachable from the portal, did not answer as a Kubernetes API server, or showed a certificate the kubeconfig's certificate-authority-data does not sign. Check the server address and CA, and that the portal's network reaches it",
  );
}

const decode = (base64 = '') => Buffer.from(base64, 'base64').toString('utf8');

/**
 * The cluster Secret ArgoCD keeps for `name` (its display name or the
 * Secret's), read only: an import's dry run checks it exists.
 */
export async function findArgoCdCluster(
  management: ManagementCluster,
  name: string,
): Promise<{ secret: V1Secret; server: string }> {
  const secrets = await new ArgoCdClusterSecrets(management).list();
  const found = secrets.find(
    s => decode(s.data?.name) === name || s.metadata?.name === name,
  );
  if (!found)
    throw new NotFoundError(
      `ArgoCD on ${management.name} knows no cluster named "${name}"`,
    );
  return { secret: found, server: decode(found.data?.server) };
}

/**
 * The ArgoCD cluster `argocdCluster`, when it may be adopted as the fleet's
 * cluster `name`: its Secret must carry Arlon's label `arlon.io/cluster=<name>`,
 * which only someone who may write ArgoCD's Secrets can set. Without it a
 * user could take over any cluster ArgoCD knows (and its deployments) by
 * importing it. Read only.
 */
export async function adoptableArgoCdCluster(
  management: ManagementCluster,
  argocdCluster: string,
  name: string,
): Promise<{ secret: V1Secret; server: string }> {
  const found = await findArgoCdCluster(management, argocdCluster);
  const label = found.secret.metadata?.labels?.[ARLON_CLUSTER_LABEL];
  if (label !== name)
    throw new ConflictError(
      `ArgoCD's cluster "${argocdCluster}" may not be adopted as "${name}": its Secret ${
        management.argocdNamespace
      }/${found.secret.metadata?.name} ${
        label === undefined
          ? `has no ${ARLON_CLUSTER_LABEL} label`
          : `is labelled ${ARLON_CLUSTER_LABEL}=${label}`
      }. An ArgoCD admin adopts it for Arlon with: kubectl label secret -n ${
        management.argocdNamespace
      } ${
        found.secret.metadata?.name
      } ${ARLON_CLUSTER_LABEL}=${name} --overwrite`,
    );
  return found;
}
