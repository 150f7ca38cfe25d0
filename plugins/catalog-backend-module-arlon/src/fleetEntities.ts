import type { Entity } from '@backstage/catalog-model';
import {
  bundleEntityRef,
  Cluster,
  ClusterSpec,
  DefinitionView,
  ENTITY_TYPES,
  entityName,
  entityRef,
  HeldState,
  isDefinitionName,
  Profile,
} from '@arlon-backstage/plugin-arlon-common';
import { publicHttpUrl, type FleetLinks } from './fleetLinks';

/**
 * The label selector a cluster's Kubernetes tab lists objects with: every
 * object of the workload cluster, except those labelled to be left out.
 */
export const CLUSTER_WORKLOADS_SELECTOR = '!arlon.io/portal-hidden';

/** The live facts of a cluster that its entity shows (never a secret). */
export interface ClusterFacts {
  phase?: string;
  registration?: string;
  /** API server URL of the workload cluster, for the Kubernetes plugin. */
  server?: string;
  /** The management cluster whose ArgoCD has it (its ArgoCD instance's name). */
  managementCluster?: string;
}

export interface FleetEntityOptions {
  /** Names the provider and the fleet: `arlon.io/fleet`. */
  fleet: string;
  /** The fleet repository's web links, built for its host by the configured integrations. */
  links: FleetLinks;
  defaultOwner: string;
  argocdUrl?: string;
  /**
   * Several management clusters (several ArgoCD instances): cluster entities
   * then name theirs in `argocd/instance-name`, as the ArgoCD plugins read it.
   */
  multipleArgoCdInstances?: boolean;
}

/**
 * Pure: the catalog entities of a fleet repository's definitions, valid or
 * not (problems ride along in `arlon.io/problems` for the processor to show),
 * with clusters' live facts. Same input, same entities.
 *
 * @public
 */
