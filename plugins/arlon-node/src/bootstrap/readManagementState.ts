import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  KubeConfig,
} from '@kubernetes/client-node';
import {
  ARGOCD_VERSION_DEPLOYMENTS,
  ManagementState,
} from '@arlon-backstage/plugin-arlon-common';
import { kubernetesFailure } from './kubernetesFailure';

const absent = (error: any) => error?.code === 404;

/**
 * What bootstrap checks, read from a management cluster: the CRDs and the
 * versions they serve, ArgoCD's namespace and the Deployments that tell its
 * version (each read by name: all the portal's role grants).
 */
export async function readManagementState(
  kc: KubeConfig,
  argocdNamespace: string,
): Promise<ManagementState> {
  const crds = await kc
    .makeApiClient(ApiextensionsV1Api)
    .listCustomResourceDefinition()
    .catch(e => {
      throw kubernetesFailure(e, 'list customresourcedefinitions');
    });
  const argocdNamespaceExists = await kc
    .makeApiClient(CoreV1Api)
    .readNamespace({ name: argocdNamespace })
    .then(
      () => true,
      e => {
        if (absent(e)) return false;
        throw kubernetesFailure(e, `get namespaces/${argocdNamespace}`);
      },
    );
  const apps = kc.makeApiClient(AppsV1Api);
  const argocdDeployments = argocdNamespaceExists
    ? (
        await Promise.all(
          ARGOCD_VERSION_DEPLOYMENTS.map(name =>
            apps
              .readNamespacedDeployment({ name, namespace: argocdNamespace })
              .catch(e => {
                if (absent(e)) return undefined;
                throw kubernetesFailure(
                  e,
                  `get deployments/${name} in namespace ${argocdNamespace}`,
                );
              }),
          ),
        )
      ).filter(d => d !== undefined)
    : [];
  return {
    crds: crds.items.map(c => ({
      name: c.metadata?.name ?? '',
      servedVersions: (c.spec?.versions ?? [])
        .filter(v => v.served)
        .map(v => v.name),
    })),
    argocdNamespace,
    argocdNamespaceExists,
    argocdDeployments:
      argocdDeployments as ManagementState['argocdDeployments'],
  };
}
