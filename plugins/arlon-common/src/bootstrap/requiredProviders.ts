import type { Fleet } from '../model/Fleet';
import type { ClusterSpecSpec } from '../model/types';
import { crdPlural, KindRef, PROVIDERS } from '../providers/catalog';
import type { CapiVersion } from '../providers/capi/version';
import { renderClusterManifests } from '../providers/renderCluster';

/** What `clusterctl init` installs a kind with: one of its provider flags. */
export interface ClusterctlProvider {
  /** `core` is what a bare `clusterctl init` installs (with kubeadm). */
  type: 'core' | 'infrastructure' | 'control-plane' | 'bootstrap';
  /** clusterctl's provider name. */
  name: string;
}

/** A kind the fleet's Cluster API manifests use, the CRD that serves it, and what installs it. */
export interface RequiredKind {
  apiVersion: string;
  kind: string;
  /** `<plural>.<group>`, the CRD's name. */
  crd: string;
  /** The version the CRD must serve. */
  version: string;
  provider: ClusterctlProvider;
  /** The ClusterSpecs (or cloned clusters) that need it. */
  neededBy: string[];
}

/** A CRD as bootstrap sees it: its name and the versions it serves. */
export interface ServedCrd {
  name: string;
  servedVersions: string[];
}

// clusterctl's own names where they differ from the catalog's ids.
const CLUSTERCTL_NAMES: Record<string, string> = { equinix: 'packet' };
// Control planes that are not the infrastructure provider's nor kubeadm's.
const CONTROL_PLANE_PROVIDERS: Record<string, string> = {
  TalosControlPlane: 'talos',
  NestedControlPlane: 'nested',
  NestedEtcd: 'nested',
  NestedAPIServer: 'nested',
  NestedControllerManager: 'nested',
};

const CORE: ClusterctlProvider = { type: 'core', name: 'cluster-api' };

function providerOf(group: string, kind: string): ClusterctlProvider {
  if (CONTROL_PLANE_PROVIDERS[kind])
    return { type: 'control-plane', name: CONTROL_PLANE_PROVIDERS[kind] };
  if (
    !group.startsWith('infrastructure.') &&
    !group.startsWith('controlplane.')
  )
    return CORE;
  if (kind.startsWith('Kubeadm')) return CORE;
  const owns = (k?: KindRef) =>
    !!k &&
    k.group === group &&
    (k.kind === kind || `${k.kind}Template` === kind);
  const provider = PROVIDERS.find(
    p =>
      owns(p.infrastructureCluster) ||
      owns(p.machineTemplate) ||
      Object.values(p.clusterTypes).some(
        t =>
          owns(t.controlPlane) ||
          owns(t.infrastructureCluster) ||
          owns(t.managedMachinePool) ||
          (t.components ?? []).some(owns),
      ),
  );
  return provider
    ? {
        type: 'infrastructure',
        name: CLUSTERCTL_NAMES[provider.id] ?? provider.id,
      }
    : CORE;
}

/**
 * Pure: every Cluster API kind the fleet's ClusterSpecs (and cloned
 * clusters' frozen copies) render to at `capiVersion`, each with its CRD
 * and the clusterctl provider that installs it. A spec that does not render
 * is the validator's problem, not bootstrap's: it is skipped.
 */
export function requiredClusterKinds(
  fleet: Fleet,
  capiVersion: CapiVersion,
): RequiredKind[] {
  const specs: Array<[string, ClusterSpecSpec]> = [];
  for (const [name, { object }] of fleet.clusterSpecs)
    specs.push([`ClusterSpec ${name}`, object.spec]);
  for (const [name, { object }] of fleet.clusters)
    if (object.spec.clonedFrom?.spec)
      specs.push([`Cluster ${name} (cloned)`, object.spec.clonedFrom.spec]);
  const found = new Map<string, RequiredKind>();
  for (const [who, spec] of specs) {
    let objects;
    try {
      objects = renderClusterManifests('probe', 'probe', spec, { capiVersion });
    } catch {
      continue;
    }
    for (const { apiVersion, kind } of objects) {
      const slash = apiVersion.lastIndexOf('/');
      if (slash < 0) continue; // core Kubernetes kinds (Secrets) need no provider
      const group = apiVersion.slice(0, slash);
      const key = `${apiVersion}/${kind}`;
      const entry = found.get(key) ?? {
        apiVersion,
        kind,
        crd: `${crdPlural(kind)}.${group}`,
        version: apiVersion.slice(slash + 1),
        provider: providerOf(group, kind),
        neededBy: [],
      };
      if (!entry.neededBy.includes(who)) entry.neededBy.push(who);
      found.set(key, entry);
    }
  }
  return [...found.values()].sort((a, b) =>
    `${a.crd}`.localeCompare(`${b.crd}`),
  );
}

/** Pure: the required kinds whose CRD is absent or does not serve the version. */
export function missingKinds(
  required: ReadonlyArray<RequiredKind>,
  crds: ReadonlyArray<ServedCrd>,
): RequiredKind[] {
  const served = new Map(crds.map(c => [c.name, new Set(c.servedVersions)]));
  return required.filter(r => !served.get(r.crd)?.has(r.version));
}

/**
 * Pure: the one `clusterctl init` that installs everything missing. A bare
 * `clusterctl init` brings the core with kubeadm's bootstrap and control
 * plane; the flags add the rest (clusterctl takes comma-separated names, and
 * adds providers to a management cluster that has the core already).
 */
export function clusterctlInitCommand(
  missing: ReadonlyArray<RequiredKind>,
): string | undefined {
  if (!missing.length) return undefined;
  const names = (type: ClusterctlProvider['type']) => [
    ...new Set(
      missing
        .filter(m => m.provider.type === type)
        .map(m => m.provider.name)
        .sort(),
    ),
  ];
  const flags: string[] = [];
  for (const type of ['infrastructure', 'control-plane', 'bootstrap'] as const)
    if (names(type).length) flags.push(`--${type} ${names(type).join(',')}`);
  return ['clusterctl init', ...flags].join(' ');
}