export function fleetEntities(
  views: DefinitionView[],
  facts: (cluster: string) => ClusterFacts | undefined,
  options: FleetEntityOptions,
): Entity[] {
  const specs = new Map(
    views
      .filter(v => v.kind === 'ClusterSpec')
      .map(v => [v.name, (v.definition as ClusterSpec).spec]),
  );
  // A definition whose name is not a definition name (hand-pushed, e.g.
  // `../x`) is a validation problem in the fleet, never an entity: entity
  // names, refs and links are built from it.
  const named = views.filter(view => isDefinitionName(view.name));
  return named.map(view => {
    const def = view.definition as any;
    const { links: repo } = options;
    const fileUrl = repo.view(view.file);
    const editUrl = repo.edit(view.file);
    const folderUrl = repo.folder(
      view.file.slice(0, view.file.lastIndexOf('/') + 1),
    );
    // A host no integration covers: the repository, not a guessed file page.
    const location = `url:${fileUrl ?? repo.repository}`;
    const annotations: Record<string, string> = {
      'arlon.io/fleet': options.fleet,
      'arlon.io/kind': view.kind,
      'arlon.io/source-file': view.file,
      'backstage.io/managed-by-location': location,
      'backstage.io/managed-by-origin-location': location,
      'backstage.io/source-location': `url:${
        folderUrl ? `${folderUrl}/` : `${repo.repository}`
      }`,
      ...(fileUrl ? { 'backstage.io/view-url': fileUrl } : {}),
      ...(editUrl ? { 'backstage.io/edit-url': editUrl } : {}),
    };
    if (view.problems.length)
      annotations['arlon.io/problems'] = JSON.stringify(
        view.problems.map(p => ({
          file: p.file,
          line: p.line,
          field: p.field,
          message: p.message,
          hint: p.hint,
        })),
      );
    if (view.held) heldAnnotations(view.held, annotations);
    const links: Array<{ url: string; title: string; icon?: string }> = [
      {
        url: fileUrl ?? repo.repository,
        title: 'Definition in the fleet repository',
        ...(repo.type === 'github' ? { icon: 'github' } : {}),
      },
    ];
    const dependsOn: string[] = [];

    switch (view.kind) {
      case 'Profile':
        // A library bundle (`<library>/<bundle>`) is its own entity (libraryEntities).
        for (const b of toList((def as Profile).spec?.bundles)) {
          const bundle = bundleEntityRef(b);
          if (bundle) dependsOn.push(bundle);
        }
        break;
      case 'ClusterSpec': {
        const spec = (def as ClusterSpec).spec ?? ({} as any);
        if (spec.provider)
          annotations['arlon.io/provider'] = `${spec.provider}${
            spec.type ? `/${spec.type}` : ''
          }`;
        if (spec.kubernetesVersion)
          annotations['arlon.io/kubernetes-version'] = spec.kubernetesVersion;
        break;
      }
      case 'Cluster': {
        const spec = (def as Cluster).spec ?? ({} as any);
        const mode = spec.external ? 'external' : spec.mode ?? 'linked';
        annotations['arlon.io/mode'] = mode;
        if (spec.clonedFrom?.revision)
          annotations['arlon.io/cloned-from-revision'] =
            spec.clonedFrom.revision;
        // What the cluster is built from: its frozen copy if cloned, else its spec.
        const rendered =
          spec.clonedFrom?.spec ??
          (spec.clusterSpec ? specs.get(spec.clusterSpec) : undefined);
        if (rendered?.provider)
          annotations[
            'arlon.io/provider'
          ] = `${rendered.provider}/${rendered.type}`;
        if (rendered?.kubernetesVersion)
          annotations['arlon.io/kubernetes-version'] =
            rendered.kubernetesVersion;
        annotations['argocd/app-selector'] = `arlon.io/cluster=${view.name}`;
        // The Kubernetes tab lists the workload cluster's own objects (the
        // kubernetes module supplies the cluster under the entity's name),
        // not objects labelled with the cluster's name on other clusters.
        annotations['backstage.io/kubernetes-label-selector'] =
          CLUSTER_WORKLOADS_SELECTOR;
        annotations['backstage.io/kubernetes-cluster'] = entityName(
          'Cluster',
          view.name,
        );
        const live = facts(view.name);
        const server =
          apiServerUrl(live?.server) ?? apiServerUrl(spec.external?.server);
        if (server) annotations['kubernetes.io/api-server'] = server;
        if (live?.phase) annotations['arlon.io/phase'] = live.phase;
        if (live?.registration)
          annotations['arlon.io/registration'] = live.registration;
        if (options.multipleArgoCdInstances && live?.managementCluster)
          annotations['argocd/instance-name'] = live.managementCluster;
        if (spec.clusterSpec)
          dependsOn.push(entityRef('ClusterSpec', spec.clusterSpec));
        for (const p of toList(spec.profiles))
          dependsOn.push(entityRef('Profile', p));
        if (options.argocdUrl)
          links.push({
            url: `${options.argocdUrl}/applications?labels=${encodeURIComponent(
              `arlon.io/cluster=${view.name}`,
            )}`,
            title: 'Applications in ArgoCD',
          });
        break;
      }
      default:
        break;
    }
    const owner =
      def.metadata?.annotations?.['arlon.io/owner'] ?? options.defaultOwner;
    return {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        name: entityName(view.kind, view.name),
        namespace: 'default',
        title: view.name,
        ...(typeof def.spec?.description === 'string'
          ? { description: def.spec.description }
          : {}),
        labels: sanitiseLabels(def.metadata?.labels),
        tags: toList(def.spec?.tags)
          .map(t => t.toLowerCase().replace(/[^a-z0-9:+#-]/g, '-'))
          .filter(Boolean),
        annotations,
        links,
      },
      spec: {
        type: ENTITY_TYPES[view.kind],
        owner,
        ...(dependsOn.length ? { dependsOn } : {}),
      },
    };
  });
}

/**
 * A held definition (or a cluster held by one it rests on) says so: at which
 * commit it is held, and what holds it, for the processor to show as
 * processing errors and the cluster's page to warn about.
 */
function heldAnnotations(held: HeldState, annotations: Record<string, string>) {
  // The commit whose state is kept: its own last good one, or its cause's.
  annotations['arlon.io/held-at'] =
    held.shownFrom ?? held.because.find(c => c.lastGood)?.lastGood ?? 'unknown';
  annotations['arlon.io/held'] = JSON.stringify(
    held.because.map(cause => {
      const first = cause.problems[0];
      return {
        ...('kind' in cause ? { kind: cause.kind, name: cause.name } : {}),
        file: first?.file ?? ('file' in cause ? cause.file : ''),
        line: first?.line ?? 1,
        field: first?.field ?? '',
        message: first?.message ?? 'invalid',
        ...(cause.lastGood ? { lastGood: cause.lastGood } : {}),
        ...(cause.brokenBy
          ? {
              brokenBy: cause.brokenBy.commit,
              brokenBySummary: cause.brokenBy.summary,
            }
          : {}),
      };
    }),
  );
}

/**
 * A cluster's API server URL as every catalog reader may see it
 * (publicHttpUrl), without a trailing slash; undefined for anything else (a
 * hand-pushed definition is an entity even when invalid).
 */
function apiServerUrl(value: unknown): string | undefined {
  return publicHttpUrl(value)?.toString().replace(/\/$/, '');
}

function toList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string')
    return value
      .split(',')
      .map(v => v.trim())
      .filter(Boolean);
  return [];
}

function sanitiseLabels(labels: unknown): Record<string, string> {
  if (!labels || typeof labels !== 'object') return {};
  return Object.fromEntries(
    Object.entries(labels as Record<string, unknown>).filter(
      ([, v]) => typeof v === 'string',
    ),
  ) as Record<string, string>;
}
