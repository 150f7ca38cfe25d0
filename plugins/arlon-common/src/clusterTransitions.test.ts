import {
  destructiveClusterChange,
  destructiveSpecChange,
  isBuiltCluster,
} from './clusterTransitions';

const built = { spec: { clusterSpec: 'small', profiles: ['base'] } };

describe('destructiveClusterChange', () => {
  it('a profile change on a built cluster is an ordinary update', () => {
    expect(
      destructiveClusterChange(built, {
        spec: { clusterSpec: 'small', profiles: ['base', 'extra'] },
      }),
    ).toBeUndefined();
  });

  it('turning a built cluster external is destructive', () => {
    expect(
      destructiveClusterChange(built, {
        spec: { external: { server: 'https://x.example.com' } },
      }),
    ).toMatch(/external/);
  });

  it('dropping the cluster spec is destructive', () => {
    expect(destructiveClusterChange(built, { spec: {} })).toMatch(/external/);
  });

  it('changing the cluster spec is destructive', () => {
    expect(
      destructiveClusterChange(built, { spec: { clusterSpec: 'large' } }),
    ).toMatch(/small → large/);
  });

  it('changing the mode is destructive', () => {
    expect(
      destructiveClusterChange(built, {
        spec: { clusterSpec: 'small', mode: 'cloned' },
      }),
    ).toMatch(/linked → cloned/);
  });

  it('an external cluster may change anything with update alone', () => {
    const external = { spec: { external: { server: 'https://a' } } };
    expect(isBuiltCluster(external)).toBe(false);
    expect(
      destructiveClusterChange(external, { spec: { clusterSpec: 'small' } }),
    ).toBeUndefined();
  });
});

describe('destructiveSpecChange and content-named templates', () => {
  const spec = (machineType: string, replicas = 2) => ({
    provider: 'aws',
    type: 'kubeadm',
    kubernetesVersion: 'v1.31.2',
    region: 'eu-west-1',
    sshKeyName: 'ops',
    controlPlane: { replicas: 3, machineType: 'm5.large' },
    nodePools: [{ name: 'md-0', machineType, replicas }],
  });

  it('a machine type change renames its template, which is a rollout, not a rebuild', () => {
    expect(
      destructiveSpecChange('c1', spec('m5.xlarge'), spec('m6i.xlarge')),
    ).toBeUndefined();
  });

  it('removing a node pool still is destructive', () => {
    expect(
      destructiveSpecChange('c1', spec('m5.xlarge'), {
        ...spec('m5.xlarge'),
        nodePools: [{ name: 'md-1', machineType: 'm5.xlarge', replicas: 2 }],
      }),
    ).toMatch(/MachineDeployment c1\/c1-md-0/);
  });
});
