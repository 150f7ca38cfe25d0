import { changeNodePool } from './nodePoolChange';

const body = {
  provider: 'aws',
  type: 'kubeadm',
  kubernetesVersion: 'v1.30.0',
  nodePools: [
    { name: 'workers', machineType: 'm5.large', replicas: 3 },
    {
      name: 'batch',
      machineType: 'c5.2xlarge',
      replicas: 0,
      autoscaling: { min: 0, max: 20 },
    },
  ],
} as any;
const where = { file: 'arlon/clusterspecs/x.yaml', field: 'spec' };
const change = (pool: string, c: object) =>
  changeNodePool(body, where, pool, c);

describe('changeNodePool', () => {
  it('changes only the named pool, leaving the body it was given', () => {
    const { body: next } = change('workers', { replicas: 5 });
    expect(next.nodePools).toEqual([
      { name: 'workers', machineType: 'm5.large', replicas: 5 },
      body.nodePools[1],
    ]);
    expect(body.nodePools[0].replicas).toBe(3);
  });

  it.each([
    [
      { autoscaling: { min: 4, max: 9 } },
      4,
      'replicas 3 → 4, to start within the autoscaling range 4..9',
    ],
    [
      { autoscaling: { min: 0, max: 2 } },
      2,
      'replicas 3 → 2, to start within the autoscaling range 0..2',
    ],
    [{ autoscaling: { min: 1, max: 5 } }, 3, undefined],
    [{ autoscaling: { min: 4, max: 9 }, replicas: 6 }, 6, undefined],
  ])('%j starts at %d', (c, replicas, note) => {
    const { body: next, notes } = change('workers', c);
    expect(next.nodePools[0].replicas).toBe(replicas);
    expect(notes).toEqual(note ? [note] : []);
  });

  it('null stops autoscaling and keeps the size', () => {
    expect(change('batch', { autoscaling: null }).body.nodePools[1]).toEqual({
      name: 'batch',
      machineType: 'c5.2xlarge',
      replicas: 0,
    });
  });

  it.each([
    [
      'gpu',
      { replicas: 1 },
      'arlon/clusterspecs/x.yaml: spec.nodePools has no pool named "gpu" (its pools: workers, batch)',
    ],
    ['workers', {}, 'Give what to change'],
    [
      'workers',
      { replicas: 5001 },
      'spec.nodePools[0].replicas must be a whole number from 0 to 5000',
    ],
    [
      'batch',
      { autoscaling: { min: 3, max: 2 } },
      'spec.nodePools[1].autoscaling.min (3) is above',
    ],
    [
      'batch',
      { autoscaling: { min: 1, max: 2, step: 1 } },
      'spec.nodePools[1].autoscaling must be { min, max }',
    ],
    [
      'workers',
      { machineType: '-rf' },
      'spec.nodePools[0].machineType must be',
    ],
  ])('pool %s with %j: refused, naming the field', (pool, c, message) => {
    expect(() => change(pool, c)).toThrow(message);
  });

  it('takes machine types and node images as providers name them', () => {
    for (const machineType of [
      'Standard_D4s_v5',
      'kindest/node:v1.31.0',
      'registry.example.com/node@sha256:0123abcd',
      'n2-standard-4',
    ])
      expect(
        change('workers', { machineType }).body.nodePools[0].machineType,
      ).toBe(machineType);
  });
});
