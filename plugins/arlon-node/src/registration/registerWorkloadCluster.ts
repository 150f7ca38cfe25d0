import {
  CoreV1Api,
  KubeConfig,
  RbacAuthorizationV1Api,
  V1PolicyRule,
} from '@kubernetes/client-node';
import { parseKubeconfig } from '../kubeconfig/parseKubeconfig';
import { connectWorkload } from '../kubeconfig/workloadClient';
import type { WorkloadAccess } from '../kubeconfig/WorkloadAccess';

const MANAGER = 'argocd-manager';
const NAMESPACE = 'kube-system';
/** Marks what Arlon created in a workload cluster: only that is ever updated or removed. */
const MANAGED_BY = { 'app.kubernetes.io/managed-by': 'arlon' };

const isOurs = (labels?: Record<string, string>) =>
  labels?.['app.kubernetes.io/managed-by'] === 'arlon';

/** What ArgoCD needs to reach a workload cluster: its server, a token and the CA to trust. */
export interface ArgoCdAccess {
  server: string;
  bearerToken: string;
  caData?: string;
  insecure?: boolean;
}

/**
 * A client for the workload cluster a kubeconfig (text from a user or a CAPI
 * Secret) describes: parsed into the fixed shape, refused with an InputError
 * naming the field for anything else, its server's addresses checked before
 * anything connects.
 */
export async function workloadClient(
  kubeconfigYaml: string,
  access: WorkloadAccess,
): Promise<{ kc: KubeConfig; server: string; caData: string }> {
  const workload = parseKubeconfig(kubeconfigYaml);
  const kc = await connectWorkload(workload, access.servers);
  return { kc, server: workload.server, caData: workload.caData };
}

/**
 * Uses a cluster's kubeconfig (CAPI's, or one given at import) once to
 * create ArgoCD's own service account there (as `argocd cluster add` does,
 * with the ClusterRole `arlon.security.argocdClusterRoleRules` describes),
 * and returns that account's token. The kubeconfig itself is never handed to
 * ArgoCD: CAPI's certificates rotate and its contract forbids sharing it.
 */
export async function createArgoCdAccess(
  kubeconfigYaml: string,
  access: WorkloadAccess,
  timeoutMs = 15_000,
): Promise<ArgoCdAccess> {
  const { kc, server, caData } = await workloadClient(kubeconfigYaml, access);
  const core = kc.makeApiClient(CoreV1Api);
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  const labels = MANAGED_BY;

  await ignoreConflict(
    core.createNamespacedServiceAccount({
      namespace: NAMESPACE,
      body: { metadata: { name: MANAGER, labels } },
    }),
  );
  await putClusterRole(rbac, access.argocdClusterRoleRules);
  await ignoreConflict(
    rbac.createClusterRoleBinding({
      body: {
        metadata: { name: `${MANAGER}-role-binding`, labels },
        roleRef: {
          apiGroup: 'rbac.authorization.k8s.io',
          kind: 'ClusterRole',
          name: `${MANAGER}-role`,
        },
        subjects: [
          { kind: 'ServiceAccount', name: MANAGER, namespace: NAMESPACE },
        ],
      },
    }),
  );
  await ignoreConflict(
    core.createNamespacedSecret({
      namespace: NAMESPACE,
      body: {
        metadata: {
          name: `${MANAGER}-token`,
          labels,
          annotations: { 'kubernetes.io/service-account.name': MANAGER },
        },
        type: 'kubernetes.io/service-account-token',
      },
    }),
  );

  // The token controller fills the Secret in shortly after it is created.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const secret = await core.readNamespacedSecret({
      name: `${MANAGER}-token`,
      namespace: NAMESPACE,
    });
    const token = secret.data?.token;
    if (token) {
      return {
        server,
        bearerToken: Buffer.from(token, 'base64').toString('utf8'),
        caData: secret.data?.['ca.crt'] ?? caData,
      };
    }
    if (Date.now() > deadline)
      throw new Error(
        `no token for service account ${NAMESPACE}/${MANAGER} after ${
          timeoutMs / 1000
        } s`,
      );
    await new Promise(r => setTimeout(r, 100));
  }
}

/**
 * Creates ArgoCD's ClusterRole, or brings the one Arlon created before to the
 * configured rules (a narrowed arlon.security.argocdClusterRoleRules applies
 * at the next registration). A role of that name Arlon did not create is left alone.
 */
async function putClusterRole(
  rbac: RbacAuthorizationV1Api,
  rules: V1PolicyRule[],
) {
  const name = `${MANAGER}-role`;
  try {
    await rbac.createClusterRole({
      body: { metadata: { name, labels: MANAGED_BY }, rules },
    });
  } catch (error: any) {
    if (error?.code !== 409) throw error;
    const existing = await rbac.readClusterRole({ name });
    if (!isOurs(existing.metadata?.labels)) return;
    await rbac.replaceClusterRole({ name, body: { ...existing, rules } });
  }
}

