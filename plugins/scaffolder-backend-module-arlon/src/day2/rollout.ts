import {
  type ClusterSpecSpec,
  renderClusterManifests,
} from '@arlon-backstage/plugin-arlon-common';

type Rendered = ReturnType<typeof renderClusterManifests>[number];

const keyOf = (o: Rendered) => `${o.kind} ${o.metadata.name}`;

/**
 * How Cluster API carries out a spec change on a cluster, for people to
 * read before they commit. Machine and bootstrap templates are named by
 * their content (docs/decisions.md): a changed template is a new one, and
 * Cluster API rolls the machines that used the old one onto it; other
 * objects (a managed node pool, a MachineDeployment's replicas) change in
 * place.
 */
export function rolloutOf(
  cluster: string,
  before: ClusterSpecSpec,
  after: ClusterSpecSpec,
): string[] {
  const render = (spec: ClusterSpecSpec) => {
    try {
      return renderClusterManifests(cluster, cluster, spec);
    } catch {
      return []; // validation says why, at its line
    }
  };
  const was = new Map(render(before).map(o => [keyOf(o), o]));
  const lines: string[] = [];
  for (const object of render(after)) {
    const key = keyOf(object);
    const old = was.get(key);
    if (object.kind.endsWith('Template')) {
      if (!old)
        lines.push(
          `new ${key}: a template is named by its content, so Cluster API rolls the machines that used the old one onto it as its rollout strategy allows (by default one new machine at a time)`,
        );
    } else if (old && JSON.stringify(old) !== JSON.stringify(object))
      lines.push(`${key} changes in place`);
  }
  return lines;
}
