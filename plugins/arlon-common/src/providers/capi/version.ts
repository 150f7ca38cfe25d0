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
 * fleet): v1beta2 when every one of them serves a v1beta2 Cluster, v1beta1
 * when one answers without it, and `recorded` (what the generated tree was
 * last compiled with) when none answers, so an unreachable management
 * cluster never flips the generated tree back and forth.
 */
export function chooseCapiVersion(
  served: ReadonlyArray<ReadonlySet<string>>,
  recorded: CapiVersion | undefined,
): CapiVersion {
  if (!served.length) return recorded ?? DEFAULT_CAPI_VERSION;
  return served.every(s => s.has(capiClusterKey('v1beta2')))
    ? 'v1beta2'
    : 'v1beta1';
}
