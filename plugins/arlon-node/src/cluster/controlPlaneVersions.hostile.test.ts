import { controlPlaneVersionsOf } from './controlPlaneVersions';

/** A Cluster's status is whatever its controller (or anyone allowed to write /status) wrote. */
describe('controlPlaneVersionsOf, hostile status', () => {
  it.each([
    ['a string', 'v1.30.0'],
    ['an object', { version: 'v1.30.0' }],
    ['an empty list', []],
    ['a numeric version', [{ version: 130 }]],
    ['an empty version', [{ version: '' }]],
    ['a version longer than the CRD allows', [{ version: 'v'.repeat(257) }]],
    ['replicas as text', [{ version: 'v1.30.0', replicas: '3' }]],
    ['negative replicas', [{ version: 'v1.30.0', replicas: -1 }]],
    ['null entries', [null]],
    [
      'more entries than Cluster API allows',
      Array.from({ length: 33 }, (_, i) => ({ version: `v1.${i}.0` })),
    ],
  ])('leaves out versions given as %s', (_, versions) => {
    expect(
      controlPlaneVersionsOf({ controlPlane: { versions } }),
    ).toBeUndefined();
    expect(
      controlPlaneVersionsOf({ v1beta2: { controlPlane: { versions } } }),
    ).toBeUndefined();
  });

  it('copies only version and replicas: other keys, __proto__ included, stay behind', () => {
    const status = JSON.parse(
      '{"controlPlane":{"versions":[{"version":"v1.30.0","replicas":1,"__proto__":{"polluted":true},"extra":"x"}]}}',
    );
    const versions = controlPlaneVersionsOf(status)!;
    expect(versions).toEqual([{ version: 'v1.30.0', replicas: 1 }]);
    expect(Object.keys(versions[0])).toEqual(['version', 'replicas']);
    expect(({} as any).polluted).toBeUndefined();
    expect((versions[0] as any).polluted).toBeUndefined();
  });

  it('reads a status whose controlPlane is a prototype key name as absent', () => {
    expect(
      controlPlaneVersionsOf(JSON.parse('{"__proto__":{"controlPlane":{}}}')),
    ).toBeUndefined();
  });
});
