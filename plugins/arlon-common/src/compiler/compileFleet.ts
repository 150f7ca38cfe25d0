import { stringify } from 'yaml';
import { Fleet, inlineBundleFolder } from '../model/Fleet';
import type {
  Bundle,
  Cluster,
  ClusterSpecSpec,
  ParameterValue,
  Profile,
} from '../model/types';
import { FORBIDDEN_KEYS } from '../model/names';
import { KubeObject, renderClusterManifests } from '../providers/renderCluster';
import { CapiVersion, DEFAULT_CAPI_VERSION } from '../providers/capi/version';
import { FLEET_FORMAT_ANNOTATION, FLEET_FORMAT_VERSION } from './fleetFormat';
import { profileLabels } from './profileLabels';

export interface CompileOptions {
  /** Clone URL of the fleet repository, as ArgoCD reaches it. */
  repoUrl: string;
  /** Branch ArgoCD follows. */
  revision: string;
  /** Namespace ArgoCD runs in. Defaults to `argocd`. */
  argocdNamespace?: string;
  /**
   * Cluster API version of the core and kubeadm objects (v1beta1 unless
   * said). Recorded on the bootstrap Application (CAPI_VERSION_ANNOTATION)
   * so a checkout recompiles to the same bytes.
   */
  capiVersion?: CapiVersion;
}

/** On the bootstrap Application: the Cluster API version the tree was compiled for. */
export const CAPI_VERSION_ANNOTATION = 'arlon.io/capi-version';

/** Generated files: path under the repository root to content. */
export type GeneratedFiles = Record<string, string>;

export const GENERATED_ROOT = 'generated';
/** Deleting an Application first deletes what it deployed, children before parents. */
export const RESOURCES_FINALIZER =
  'resources-finalizer.argocd.argoproj.io/foreground';
// Where they always were for callers of this module; they live in profileLabels.ts.
export { PROFILE_LABEL_PREFIX, profileLabels } from './profileLabels';
const IN_CLUSTER = 'https://kubernetes.default.svc';
const IN_CLUSTER_SPELLINGS = [IN_CLUSTER, `${IN_CLUSTER}.cluster.local`];
/** The AppProject of bundle Applications: declared repositories only, never the management cluster. */
export const BUNDLES_PROJECT = 'arlon-bundles';
/** The AppProject of clusters' root Applications: the fleet repository into the cluster's own namespace. */
export const CLUSTERS_PROJECT = 'arlon-clusters';

/**
 * The compiler: definitions in, the generated tree out. Pure and deterministic
 * (same fleet, byte-identical files), so re-running it is a no-op commit.
 *
 * - `generated/bootstrap/arlon-fleet.yaml`: the one Application to apply by
 *   hand; it syncs `generated/argocd/` into ArgoCD.
 * - `generated/argocd/clusters/<c>.yaml`: a root Application per built cluster,
 *   syncing `generated/clusters/<c>/` (its CAPI manifests) into namespace `<c>`.
 * - `generated/argocd/profiles/<p>.yaml`: an ApplicationSet per profile; its
 *   cluster generator selects ArgoCD cluster Secrets labelled
 *   `profile.arlon.io/<p>: "true"` and emits one Application per bundle.
 * - `generated/values/<c>/<bundle>.yaml`: merged Helm values per cluster and
 *   bundle (bundle defaults < profile < cluster, plus `arlon.clusterName`).
 * - `generated/argocd/projects/`: the AppProjects that bound what those
 *   Applications may deploy (see `bundlesProject`, `clustersProject`). The
 *   bootstrap Application stays in `default`: it must be applied by hand
 *   before anything Arlon generates exists, and only syncs `generated/argocd/`.
 */
