import {
  arlonClusterDeletePermission,
  arlonClusterUpdatePermission,
  arlonDefinitionUpdatePermission,
  arlonProfileApplyPermission,
  type Cluster,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import type { ResourcePermission } from '@backstage/plugin-permission-common';

/** A link to a day-2 software template, pre-filled, shown to those allowed to run it. */
export interface TemplateLinkSpec {
  title: string;
  /** The template's metadata.name (scaffolder-backend-module-arlon's templates/). */
  templateName: string;
  formData: Record<string, unknown>;
  /** What the template's action checks, on `resourceRef`. */
  permission: ResourcePermission;
  resourceRef: string;
}

/** A spec body's changes, on a cluster spec (and its linked clusters) or a cloned cluster. */
function specBodyLinks(
  target: { target: 'clusterSpec' | 'cluster'; ref: string },
  permission: ResourcePermission,
): TemplateLinkSpec[] {
  const formData = { target: target.target, [target.target]: target.ref };
  return [
    ['Upgrade Kubernetes', 'arlon-upgrade-kubernetes'],
    ['Scale a node pool', 'arlon-scale-node-pool'],
    ['Change a machine type', 'arlon-change-machine-type'],
  ].map(([title, templateName]) => ({
    title,
    templateName,
    formData,
    permission,
    resourceRef: target.ref,
  }));
}

/** The day-2 templates a cluster spec's page links to. */
export function clusterSpecTemplateLinks(name: string): TemplateLinkSpec[] {
  return specBodyLinks(
    { target: 'clusterSpec', ref: entityRef('ClusterSpec', name) },
    arlonDefinitionUpdatePermission,
  );
}

/**
 * The day-2 templates a cluster's page links to: a cloned cluster changes
 * its own spec, a linked one its spec's (the link says which, and asks the
 * spec's permission); a built cluster can be deleted; one with profiles can
 * lose them. An imported cluster is none of Arlon's to upgrade or delete.
 */
export function clusterTemplateLinks(cluster: Cluster): TemplateLinkSpec[] {
  const { name } = cluster.metadata;
  const ref = entityRef('Cluster', name);
  const links: TemplateLinkSpec[] = [];
  if (!cluster.spec.external && cluster.spec.clusterSpec) {
    if (cluster.spec.mode === 'cloned')
      links.push(
        ...specBodyLinks(
          { target: 'cluster', ref },
          arlonClusterUpdatePermission,
        ),
      );
    else
      links.push(
        ...specBodyLinks(
          {
            target: 'clusterSpec',
            ref: entityRef('ClusterSpec', cluster.spec.clusterSpec),
          },
          arlonDefinitionUpdatePermission,
        ).map(link => ({
          ...link,
          title: `${link.title} (spec ${cluster.spec.clusterSpec})`,
        })),
      );
  }
  if (cluster.spec.profiles?.length)
    links.push({
      title: 'Remove profiles',
      templateName: 'arlon-remove-profiles',
      formData: { by: 'names', clusters: [ref] },
      permission: arlonProfileApplyPermission,
      resourceRef: ref,
    });
  if (!cluster.spec.external)
    links.push({
      title: 'Delete with a template',
      templateName: 'arlon-delete-cluster',
      formData: { name: ref },
      permission: arlonClusterDeletePermission,
      resourceRef: ref,
    });
  return links;
}
