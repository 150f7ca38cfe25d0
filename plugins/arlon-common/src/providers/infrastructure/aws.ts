import type { InfrastructureRenderer } from './types';
import { apiVersionOf, when } from './types';

/** EKS takes a minor version (`v1.29`); CAPA's pattern refuses `v1.29.0`. */
const eksVersion = (v: string) => v.replace(/^(v\d+\.\d+)\.\d+$/, '$1');
const vpc = (vpcId?: string) =>
  when(vpcId, id => ({ network: { vpc: { id } } }));

export const aws: InfrastructureRenderer = {
  cluster: spec =>
    spec.type === 'eks'
      ? {}
      : {
          region: spec.region,
          sshKeyName: spec.sshKeyName,
          ...vpc(spec.network?.vpcId),
        },
  // The instance profiles clusterawsadm creates: control plane machines need
  // the wider one (the cloud provider manages load balancers from there).
  machine: (spec, machineType, role) => ({
    instanceType: machineType,
    sshKeyName: spec.sshKeyName,
    iamInstanceProfile:
      role === 'controlPlane'
        ? 'control-plane.cluster-api-provider-aws.sigs.k8s.io'
        : 'nodes.cluster-api-provider-aws.sigs.k8s.io',
  }),
  controlPlane: (spec, name, meta, kind) => [
    {
      apiVersion: apiVersionOf(kind),
      kind: kind.kind,
      metadata: meta(`${name}-control-plane`),
      spec: {
        region: spec.region,
        version: eksVersion(spec.kubernetesVersion),
        sshKeyName: spec.sshKeyName,
        ...vpc(spec.network?.vpcId),
      },
    },
  ],
  pool: (_spec, pool) => ({
    instanceType: pool.machineType,
    ...when(pool.autoscaling, a => ({
      scaling: { minSize: a.min, maxSize: a.max },
    })),
  }),
};
