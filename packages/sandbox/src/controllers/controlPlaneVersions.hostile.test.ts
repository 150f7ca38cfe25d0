import {
  isRolledOut,
  reportedVersions,
  rolloutStep,
  StatusVersion,
} from './controlPlaneVersions';

/** Status read back from the store may have been written by anyone with access to /status. */
describe('control plane versions, hostile status', () => {
  it.each([
    ['a string', 'v1.30.0'],
    ['an object', { version: 'v1.30.0', replicas: 1 }],
    ['entries without a version', [{ replicas: 1 }]],
    ['a numeric version', [{ version: 130, replicas: 1 }]],
    ['replicas as text', [{ version: 'v1.30.0', replicas: '3' }]],
    ['negative replicas', [{ version: 'v1.30.0', replicas: -1 }]],
    ['fractional replicas', [{ version: 'v1.30.0', replicas: 1.5 }]],
    ['null entries', [null]],
  ])(
    'refuses versions given as %s (treated as never reported)',
    (_, versions) => {
      expect(reportedVersions({ controlPlane: { versions } })).toBeUndefined();
    },
  );

  it('keeps a version named like a prototype key as plain data', () => {
    const versions = reportedVersions(
      JSON.parse(
        '{"controlPlane":{"versions":[{"version":"__proto__","replicas":2}]}}',
      ),
    )!;
    expect(versions).toEqual([{ version: '__proto__', replicas: 2 }]);
    expect(rolloutStep(versions, { version: 'v1.30.0', replicas: 2 })).toEqual([
      { version: '__proto__', replicas: 1 },
      { version: 'v1.30.0', replicas: 1 },
    ]);
    expect(({} as any).replicas).toBeUndefined();
  });

  it('rolls a huge control plane out in as many steps as it has machines, never more', () => {
    let now: StatusVersion[] = [{ version: 'v1.30.0', replicas: 500 }];
    const desired = { version: 'v1.31.0', replicas: 500 };
    let steps = 0;
    while (!isRolledOut(now, desired) && steps < 1000) {
      now = rolloutStep(now, desired);
      steps++;
    }
    expect(steps).toBe(500);
    expect(now).toEqual([{ version: 'v1.31.0', replicas: 500 }]);
  });

  it('merges duplicate entries of one version instead of counting them twice', () => {
    expect(
      rolloutStep(
        [
          { version: 'v1.30.0', replicas: 1 },
          { version: 'v1.30.0', replicas: 1 },
        ],
        { version: 'v1.30.0', replicas: 2 },
      ),
    ).toEqual([{ version: 'v1.30.0', replicas: 2 }]);
  });
});
