import {
  crdPlural,
  KindRef,
  PROVIDERS,
} from '@arlon-backstage/plugin-arlon-common';

interface CrdKind extends KindRef {
  plural?: string;
  namespaced?: boolean;
  status?: boolean;
}

const capi = (kind: string, version = 'v1beta1'): CrdKind => ({
  group: 'cluster.x-k8s.io',
  version,
  kind,
  status: true,
});
const argo = (kind: string): CrdKind => ({
  group: 'argoproj.io',
  version: 'v1alpha1',
  kind,
  status: false,
});

/** Cluster API core and bootstrap kinds, the infrastructure and control plane kinds of every catalog provider, and ArgoCD's. */
export function sandboxCrdKinds(): CrdKind[] {
  const kinds: CrdKind[] = [
    capi('Cluster'),
    capi('ClusterClass'),
    capi('Machine'),
    capi('MachineSet'),
    capi('MachineDeployment'),
    capi('MachinePool'),
    {
      group: 'bootstrap.cluster.x-k8s.io',
      version: 'v1beta1',
      kind: 'KubeadmConfig',
      status: true,
    },
    {
      group: 'bootstrap.cluster.x-k8s.io',
      version: 'v1beta1',
      kind: 'KubeadmConfigTemplate',
    },
    argo('Application'),
    argo('ApplicationSet'),
    argo('AppProject'),
  ];
  for (const provider of PROVIDERS) {
    kinds.push(
      { ...provider.infrastructureCluster, status: true },
      provider.machineTemplate,
    );
    for (const type of Object.values(provider.clusterTypes)) {
      kinds.push({ ...type.controlPlane, status: true });
      if (type.infrastructureCluster)
        kinds.push({ ...type.infrastructureCluster, status: true });
      if (type.managedMachinePool)
        kinds.push({ ...type.managedMachinePool, status: true });
    }
  }
  return kinds;
}

/** CustomResourceDefinitions for `kinds`, one per group and kind with every version served. */
export function sandboxCrds(kinds: CrdKind[] = sandboxCrdKinds()): any[] {
  const byName = new Map<string, { kind: CrdKind; versions: Set<string> }>();
  for (const kind of kinds) {
    const plural = kind.plural ?? crdPlural(kind.kind);
    const name = `${plural}.${kind.group}`;
    const entry = byName.get(name) ?? {
      kind: { ...kind, plural },
      versions: new Set<string>(),
    };
    entry.versions.add(kind.version);
    entry.kind.status = entry.kind.status || kind.status;
    byName.set(name, entry);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { kind, versions }]) => ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name },
      spec: {
        group: kind.group,
        scope: kind.namespaced === false ? 'Cluster' : 'Namespaced',
        names: {
          kind: kind.kind,
          plural: kind.plural,
          singular: kind.kind.toLowerCase(),
          listKind: `${kind.kind}List`,
        },
        versions: [...versions].sort().map((version, i) => ({
          name: version,
          served: true,
          storage: i === versions.size - 1,
          ...(kind.status ? { subresources: { status: {} } } : {}),
          schema: {
            openAPIV3Schema: {
              type: 'object',
              'x-kubernetes-preserve-unknown-fields': true,
            },
          },
        })),
      },
    }));
}