export function compileFleet(
  fleet: Fleet,
  options: CompileOptions,
): GeneratedFiles {
  const ns = options.argocdNamespace ?? 'argocd';
  const out: GeneratedFiles = {};
  const put = (path: string, objects: object[]) => {
    out[`${GENERATED_ROOT}/${path}`] = objects
      .map(o => stringify(o, { lineWidth: 0 }))
      .join('---\n');
  };

  // The bootstrap Application never cascades: it carries no resources
  // finalizer, so deleting it (by mistake, or to re-bootstrap) orphans what it
  // synced instead of deleting every cluster's root Application and, through
  // theirs, every cluster. Root and bundle Applications keep theirs: deleting
  // one of them is how one cluster or one bundle is meant to go.
  put('bootstrap/arlon-fleet.yaml', [
    application(
      ns,
      'arlon-fleet',
      { 'arlon.io/kind': 'fleet' },
      // The format this tree is written in, for readers of another release.
      {
        [FLEET_FORMAT_ANNOTATION]: String(FLEET_FORMAT_VERSION),
        [CAPI_VERSION_ANNOTATION]: options.capiVersion ?? DEFAULT_CAPI_VERSION,
      },
      {
        project: 'default',
        source: {
          repoURL: options.repoUrl,
          targetRevision: options.revision,
          path: `${GENERATED_ROOT}/argocd`,
          directory: { recurse: true },
        },
        destination: { server: IN_CLUSTER, namespace: ns },
        syncPolicy: { automated: { prune: true, selfHeal: true } },
      },
      { cascade: false },
    ),
  ]);

  put(`argocd/projects/${BUNDLES_PROJECT}.yaml`, [
    bundlesProject(fleet, options, ns),
  ]);
  put(`argocd/projects/${CLUSTERS_PROJECT}.yaml`, [
    clustersProject(fleet, options, ns),
  ]);

  for (const { object: profile } of sorted(fleet.profiles)) {
    put(`argocd/profiles/${profile.metadata.name}.yaml`, [
      profileApplicationSet(fleet, profile, options, ns),
    ]);
  }

  for (const { object: cluster } of sorted(fleet.clusters)) {
    const name = cluster.metadata.name;
    const spec = specOf(fleet, cluster);
    if (spec) {
      put(
        `clusters/${name}/cluster.yaml`,
        renderClusterManifests(name, name, spec, {
          capiVersion: options.capiVersion,
        }),
      );
      put(`argocd/clusters/${name}.yaml`, [
        clusterApplication(fleet, cluster, spec, options, ns),
      ]);
    }
    for (const [bundle, values] of clusterValues(fleet, cluster)) {
      put(`values/${name}/${bundle}.yaml`, [values]);
    }
  }

  return Object.fromEntries(
    Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

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

function clusterApplication(
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

function profileApplicationSet(
  fleet: Fleet,
  profile: Profile,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const name = profile.metadata.name;
  const automated = (profile.spec.updatePolicy ?? 'auto') === 'auto';
  // A bundle validation dropped (broken in its own file) is left out, not
  // dereferenced: the fleet validateFleet keeps of a broken commit compiles.
  const elements = profile.spec.bundles.flatMap(b => {
    const bundle = fleet.bundles.get(b)?.object;
    return bundle ? [bundleElement(bundle, options)] : [];
  });
  const syncPolicy = {
    ...(automated ? { automated: { prune: true, selfHeal: true } } : {}),
    syncOptions: ['CreateNamespace=true'],
  };
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: {
      name: `profile-${name}`,
      namespace: ns,
      labels: { 'arlon.io/kind': 'profile', 'arlon.io/profile': name },
    },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [
        {
          matrix: {
            generators: [
              {
                clusters: {
                  selector: {
                    matchLabels: profileLabels([name]),
                  },
                },
              },
              { list: { elements } },
            ],
          },
        },
      ],
      template: {
        metadata: {
          name: '{{ .name }}-{{ .bundle }}',
          labels: {
            'arlon.io/kind': 'bundle',
            'arlon.io/cluster': '{{ .name }}',
            'arlon.io/profile': name,
            'arlon.io/bundle': '{{ .bundle }}',
          },
          finalizers: [RESOURCES_FINALIZER],
        },
        spec: {
          project: BUNDLES_PROJECT,
          source: {
            repoURL: '{{ .repoURL }}',
            targetRevision: '{{ .revision }}',
            path: '{{ .path }}',
          },
          destination: { server: '{{ .server }}', namespace: '{{ .bundle }}' },
          syncPolicy,
        },
      },
      templatePatch: helmTemplatePatch(options),
      syncPolicy: { preserveResourcesOnDeletion: false },
    },
  };
}

/**
 * Helm bundles read their merged values from the fleet repository. ArgoCD
 * renders the patch as text and then parses it as YAML, so every value it
 * interpolates goes through `toJson` (sprig's, which ArgoCD's templates
 * have): a JSON string is a YAML double-quoted scalar, whatever it holds.
 * The fixed values are JSON-quoted here, and `{{` in them is spelled as a
 * template string, so nothing from configuration is read as template either.
 */
function helmTemplatePatch(options: CompileOptions): string {
  const fixed = (text: string) =>
    text.includes('{{') || text.includes('}}')
      ? `{{ ${JSON.stringify(JSON.stringify(text))} }}`
      : JSON.stringify(text);
  // One block per kind of chart; only the line that locates it differs.
  const block = (type: string, locator: string) => [
    `{{- if eq .type "${type}" }}`,
    'spec:',
    '  source: null',
    '  sources:',
    '    - repoURL: {{ .repoURL | toJson }}',
    '      targetRevision: {{ .revision | toJson }}',
    `      ${locator}`,
    '      helm:',
    '        releaseName: {{ .bundle | toJson }}',
    '        valueFiles:',
    `          - {{ printf "$values/${GENERATED_ROOT}/values/%s/%s.yaml" .name .bundle | toJson }}`,
    '        ignoreMissingValueFiles: true',
    `    - repoURL: ${fixed(options.repoUrl)}`,
    `      targetRevision: ${fixed(options.revision)}`,
    '      ref: values',
    '{{- end }}',
  ];
  return [
    // A chart in a Git folder.
    ...block('helm', 'path: {{ .path | toJson }}'),
    // A chart from a Helm repository: ArgoCD's chart source, the version as
    // targetRevision (never a range: validation allows exact versions only).
    ...block('chart', 'chart: {{ .chart | toJson }}'),
    '',
  ].join('\n');
}

/**
 * Bundle Applications may read only the repositories the fleet declares (its
 * own, and each Git bundle's) and deploy anywhere but the management
 * cluster. The `!` destination is a deny rule (ArgoCD 2.5 and later): it
 * wins over the allow-all after it whatever the order.
 */
function bundlesProject(
  fleet: Fleet,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const repos = new Set<string>([options.repoUrl]);
  for (const { object } of fleet.bundles.values()) {
    const source = object.spec.source;
    if ('git' in source && source.git) repos.add(source.git.repoUrl);
    if ('helmRepository' in source && source.helmRepository)
      repos.add(source.helmRepository.repoUrl);
  }
  return appProject(ns, BUNDLES_PROJECT, {
    description:
      "Arlon's bundle Applications: the fleet's declared repositories, any workload cluster, never the management cluster.",
    sourceRepos: [...repos].sort(),
    destinations: [
      // ArgoCD compares server strings: deny both spellings of in-cluster.
      ...IN_CLUSTER_SPELLINGS.map(server => ({
        server: `!${server}`,
        namespace: '*',
      })),
      { server: '*', namespace: '*' },
    ],
    clusterResourceWhitelist: [{ group: '*', kind: '*' }],
  });
}

/**
 * Root Applications deploy a cluster's Cluster API objects from the fleet
 * repository into the namespace named after it on the management cluster,
 * and nothing else: no other namespace, no cluster-scoped kind but the
 * Namespace that `CreateNamespace=true` makes.
 */
function clustersProject(
  fleet: Fleet,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const built = sorted(fleet.clusters)
    .filter(({ object }) => specOf(fleet, object))
    .map(({ object }) => object.metadata.name);
  return appProject(ns, CLUSTERS_PROJECT, {
    description:
      "Arlon's cluster root Applications: Cluster API objects from the fleet repository, each into its cluster's namespace of the management cluster.",
    sourceRepos: [options.repoUrl],
    destinations: built.map(name => ({ server: IN_CLUSTER, namespace: name })),
    clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }],
  });
}

