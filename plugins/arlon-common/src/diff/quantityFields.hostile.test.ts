import { compareObjects } from './compareObjects';
import { isQuantityField } from './quantityFields';

const cpuPath = ['spec', 'containers', 0, 'resources', 'limits', 'cpu'];

describe('isQuantityField with hostile manifests', () => {
  it.each([
    [{}, 'v1'],
    [[], 'v1'],
    [null, 'v1'],
    [7, 'v1'],
    ['Pod', {}],
    ['Pod', ['v1']],
    ['Pod', 1],
    ['Pod', undefined],
  ])(
    'gives a kind %j with apiVersion %j no kind-bound fields, without throwing',
    (kind, apiVersion) => {
      expect(isQuantityField({ apiVersion, kind }, cpuPath)).toBe(false);
    },
  );

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'finds no fields for the kind %j (nothing inherited is a table entry)',
    kind => {
      for (const apiVersion of ['v1', '__proto__/v1', 'constructor/v1'])
        expect(isQuantityField({ apiVersion, kind }, cpuPath)).toBe(false);
    },
  );

  it('never takes a field named like a list item, or a number-named field, for a list item', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod' };
    for (const item of ['[]', '0'])
      expect(
        isQuantityField(pod, [
          'spec',
          'containers',
          item,
          'resources',
          'limits',
          'cpu',
        ]),
      ).toBe(false);
    // and a list item is never a map key (`*`): a ResourceList is a map
    expect(
      isQuantityField(pod, ['spec', 'containers', 0, 'resources', 'limits', 0]),
    ).toBe(false);
  });

  it('compares a ConfigMap shaped like a pod (keys spelled "[]") exactly', () => {
    const configMap = (v: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      spec: {
        containers: { '[]': { resources: { limits: { cpu: v } } } },
      },
    });
    expect(compareObjects(configMap('1'), configMap('1000m'))).toHaveLength(1);
  });

  it('compares a __proto__ resource name like any other, without touching prototypes', () => {
    const pod = (limits: string) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      spec: {
        containers: [
          {
            name: 'a',
            resources: { limits: JSON.parse(`{"__proto__": ${limits}}`) },
          },
        ],
      },
    });
    expect(compareObjects(pod('"1"'), pod('"1000m"'))).toEqual([]);
    expect(compareObjects(pod('"1"'), pod('"2"'))).toEqual([
      {
        path: 'spec.containers[name=a].resources.limits.__proto__',
        kind: 'changed',
        from: '2',
        to: '1',
      },
    ]);
    expect(({} as any).cpu).toBeUndefined();
  });

  it('compares a pod of 5,000 containers, equal quantities equal', () => {
    const containers = (cpu: string) =>
      Array.from({ length: 5000 }, (_, i) => ({
        name: `c${i}`,
        resources: { limits: { cpu } },
      }));
    const pod = (c: string) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      spec: { containers: containers(c) },
    });
    expect(compareObjects(pod('1'), pod('1000m'))).toEqual([]);
  });
});
