import { InputError } from '@backstage/errors';
import {
  type ArlonObject,
  type ArlonResource,
  arlonResourceOfView,
  type Cluster,
  type ClusterSpec,
  definitionViews,
  type FleetEdit,
  type FleetFiles,
} from '@arlon-backstage/plugin-arlon-common';

/** The body of a cluster spec: a ClusterSpec's `spec`, or a cloned cluster's frozen copy. */
export type SpecBody = ClusterSpec['spec'];

/**
 * What a day-2 change edits: a ClusterSpec (and so every cluster linked to
 * it), or a cloned Cluster, which is built from its own frozen copy of a
 * spec (`spec.clonedFrom.spec`).
 */
export type SpecTarget = { kind: 'ClusterSpec' | 'Cluster'; name: string };

/** A target as found on the head: where its spec body is, and who it reaches. */
export interface ResolvedTarget {
  target: SpecTarget;
  /** The definition's file, for messages. */
  file: string;
  /** The spec body's field path in that file. */
  field: 'spec' | 'spec.clonedFrom.spec';
  body: SpecBody;
  /** Clusters built from the body: the cluster itself, or the spec's linked clusters. */
  clusters: string[];
  /** Of those, the ones that take a change only when someone asks (manual update policy). */
  manual: string[];
  /** The definition whose owner the permission is checked on. */
  resource: ArlonResource;
}

/**
 * Finds the target on the head. A linked cluster has no spec of its own
 * (say so, and name the spec to change instead); an external one is not
 * built by Arlon at all.
 */
export function resolveSpecTarget(
  files: FleetFiles,
  target: SpecTarget,
  defaultOwner?: string,
): ResolvedTarget {
  const views = definitionViews(files);
  const view = views.find(
    v => v.kind === target.kind && v.name === target.name,
  );
  if (!view)
    throw new InputError(
      `There is no ${target.kind} named "${target.name}" in the fleet repository`,
    );
  const resource = arlonResourceOfView(view, defaultOwner);
  if (target.kind === 'ClusterSpec') {
    const body = (view.definition as ClusterSpec).spec;
    const linked = linkedClusters(views, target.name);
    return {
      target,
      file: view.file,
      field: 'spec',
      body,
      clusters: linked.map(c => c.metadata.name),
      // A cluster's own policy wins over its spec's (as the compiler reads it).
      manual: linked
        .filter(c => (c.spec.updatePolicy ?? body.updatePolicy) === 'manual')
        .map(c => c.metadata.name),
      resource,
    };
  }
  const cluster = view.definition as Cluster;
  if (cluster.spec?.external)
    throw new InputError(
      `Cluster "${target.name}" (${view.file}) is external (spec.external): Arlon does not build it; change it where it was made`,
    );
  const frozen = cluster.spec?.clonedFrom?.spec;
  if (cluster.spec?.mode !== 'cloned' || !frozen)
    throw new InputError(
      `Cluster "${target.name}" (${view.file}) follows ClusterSpec "${String(
        cluster.spec?.clusterSpec,
      )}" (mode linked): change that spec, which changes every cluster linked to it, or pick a cloned cluster`,
    );
  return {
    target,
    file: view.file,
    field: 'spec.clonedFrom.spec',
    body: frozen,
    clusters: [target.name],
    manual: cluster.spec.updatePolicy === 'manual' ? [target.name] : [],
    resource,
  };
}

/** Built clusters that follow spec `name` (mode linked, the default), by name. */
function linkedClusters(
  views: ReturnType<typeof definitionViews>,
  name: string,
): Cluster[] {
  return views
    .filter(v => {
      const spec = (v.definition as Cluster).spec;
      return (
        v.kind === 'Cluster' &&
        spec?.clusterSpec === name &&
        !spec.external &&
        spec.mode !== 'cloned'
      );
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(v => v.definition as Cluster);
}

/**
 * The edit that replaces the target's spec body with `next`, or none when
 * it is unchanged (an update rewrites the file's layout even when nothing
 * changed, so an unchanged body is no edit and no commit).
 */
export function specBodyEdit(
  resolved: ResolvedTarget,
  next: SpecBody,
): FleetEdit[] {
  if (JSON.stringify(next) === JSON.stringify(resolved.body)) return [];
  const { kind, name } = resolved.target;
  return [
    {
      op: 'update',
      kind,
      names: [name],
      update: (object: ArlonObject) =>
        kind === 'ClusterSpec'
          ? { ...object, spec: next }
          : {
              ...object,
              spec: {
                ...(object as Cluster).spec,
                clonedFrom: {
                  ...(object as Cluster).spec.clonedFrom!,
                  spec: next,
                },
              },
            },
    } as FleetEdit,
  ];
}