function appProject(ns: string, name: string, spec: object): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AppProject',
    metadata: {
      name,
      namespace: ns,
      labels: { 'arlon.io/kind': 'project' },
    },
    spec,
  };
}

function bundleElement(bundle: Bundle, options: CompileOptions) {
  const source = bundle.spec.source;
  if ('helmRepository' in source && source.helmRepository) {
    // `path` stays, empty: the template reads .path for every element
    // (missingkey=error), and the patch replaces this source with a chart one.
    return {
      bundle: bundle.metadata.name,
      repoURL: source.helmRepository.repoUrl,
      chart: source.helmRepository.chart,
      path: '',
      revision: source.helmRepository.version,
      type: 'chart',
    };
  }
  if ('git' in source && source.git) {
    return {
      bundle: bundle.metadata.name,
      repoURL: source.git.repoUrl,
      path: source.git.path,
      revision: source.git.revision,
      type: source.git.type,
    };
  }
  return {
    bundle: bundle.metadata.name,
    repoURL: options.repoUrl,
    path: inlineBundleFolder(bundle.metadata.name),
    revision: options.revision,
    type: 'directory',
  };
}

/** A chart from a Git folder or from a Helm repository: both read merged values. */
function isHelmSource(source: Bundle['spec']['source']): boolean {
  if ('helmRepository' in source && source.helmRepository) return true;
  return 'git' in source && source.git?.type === 'helm';
}

