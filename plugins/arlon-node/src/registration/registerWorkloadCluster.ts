import {
  CoreV1Api,
  KubeConfig,
  RbacAuthorizationV1Api,
} from '@kubernetes/client-node';

const MANAGER = 'argocd-manager';
const NAMESPACE = 'kube-system';

/** What ArgoCD needs to reach a workload cluster: its server, a token and the CA to trust. */
export interface ArgoCdAccess {
  server: string;
  bearerToken: string;
  caData?: string;
  insecure?: boolean;
}

/**
 * Uses a cluster's CAPI kubeconfig once to create ArgoCD's own service
 * account there (as `argocd cluster add` does), and returns that account's
 * token. The CAPI kubeconfig itself is never handed to ArgoCD: its
 * certificates rotate and its contract forbids sharing it.
 */
export async function createArgoCdAccess(
  kubeconfigYaml: string,
  timeoutMs = 15_000,
): Promise<ArgoCdAccess> {
  const kc = new KubeConfig();
  kc.loadFromString(kubeconfigYaml);
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig names no current cluster');
  const core = kc.makeApiClient(CoreV1Api);
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  const labels = { 'app.kubernetes.io/managed-by': 'arlon' };

  await ignoreConflict(
    core.createNamespacedServiceAccount({
      namespace: NAMESPACE,
      body: { metadata: { name: MANAGER, labels } },
    }),
  );
  await ignoreConflict(
    rbac.createClusterRole({
      body: {
        metadata: { name: `${MANAGER}-role`, labels },
        rules: [
          { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
          { nonResourceURLs: ['*'], verbs: ['*'] },
        ],
      },
    }),
  );
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
        server: cluster.server,
        bearerToken: Buffer.from(token, 'base64').toString('utf8'),
        caData: secret.data?.['ca.crt'] ?? cluster.caData,
        insecure: cluster.skipTLSVerify || undefined,
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
