// Per-cluster tree: the spec a built cluster renders from, and its root Application.
import type { Fleet } from '../model/Fleet';
import type { Cluster, ClusterSpecSpec } from '../model/types';
import type { KubeObject } from '../providers/renderCluster';
import { application } from './argoObjects';
import {
  CLUSTERS_PROJECT,
  CompileOptions,
  GENERATED_ROOT,
  IN_CLUSTER,
} from './generatedTree';

/** The spec a built cluster is rendered from: the live one if linked, the frozen copy if cloned. */
export function specOf(
  fleet: Fleet,
  cluster: Cluster,
): ClusterSpecSpec | undefined {
  if (cluster.spec.external) return undefined;
  if (cluster.spec.mode === 'cloned') return cluster.spec.clonedFrom?.spec;
  return cluster.spec.clusterSpec
    ? fleet.clusterSpecs.get(cluster.spec.clusterSpec)?.object.spec
    : undefined;
}

export function clusterApplication(
  fleet: Fleet,
  cluster: Cluster,
  spec: ClusterSpecSpec,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const name = cluster.metadata.name;
  const mode = cluster.spec.mode ?? 'linked';
  const policy =
    cluster.spec.updatePolicy ??
    (mode === 'linked' && cluster.spec.clusterSpec
      ? fleet.clusterSpecs.get(cluster.spec.clusterSpec)?.object.spec
          .updatePolicy
      : undefined) ??
    'auto';
  const autoscaled = spec.nodePools.some(p => p.autoscaling);
  return application(
    ns,
    name,
    { 'arlon.io/kind': 'cluster', 'arlon.io/cluster': name },
    {
      'arlon.io/cluster-spec': cluster.spec.clusterSpec ?? '',
      'arlon.io/mode': mode,
      ...(cluster.spec.clonedFrom
        ? { 'arlon.io/cloned-from-revision': cluster.spec.clonedFrom.revision }
        : {}),
      'arlon.io/update-policy': policy,
    },
    {
      project: CLUSTERS_PROJECT,
      source: {
        repoURL: options.repoUrl,
        targetRevision: options.revision,
        path: `${GENERATED_ROOT}/clusters/${name}`,
      },
      // The namespace is created, never managed: deleting the Application removes
      // the CAPI objects first and leaves the namespace, so CAPI can finish its
      // teardown (its finalizers need the namespace alive).
      destination: { server: IN_CLUSTER, namespace: name },
      syncPolicy: {
        ...(policy === 'auto'
          ? { automated: { prune: true, selfHeal: true } }
          : {}),
        // PruneLast: a template no longer in Git (its content changed, so
        // its name did) goes only after everything else is applied and
        // healthy, once the objects using it point at its successor.
        syncOptions: ['CreateNamespace=true', 'PruneLast=true'],
      },
      // The autoscaler owns replicas of autoscaled pools.
      ...(autoscaled
        ? {
            ignoreDifferences: [
              {
                group: 'cluster.x-k8s.io',
                kind: 'MachineDeployment',
                jsonPointers: ['/spec/replicas'],
              },
              {
                group: 'cluster.x-k8s.io',
                kind: 'MachinePool',
                jsonPointers: ['/spec/replicas'],
              },
            ],
          }
        : {}),
    },
  );
}