/** Merged values per Helm bundle of the cluster's profiles: bundle < profile < cluster. */
function clusterValues(
  fleet: Fleet,
  cluster: Cluster,
): Array<[string, object]> {
  const result: Array<[string, object]> = [];
  for (const profileName of cluster.spec.profiles ?? []) {
    const profile = fleet.profiles.get(profileName)?.object;
    for (const bundleName of profile?.spec.bundles ?? []) {
      const bundle = fleet.bundles.get(bundleName)?.object;
      const source = bundle?.spec.source;
      if (!bundle || !source || !isHelmSource(source)) continue;
      const flat: Record<string, ParameterValue> = {};
      for (const p of bundle.spec.parameters ?? [])
        if (p.default !== undefined) flat[p.name] = p.default;
      Object.assign(
        flat,
        profile?.spec.values?.[bundleName],
        cluster.spec.values?.[bundleName],
      );
      const values = nest(flat);
      (values as any).arlon = {
        clusterName: cluster.metadata.name,
        // Sorted, as nest() sorts values: reordering labels by hand is no change.
        clusterLabels: Object.fromEntries(
          Object.entries(cluster.metadata.labels ?? {}).sort(([a], [b]) =>
            a < b ? -1 : 1,
          ),
        ),
      };
      result.push([bundleName, values]);
    }
  }
  return result.sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * `{ 'service.type': 'NodePort' }` becomes `{ service: { type: 'NodePort' } }`,
 * as Helm's --set reads it. Validation refuses __proto__, constructor and
 * prototype segments; the objects built here have no prototype anyway, so
 * no key can reach Object.prototype, and such segments are skipped.
 */
export function nest(
  flat: Record<string, ParameterValue>,
): Record<string, unknown> {
  const root: Record<string, any> = Object.create(null);
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    if (parts.some(p => FORBIDDEN_KEYS.has(p))) continue;
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const child = Object.prototype.hasOwnProperty.call(node, part)
        ? node[part]
        : undefined;
      node = node[part] =
        child !== null && typeof child === 'object'
          ? child
          : Object.create(null);
    }
    node[parts[parts.length - 1]] = flat[key];
  }
  return root;
}

function application(
  namespace: string,
  name: string,
  labels: Record<string, string>,
  annotations: Record<string, string>,
  spec: object,
  { cascade = true }: { cascade?: boolean } = {},
): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: {
      name,
      namespace,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ...(cascade ? { finalizers: [RESOURCES_FINALIZER] } : {}),
    },
    spec,
  };
}

function sorted<T>(map: Map<string, T>): T[] {
  return [...map.keys()].sort().map(k => map.get(k)!);
}
