import type { ResolvedTarget } from './specTarget';
import { upgradeLines } from './upgradeLines';

const kubeadm = {
  provider: 'aws',
  type: 'kubeadm',
  kubernetesVersion: 'v1.29.4',
  region: 'eu-west-1',
  sshKeyName: 'ops',
  controlPlane: { replicas: 3, machineType: 'm5.large' },
  nodePools: [{ name: 'workers', machineType: 'm5.xlarge', replicas: 2 }],
} as any;
const eks = {
  provider: 'aws',
  type: 'eks',
  kubernetesVersion: 'v1.29.4',
  region: 'us-west-2',
  nodePools: [{ name: 'general', machineType: 't3.large', replicas: 3 }],
} as any;
const target = (body: any, manual: string[] = []): ResolvedTarget => ({
  target: { kind: 'ClusterSpec', name: 'spec-a' },
  file: 'arlon/clusterspecs/spec-a.yaml',
  field: 'spec',
  body,
  clusters: ['c1', 'c2'],
  manual,
  resource: {} as any,
});
const to = (body: any, version: string) => ({
  ...body,
  kubernetesVersion: version,
});

describe('upgradeLines', () => {
  it('a kubeadm control plane: the versions, and what Cluster API changes', () => {
    const lines = upgradeLines(
      target(kubeadm),
      to(kubeadm, 'v1.30.0'),
      'v1.30.0',
    );
    // No ClusterClass: nothing makes the workers wait for the control plane.
    expect(lines[0]).toBe(
      'ClusterSpec spec-a: Kubernetes v1.29.4 → v1.30.0; the control plane and the node pools change in this one commit and Cluster API rolls them at the same time (no ClusterClass orders it): until the control plane is done, workers at the new version are newer than their API server, which the version-skew policy forbids, so they may fail to join or be refused, and are retried',
    );
    expect(lines).toContain(
      'KubeadmControlPlane c1-control-plane changes in place',
    );
    expect(lines).toContain('MachineDeployment c1-workers changes in place');
  });

  it('an EKS patch release: the node group takes it, the control plane (which takes only the minor version) does not change', () => {
    expect(upgradeLines(target(eks), to(eks, 'v1.29.7'), 'v1.29.7')).toEqual([
      'ClusterSpec spec-a: Kubernetes v1.29.4 → v1.29.7; the control plane and the node pools change in this one commit and Cluster API rolls them at the same time (no ClusterClass orders it): until the control plane is done, workers at the new version are newer than their API server, which the version-skew policy forbids, so they may fail to join or be refused, and are retried',
      'MachinePool c1-general changes in place',
    ]);
  });

  it('a ClusterClass topology: Cluster API orders it, control plane first', () => {
    const docker = {
      provider: 'docker',
      type: 'kubeadm',
      kubernetesVersion: 'v1.29.4',
      controlPlane: { replicas: 1 },
      nodePools: [{ name: 'workers', replicas: 2 }],
    } as any;
    const lines = upgradeLines(
      target(docker),
      to(docker, 'v1.30.0'),
      'v1.30.0',
    );
    expect(lines[0]).toBe(
      'ClusterSpec spec-a: Kubernetes v1.29.4 → v1.30.0; Cluster API upgrades the control plane first, then rolls the workers (the ClusterClass topology orders it)',
    );
    // One object carries the version: the Cluster's topology.
    expect(lines.slice(1)).toEqual(['Cluster c1 changes in place']);
  });

  it('says when nothing it renders changes', () => {
    const unrendered = { ...eks, provider: 'nowhere' };
    expect(
      upgradeLines(target(unrendered), to(unrendered, 'v1.30.0'), 'v1.30.0')[1],
    ).toBe(
      'No rendered Cluster API object changes: the provider does not take this version change',
    );
  });

  it('names the linked clusters on a manual update policy', () => {
    expect(
      upgradeLines(target(eks, ['c2']), to(eks, 'v1.30.0'), 'v1.30.0').at(-1),
    ).toBe(
      'Manual update policy: c2 get this only when someone updates them; update each before the next minor upgrade, or it would skip a version',
    );
  });

  it('the same version: one line, nothing else', () => {
    expect(upgradeLines(target(eks), eks, 'v1.29.4')).toEqual([
      'ClusterSpec spec-a is at v1.29.4 already',
    ]);
  });
});