/** One object createArgoCdAccess makes in a workload cluster: its name for people, how to read and delete it. */
export interface ArgoCdAccessObject {
  what: string;
  read(): Promise<{ metadata?: { labels?: Record<string, string> } }>;
  remove(): Promise<unknown>;
}

/**
 * The objects createArgoCdAccess makes (service account, binding, role,
 * token Secret), reached through `kc`; each revocation picks its order.
 */
export function argocdManagerObjects(
  kc: KubeConfig,
): Record<'serviceAccount' | 'binding' | 'role' | 'token', ArgoCdAccessObject> {
  const core = kc.makeApiClient(CoreV1Api);
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  const ns = { namespace: NAMESPACE };
  return {
    serviceAccount: {
      what: `ServiceAccount ${NAMESPACE}/${MANAGER}`,
      read: () => core.readNamespacedServiceAccount({ name: MANAGER, ...ns }),
      remove: () =>
        core.deleteNamespacedServiceAccount({ name: MANAGER, ...ns }),
    },
    binding: {
      what: `ClusterRoleBinding ${MANAGER}-role-binding`,
      read: () =>
        rbac.readClusterRoleBinding({ name: `${MANAGER}-role-binding` }),
      remove: () =>
        rbac.deleteClusterRoleBinding({ name: `${MANAGER}-role-binding` }),
    },
    role: {
      what: `ClusterRole ${MANAGER}-role`,
      read: () => rbac.readClusterRole({ name: `${MANAGER}-role` }),
      remove: () => rbac.deleteClusterRole({ name: `${MANAGER}-role` }),
    },
    token: {
      what: `Secret ${NAMESPACE}/${MANAGER}-token`,
      read: () =>
        core.readNamespacedSecret({ name: `${MANAGER}-token`, ...ns }),
      remove: () =>
        core.deleteNamespacedSecret({ name: `${MANAGER}-token`, ...ns }),
    },
  };
}

/** Whether a workload-cluster object carries Arlon's managed-by label. */
export const isArlonManaged = (object?: {
  metadata?: { labels?: Record<string, string> };
}) => isOurs(object?.metadata?.labels);

/**
 * Takes ArgoCD's access to a workload cluster away, with the cluster's own
 * kubeconfig (CAPI's, while the cluster still answers): deletes the token
 * Secret (which revokes the token), the binding, the ClusterRole and the
 * service account that createArgoCdAccess made. Only objects carrying Arlon's
 * managed-by label are deleted; ones someone else made (`argocd cluster add`)
 * are left. Returns what it deleted.
 */
export async function revokeArgoCdAccess(
  kubeconfigYaml: string,
  access: WorkloadAccess,
): Promise<string[]> {
  const { kc } = await workloadClient(kubeconfigYaml, access);
  const objects = argocdManagerObjects(kc);
  const deleted: string[] = [];
  for (const key of ['token', 'binding', 'role', 'serviceAccount'] as const) {
    const { what, read, remove } = objects[key];
    const object = await read().catch(ignore404);
    if (!object || !isOurs(object.metadata?.labels)) continue;
    await remove().catch(ignore404);
    deleted.push(what);
  }
  return deleted;
}

function ignore404(error: any): undefined {
  if (error?.code !== 404) throw error;
  return undefined;
}

async function ignoreConflict(work: Promise<unknown>) {
  try {
    await work;
  } catch (error: any) {
    if (error?.code !== 409) throw error;
  }
}

/** Marks the ArgoCD Secrets Arlon manages, naming their cluster. */
export const ARLON_CLUSTER_LABEL = 'arlon.io/cluster';

/** The labels of a cluster's ArgoCD Secret: the Secret type, the Arlon cluster, its profiles. */
export function argocdClusterLabels(
  name: string,
  profiles: Record<string, string>,
): Record<string, string> {
  return {
    'argocd.argoproj.io/secret-type': 'cluster',
    [ARLON_CLUSTER_LABEL]: name,
    ...profiles,
  };
}

/** ArgoCD's declarative cluster Secret for `access` (written as stringData; ArgoCD reads data). */
export function argocdClusterSecret(
  name: string,
  access: ArgoCdAccess,
  labels: Record<string, string>,
  annotations?: Record<string, string>,
) {
  return {
    metadata: {
      name: `cluster-${name}`,
      labels,
      ...(annotations ? { annotations } : {}),
    },
    type: 'Opaque',
    stringData: {
      name,
      server: access.server,
      config: JSON.stringify({
        bearerToken: access.bearerToken,
        tlsClientConfig: access.caData
          ? { insecure: false, caData: access.caData }
          : { insecure: !!access.insecure },
      }),
    },
  };
}
