import { useApi } from '@backstage/frontend-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  Cluster,
  ClusterSpec,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import useAsync from 'react-use/esm/useAsync';
import { arlonApiRef } from '../../api/ArlonClient';
import { EntityChips } from '../common/EntityChips';

/** How a cluster is built: its spec (linked or cloned), profiles and node pools, or its server when imported. */
export function ClusterBuild({ cluster }: { cluster: Cluster }) {
  const api = useApi(arlonApiRef);
  const { spec } = cluster;
  // A linked cluster follows its spec; a cloned one keeps the copy it was made from.
  const nodeSpec = useAsync(async () => {
    if (spec.clonedFrom) return spec.clonedFrom.spec;
    if (!spec.clusterSpec) return undefined;
    return (
      (await api.get('clusterspecs', spec.clusterSpec))
        .definition as ClusterSpec
    ).spec;
  }, [api, spec.clusterSpec, spec.clonedFrom]);
  return (
    <Box>
      <Typography variant="subtitle2">Built from</Typography>
      {spec.external ? (
        <Typography>Imported: {spec.external.server}</Typography>
      ) : (
        <Typography component="div">
          {spec.clusterSpec && (
            <EntityRefLink
              entityRef={entityRef('ClusterSpec', spec.clusterSpec)}
            >
              {spec.clusterSpec}
            </EntityRefLink>
          )}{' '}
          <Chip size="small" label={spec.mode ?? 'linked'} />
          {spec.clonedFrom && (
            <Typography variant="caption" display="block">
              Cloned from revision {spec.clonedFrom.revision.slice(0, 12)}
            </Typography>
          )}
        </Typography>
      )}
      <Typography variant="subtitle2" style={{ marginTop: 8 }}>
        Profiles
      </Typography>
      <Box>
        {(spec.profiles ?? []).length === 0 && <Typography>None</Typography>}
        <EntityChips kind="Profile" names={spec.profiles ?? []} />
      </Box>
      {nodeSpec.value && (
        <>
          <Typography variant="subtitle2" style={{ marginTop: 8 }}>
            Kubernetes {nodeSpec.value.kubernetesVersion} on{' '}
            {nodeSpec.value.provider} {nodeSpec.value.type}
          </Typography>
          {nodeSpec.value.nodePools.map(pool => (
            <Typography key={pool.name} variant="body2">
              {pool.name}: {pool.replicas} × {pool.machineType}
              {pool.autoscaling
                ? ` (autoscaling ${pool.autoscaling.min}–${pool.autoscaling.max})`
                : ''}
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
}
