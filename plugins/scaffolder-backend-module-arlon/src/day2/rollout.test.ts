import { rolloutOf } from './rollout';

const spec = {
  provider: 'aws',
  type: 'kubeadm',
  kubernetesVersion: 'v1.30.0',
  region: 'eu-west-1',
  sshKeyName: 'ops',
  controlPlane: { replicas: 3, machineType: 'm5.large' },
  nodePools: [
    { name: 'workers', machineType: 'm5.xlarge', replicas: 2 },
    { name: 'batch', machineType: 'c5.2xlarge', replicas: 1 },
  ],
} as any;
const withPool = (i: number, pool: object) => ({
  ...spec,
  nodePools: spec.nodePools.map((p: object, j: number) =>
    j === i ? { ...p, ...pool } : p,
  ),
});

describe('rolloutOf', () => {
  it('a new machine type is a new content-named template for that pool only, and its MachineDeployment points at it', () => {
    const lines = rolloutOf(
      'c1',
      spec,
      withPool(0, { machineType: 'm5.2xlarge' }),
    );
    expect(lines).toEqual([
      'MachineDeployment c1-workers changes in place',
      expect.stringMatching(
        /^new AWSMachineTemplate c1-workers-[0-9a-f]{8}: a template is named by its content/,
      ),
    ]);
  });

  it('scaling changes the MachineDeployment in place, no new template', () => {
    expect(rolloutOf('c1', spec, withPool(1, { replicas: 4 }))).toEqual([
      'MachineDeployment c1-batch changes in place',
    ]);
  });

  it('no change, no lines; an unrenderable spec, no lines (validation says why)', () => {
    expect(rolloutOf('c1', spec, spec)).toEqual([]);
    expect(rolloutOf('c1', spec, { ...spec, provider: 'nowhere' })).toEqual([]);
  });
});
