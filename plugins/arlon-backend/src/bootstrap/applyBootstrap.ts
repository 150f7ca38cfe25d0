import { NotFoundError } from '@backstage/errors';
import {
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import { GENERATED_ROOT } from '@arlon-backstage/plugin-arlon-common';
import type {
  FleetRepository,
  ManagementCluster,
} from '@arlon-backstage/plugin-arlon-node';
import { parseAllDocuments } from 'yaml';

export const BOOTSTRAP_FILE = `${GENERATED_ROOT}/bootstrap/arlon-fleet.yaml`;

/**
 * Applies the fleet's bootstrap Application to a management cluster: the one
 * object applied by hand, after which ArgoCD syncs everything generated.
 * Server-side apply, so running it again changes nothing.
 */
export async function applyBootstrap(
  repository: FleetRepository,
  cluster: ManagementCluster,
): Promise<KubernetesObject[]> {
  const { files } = await repository.read();
  const text = files[BOOTSTRAP_FILE];
  if (!text) {
    throw new NotFoundError(
      `${BOOTSTRAP_FILE} is missing from the fleet repository; write any definition (or POST /regenerate) to generate it`,
    );
  }
  const client = KubernetesObjectApi.makeApiClient(cluster.kubeConfig);
  const applied: KubernetesObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    const object = doc.toJS() as KubernetesObject;
    applied.push(
      await client.patch(
        object,
        undefined,
        undefined,
        'arlon',
        true,
        PatchStrategy.ServerSideApply,
      ),
    );
  }
  return applied;
}
