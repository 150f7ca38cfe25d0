import { InputError, NotFoundError } from '@backstage/errors';
import { CoreV1Api, V1Secret } from '@kubernetes/client-node';
import { profileLabels } from '@internal/backstage-plugin-arlon-common';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import { stringify } from 'yaml';
import {
  argocdClusterLabels,
  argocdClusterSecret,
  createArgoCdAccess,
} from './registerWorkloadCluster';

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
 * Registers an external cluster in ArgoCD (from a kubeconfig, through its own
 * ArgoCD service account; or adopting a cluster ArgoCD already has) with the
 * labels of its profiles. Returns the API server URL for its definition.
 */
export async function registerExternalCluster(
  management: ManagementCluster,
  request: ImportRequest,
): Promise<string> {
  const core = management.kubeConfig.makeApiClient(CoreV1Api);
  const namespace = management.argocdNamespace;
  const labels = argocdClusterLabels(
    request.name,
    profileLabels(request.profiles),
  );
  if (request.kubeconfig) {
    let access;
    try {
      access = await createArgoCdAccess(request.kubeconfig);
    } catch (error) {
      // Never echo the kubeconfig: it carries credentials.
      throw new InputError(
        `Could not use the kubeconfig to reach the cluster: ${
          (error as Error).message.split('\n')[0]
        }`,
      );
    }
    const body: V1Secret = argocdClusterSecret(request.name, access, labels);
    await core
      .createNamespacedSecret({ namespace, body })
      .catch(async (error: any) => {
        if (error?.code !== 409) throw error;
        await core.replaceNamespacedSecret({
          name: `cluster-${request.name}`,
          namespace,
          body,
        });
      });
    return access.server;
  }
  const { secret: existing, server } = await findArgoCdCluster(
    management,
    request.argocdCluster!,
  );
  await core.replaceNamespacedSecret({
    name: existing.metadata!.name!,
    namespace,
    body: {
      ...existing,
      metadata: {
        ...existing.metadata,
        labels: { ...existing.metadata?.labels, ...labels },
      },
    },
  });
  return server;
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
  const secrets = await management.kubeConfig
    .makeApiClient(CoreV1Api)
    .listNamespacedSecret({
      namespace: management.argocdNamespace,
      labelSelector: 'argocd.argoproj.io/secret-type=cluster',
    });
  const found = secrets.items.find(
    s => decode(s.data?.name) === name || s.metadata?.name === name,
  );
  if (!found)
    throw new NotFoundError(
      `ArgoCD on ${management.name} knows no cluster named "${name}"`,
    );
  return { secret: found, server: decode(found.data?.server) };
}
