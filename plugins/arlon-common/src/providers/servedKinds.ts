import { parseAllDocuments } from 'yaml';
import { GENERATED_ROOT } from '../compiler/compileFleet';
import { KIND_FOLDERS } from '../model/Fleet';
import type { Problem } from '../validation/Problem';
import { KindRef, PROVIDERS } from './catalog';
import { renderClusterManifests } from './renderCluster';
import { CAPI_VERSIONS } from './capi/version';

/** `group/version/Kind` (`v1/Kind` for the core group): how served kinds are named here. */
export type KindKey = string;

/** What one reachable management cluster serves, of {@link clusterManifestKinds}. */
export interface ServedKinds {
  managementCluster: string;
  served: ReadonlySet<KindKey>;
}

const keyOf = (apiVersion: string, kind: string): KindKey =>
  `${apiVersion}/${kind}`;
const apiVersionOf = (k: KindRef) =>
  k.group ? `${k.group}/${k.version}` : k.version;

/** A kind as manifests name it. */
export interface ManifestKind {
  apiVersion: string;
  kind: string;
}

let kinds: ManifestKind[] | undefined;

/**
 * Every kind a cluster's Cluster API manifests can use, found by rendering
 * each provider's cluster types once per Cluster API version: what a
 * management cluster must serve, and (from which Cluster version it serves)
 * which version the compiler renders for it.
 */
export function clusterManifestKinds(): ReadonlyArray<ManifestKind> {
  if (!kinds) {
    const found = new Map<KindKey, ManifestKind>();
    for (const capiVersion of CAPI_VERSIONS)
      for (const provider of PROVIDERS)
        for (const type of Object.keys(provider.clusterTypes))
          for (const { apiVersion, kind } of renderClusterManifests(
            'probe',
            'probe',
            {
              provider: provider.id,
              type,
              kubernetesVersion: 'v1.30.0',
              region: 'region',
              sshKeyName: 'key',
              controlPlane: { replicas: 1 },
              nodePools: [
                { name: 'pool', machineType: 'machine', replicas: 1 },
              ],
            },
            { capiVersion },
          ))
            found.set(keyOf(apiVersion, kind), { apiVersion, kind });
    kinds = [...found.values()];
  }
  return kinds;
}

/** What installs a kind: its infrastructure provider, or Cluster API's core (kubeadm included). */
export function installHint(apiVersion: string, kind: string): string {
  const owns = (k?: KindRef) =>
    !!k && k.kind === kind && apiVersionOf(k) === apiVersion;
  // A ClusterClass's infrastructure cluster template is the provider's too.
  const template = (k: KindRef): KindRef => ({
    ...k,
    kind: `${k.kind}Template`,
  });
  const provider = PROVIDERS.find(
    p =>
      owns(p.infrastructureCluster) ||
      owns(template(p.infrastructureCluster)) ||
      owns(p.machineTemplate) ||
      Object.values(p.clusterTypes).some(
        t =>
          (owns(t.controlPlane) &&
            !t.controlPlane.kind.startsWith('Kubeadm')) ||
          owns(t.infrastructureCluster) ||
          owns(t.managedMachinePool) ||
          (t.components ?? []).some(owns),
      ),
  );
  return provider
    ? `Install the ${provider.title} provider on it: clusterctl init --infrastructure ${provider.id}`
    : 'Install Cluster API on it: clusterctl init (the core, kubeadm bootstrap and control plane providers)';
}

const CLUSTER_MANIFESTS = new RegExp(
  `^${GENERATED_ROOT}/clusters/([^/]+)/cluster\\.yaml$`,
);

/**
 * Pure: problems for every Cluster API kind that a change's generated cluster
 * manifests use and a reachable management cluster does not serve, so a
 * cluster is not committed only for Cluster API to fail on it later. Each
 * names the cluster's definition (its `clusterSpec` line) and what to install.
 */
export function unservedClusterKinds(
  changes: Record<string, string | null>,
  files: Record<string, string>,
  servedBy: ServedKinds[],
): Problem[] {
  // Nothing to check against (no management cluster answers): skip parsing
  // every changed cluster manifest, which a fleet-wide regenerate would pay.
  if (!servedBy.length) return [];
  const problems: Problem[] = [];
  for (const [path, text] of Object.entries(changes)) {
    const name = CLUSTER_MANIFESTS.exec(path)?.[1];
    if (!name || text === null) continue;
    const used = new Map<KindKey, ManifestKind>();
    for (const doc of parseAllDocuments(text)) {
      const { apiVersion, kind } = (doc.toJS() ?? {}) as Record<string, string>;
      if (apiVersion && kind)
        used.set(keyOf(apiVersion, kind), { apiVersion, kind });
    }
    const [file, definition] = clusterDefinition(name, changes, files);
    const lines = definition.split('\n');
    const at = lines.findIndex(l => /^\s+clusterSpec:/.test(l));
    for (const { managementCluster, served } of servedBy) {
      // One problem per thing to install, naming every kind it would bring.
      const missing = new Map<string, string[]>();
      for (const [key, { apiVersion, kind }] of used)
        if (!served.has(key)) {
          const hint = installHint(apiVersion, kind);
          missing.set(hint, [
            ...(missing.get(hint) ?? []),
            `${kind} (${apiVersion})`,
          ]);
        }
      for (const [hint, missingKinds] of missing)
        problems.push({
          file,
          line: at + 1 || 1,
          column: at < 0 ? 1 : lines[at].indexOf('clusterSpec') + 1,
          field: 'spec.clusterSpec',
          message: `Management cluster ${managementCluster} does not serve ${missingKinds.join(
            ', ',
          )}, which this cluster's Cluster API manifests need`,
          hint,
        });
    }
  }
  return problems;
}

/** The cluster's definition file and text as the change leaves them: `<name>.yaml` by convention, else the file naming it. */
function clusterDefinition(
  name: string,
  changes: Record<string, string | null>,
  files: Record<string, string>,
): [string, string] {
  const text = (path: string) =>
    path in changes ? changes[path] : files[path];
  const conventional = `${KIND_FOLDERS.Cluster}/${name}.yaml`;
  if (text(conventional)) return [conventional, text(conventional)!];
  const names = new RegExp(`^\\s+name:\\s*["']?${name}["']?\\s*$`, 'm');
  const found = [...new Set([...Object.keys(files), ...Object.keys(changes)])]
    .filter(p => p.startsWith(`${KIND_FOLDERS.Cluster}/`))
    .find(p => names.test(text(p) ?? ''));
  return found ? [found, text(found)!] : [conventional, ''];
}
