import type { ClusterStatus } from '@arlon-backstage/plugin-arlon-common';
import Typography from '@material-ui/core/Typography';

type Versions = NonNullable<ClusterStatus['capi']>['controlPlaneVersions'];

const machines = (n: number) => `${n} machine${n === 1 ? '' : 's'}`;

/** While a rollout runs: which version how many machines run, older first; undefined when there is one version. */
export function describeRollout(versions: Versions): string | undefined {
  if (!versions || versions.length < 2) return undefined;
  return `rolling out: ${versions
    .map(v =>
      v.replicas === undefined
        ? v.version
        : `${v.version} on ${machines(v.replicas)}`,
    )
    .join(', ')}`;
}

/**
 * The control plane's Kubernetes version as Cluster API reports it: the
 * oldest its machines run (what Cluster API's status.version means), so an
 * upgrade shows only once every machine runs the new version.
 */
export function ControlPlaneVersion({ versions }: { versions: Versions }) {
  if (!versions?.length) return null;
  const rollout = describeRollout(versions);
  return (
    <Typography variant="body2">
      Kubernetes{' '}
      <span data-testid="kubernetes-version">{versions[0].version}</span>
      {rollout && <span data-testid="kubernetes-rollout"> ({rollout})</span>}
    </Typography>
  );
}
