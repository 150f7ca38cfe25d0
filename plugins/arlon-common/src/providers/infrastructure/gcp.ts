import type { ClusterSpecSpec } from '../../model/types';
import type { InfrastructureRenderer } from './types';
import { apiVersionOf, when } from './types';

const project = (spec: ClusterSpecSpec) => spec.providerSpec?.gcp?.project;

export const gcp: InfrastructureRenderer = {
  // GCPCluster and GCPManagedCluster take the same project, region and network.
  cluster: spec => ({
    project: project(spec),
    region: spec.region,
    network: { name: spec.network?.vpcId ?? 'default' },
  }),
  machine: (_spec, machineType) => ({ instanceType: machineType }),
  controlPlane: (spec, name, meta, kind) => [
    {
      apiVersion: apiVersionOf(kind),
      kind: kind.kind,
      metadata: meta(`${name}-control-plane`),
      spec: {
        project: project(spec),
        location: spec.region,
        version: spec.kubernetesVersion.replace(/^v/, ''),
      },
    },
  ],
  pool: (_spec, pool) => ({
    machineType: pool.machineType,
    ...when(pool.autoscaling, a => ({
      scaling: { minCount: a.min, maxCount: a.max },
    })),
  }),
};
