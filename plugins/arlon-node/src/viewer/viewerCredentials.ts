import {
  CoreV1Api,
  HttpMethod,
  V1PolicyRule,
  V1Secret,
} from '@kubernetes/client-node';
import { jsonClient, segment } from '../live/jsonClient';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import type { WorkloadAccess } from '../kubeconfig/WorkloadAccess';
import {
  createWorkloadAccount,
  revokeWorkloadAccount,
} from '../registration/registerWorkloadCluster';
import {
  serviceAccountObjects,
  ServiceAccountSpec,
} from '../registration/serviceAccountAccess';

/**
 * The portal's own read-only account in every workload cluster, for the
 * Kubernetes plugin: never ArgoCD's (cluster-admin by default) token.
 */
export const PORTAL_VIEWER: ServiceAccountSpec = {
  name: 'arlon-portal-viewer',
  namespace: 'kube-system',
};

/**
 * What the viewer may do: get, list and watch what the Kubernetes plugin and
 * the kubernetes-cluster plugin show (workloads, their pods and logs,
 * services, config maps, ingresses, autoscalers, nodes, namespaces, events,
 * pod metrics). No Secrets, no writes, no exec or port-forward, nothing else.
 */
export const VIEWER_CLUSTER_ROLE_RULES: V1PolicyRule[] = [
  {
    apiGroups: [''],
    resources: [
      'pods',
      'pods/log',
      'services',
      'configmaps',
      'limitranges',
      'resourcequotas',
      'namespaces',
      'nodes',
      'events',
    ],
    verbs: ['get', 'list', 'watch'],
  },
  {
    apiGroups: ['apps'],
    resources: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'],
    verbs: ['get', 'list', 'watch'],
  },
  {
    apiGroups: ['autoscaling'],
    resources: ['horizontalpodautoscalers'],
    verbs: ['get', 'list', 'watch'],
  },
  {
    apiGroups: ['networking.k8s.io'],
    resources: ['ingresses'],
    verbs: ['get', 'list', 'watch'],
  },
  {
    apiGroups: ['batch'],
    resources: ['jobs', 'cronjobs'],
    verbs: ['get', 'list', 'watch'],
  },
  {
    apiGroups: ['metrics.k8s.io'],
    resources: ['pods'],
    verbs: ['get', 'list'],
  },
];

/** Labels a viewer credential Secret in the management cluster: found by this, never by ArgoCD's `secret-type` selector. */
export const VIEWER_SECRET_LABEL = 'arlon.io/credential';
export const VIEWER_SECRET_SELECTOR = `${VIEWER_SECRET_LABEL}=portal-viewer`;
/** Names the cluster a viewer credential Secret is for. */
export const VIEWER_CLUSTER_LABEL = 'arlon.io/viewer-of';

/** The management-cluster Secret holding a workload cluster's viewer token. */
export const viewerSecretName = (cluster: string) => `arlon-viewer-${cluster}`;

/** A workload cluster's read-only access: its server, the viewer's token, the CA to trust. */
export interface ViewerAccess {
  server: string;
  bearerToken: string;
  caData?: string;
}

/**
 * Uses a cluster's kubeconfig (CAPI's, or one given at import: an admin's)
 * once to create the portal's viewer account there, and returns its token.
 * The server's addresses are checked before anything connects.
 */
export async function createViewerAccess(
  kubeconfigYaml: string,
  access: WorkloadAccess,
  timeoutMs = 15_000,
): Promise<ViewerAccess> {
  return createWorkloadAccount(
    kubeconfigYaml,
    access,
    PORTAL_VIEWER,
    VIEWER_CLUSTER_ROLE_RULES,
    timeoutMs,
  );
}

/** Removes the viewer account (token Secret first: that revokes the token) with an admin kubeconfig. */
export async function revokeViewerAccess(
  kubeconfigYaml: string,
  access: WorkloadAccess,
): Promise<string[]> {
  return revokeWorkloadAccount(kubeconfigYaml, access, PORTAL_VIEWER);
}

/** The viewer's objects through another client (ArgoCD's token at unregister). */
export const viewerObjects = (
  kc: Parameters<typeof serviceAccountObjects>[0],
) => serviceAccountObjects(kc, PORTAL_VIEWER);

/** The Secret body that stores `access` for `cluster` (stringData; read back as data). */
export function viewerSecret(cluster: string, access: ViewerAccess): V1Secret {
  return {
    metadata: {
      name: viewerSecretName(cluster),
      labels: {
        [VIEWER_SECRET_LABEL]: 'portal-viewer',
        [VIEWER_CLUSTER_LABEL]: cluster,
        'app.kubernetes.io/managed-by': 'arlon',
      },
    },
    type: 'Opaque',
    stringData: {
      server: access.server,
      token: access.bearerToken,
      ...(access.caData ? { caData: access.caData } : {}),
    },
  };
}

/**
 * Reads a viewer Secret back, or undefined when it is not one (no label for
 * its cluster, no https server, no token): such a Secret is never supplied.
 */
export function viewerAccessFromSecret(
  secret: V1Secret,
): (ViewerAccess & { cluster: string }) | undefined {
  const cluster = secret.metadata?.labels?.[VIEWER_CLUSTER_LABEL];
  if (!cluster || secret.metadata?.name !== viewerSecretName(cluster))
    return undefined;
  const value = (key: string) => {
    const data = secret.data?.[key];
    if (data !== undefined) return Buffer.from(data, 'base64').toString('utf8');
    return secret.stringData?.[key];
  };
  const server = value('server');
  const bearerToken = value('token');
  if (!server?.startsWith('https://') || !bearerToken) return undefined;
  return { cluster, server, bearerToken, caData: value('caData') };
}

/** Writes (or replaces) the viewer Secret of `cluster` in the management cluster's ArgoCD namespace. */
export async function putViewerSecret(
  management: ManagementCluster,
  cluster: string,
  access: ViewerAccess,
): Promise<void> {
  // One per cluster of a burst, after its registration: requestJson (jsonClient).
  const request = jsonClient(management.kubeConfig);
  const secrets = `/api/v1/namespaces/${segment(
    management.argocdNamespace,
  )}/secrets`;
  const body = viewerSecret(cluster, access);
  try {
    await request({
      method: HttpMethod.POST,
      path: secrets,
      body: JSON.stringify(body),
    });
  } catch (error: any) {
    if (error?.code !== 409) throw error;
    await request({
      method: HttpMethod.PUT,
      path: `${secrets}/${segment(body.metadata!.name!)}`,
      body: JSON.stringify(body),
    });
  }
}

/** Reads the viewer Secret of `cluster`; undefined when there is none. */
export async function readViewerSecret(
  management: ManagementCluster,
  cluster: string,
): Promise<V1Secret | undefined> {
  return jsonClient(management.kubeConfig)({
    method: HttpMethod.GET,
    path: `/api/v1/namespaces/${segment(
      management.argocdNamespace,
    )}/secrets/${segment(viewerSecretName(cluster))}`,
  }).catch((error: any) => {
    if (error?.code === 404) return undefined;
    throw error;
  });
}

/** Deletes the viewer Secret of `cluster` (already gone is fine). */
export async function deleteViewerSecret(
  management: ManagementCluster,
  cluster: string,
): Promise<void> {
  await management.kubeConfig
    .makeApiClient(CoreV1Api)
    .deleteNamespacedSecret({
      name: viewerSecretName(cluster),
      namespace: management.argocdNamespace,
    })
    .catch((error: any) => {
      if (error?.code !== 404) throw error;
    });
}
