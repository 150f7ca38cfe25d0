/**
 * The Cluster API versions the compiler renders core, kubeadm bootstrap and
 * kubeadm control plane objects at. Cluster API 1.11 made v1beta2 the
 * storage version and deprecated v1beta1; both are served until v1beta1 is
 * removed, so a management cluster that serves v1beta2 gets v1beta2.
 */
export const CAPI_VERSIONS = ['v1beta2', 'v1beta1'] as const;
export type CapiVersion = (typeof CAPI_VERSIONS)[number];

/** What is rendered when nothing says otherwise: the version every Cluster API since 1.0 serves. */
export const DEFAULT_CAPI_VERSION: CapiVersion = 'v1beta1';

export function isCapiVersion(value: unknown): value is CapiVersion {
  return (CAPI_VERSIONS as readonly unknown[]).includes(value);
}

/** How a served kind is keyed in ServedKinds (`group/version/Kind`). */
export const capiClusterKey = (version: CapiVersion) =>
  `cluster.x-k8s.io/${version}/Cluster`;

/**
 * The version to render for management clusters that serve `served` (one
 * set of `group/version/Kind` keys per reachable cluster building the
 * fleet): v1beta2 when every one that runs Cluster API serves a v1beta2
 * Cluster, v1beta1 when one serves only v1beta1, and `recorded` (what the
 * generated tree was last compiled with) when none answers or none runs
 * Cluster API yet, so an unreachable or empty management cluster never
 * flips the generated tree back and forth (the unserved-kinds check says
 * what to install on the empty one).
 */
export function chooseCapiVersion(
  served: ReadonlyArray<ReadonlySet<string>>,
  recorded: CapiVersion | undefined,
): CapiVersion {
  const running = served.filter(s =>
    CAPI_VERSIONS.some(v => s.has(capiClusterKey(v))),
  );
  if (!running.length) return recorded ?? DEFAULT_CAPI_VERSION;
  return running.every(s => s.has(capiClusterKey('v1beta2')))
    ? 'v1beta2'
    : 'v1beta1';
}
