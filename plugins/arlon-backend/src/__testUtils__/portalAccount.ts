import {
  CoreV1Api,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import {
  DEFAULT_PORTAL_SERVICE_ACCOUNT,
  portalClusterRole,
  PortalRbacOptions,
} from '@arlon-backstage/plugin-arlon-common';
import { kubeConfigFor, type Sandbox } from '@arlon-backstage/arlon-sandbox';

/**
 * Creates the portal's service account on the sandbox's management cluster
 * with nothing but the RBAC objects `portalClusterRole()` generates (what
 * `arlon bootstrap --print-rbac` prints), or `objects` instead of them, and
 * returns a token for it (TokenRequest, as `kubectl create token`). Done
 * with the sandbox's admin token, as a cluster administrator would.
 */
export async function portalAccountToken(
  sandbox: Sandbox,
  options: {
    rbac?: PortalRbacOptions;
    objects?: KubernetesObject[];
  } = {},
): Promise<string> {
  const admin = kubeConfigFor(
    sandbox.apiServer.url,
    sandbox.token,
    sandbox.apiServer.caData,
  );
  const account =
    options.rbac?.serviceAccount ?? DEFAULT_PORTAL_SERVICE_ACCOUNT;
  const core = admin.makeApiClient(CoreV1Api);
  await core
    .createNamespace({ body: { metadata: { name: account.namespace } } })
    .catch(ignoreConflict);
  await core
    .createNamespacedServiceAccount({
      namespace: account.namespace,
      body: { metadata: { name: account.name } },
    })
    .catch(ignoreConflict);
  const objects =
    options.objects ??
    (portalClusterRole({
      argocdNamespace: 'argocd',
      ...options.rbac,
    }).objects as KubernetesObject[]);
  await applyAll(admin, objects);
  const request = await core.createNamespacedServiceAccountToken({
    name: account.name,
    namespace: account.namespace,
    body: { spec: { audiences: [], expirationSeconds: 3600 } },
  });
  return request.status!.token;
}

/** The sandbox's `arlon` config with the portal reaching the management cluster as `token`. */
export function arlonConfigAs(sandbox: Sandbox, token: string) {
  const config = sandbox.arlonConfig();
  return {
    ...config,
    managementClusters: config.managementClusters.map(m => ({
      ...m,
      serviceAccountToken: token,
    })),
  };
}

async function applyAll(kc: KubeConfig, objects: KubernetesObject[]) {
  const client = KubernetesObjectApi.makeApiClient(kc);
  for (const object of objects) await client.create(object);
}

function ignoreConflict(error: any) {
  if (error?.code !== 409) throw error;
}
