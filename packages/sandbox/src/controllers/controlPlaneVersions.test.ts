import {
  compareVersions,
  controlPlaneStatus,
  isRolledOut,
  reportedVersions,
  rolloutStep,
  StatusVersion,
} from './controlPlaneVersions';

/** Every step from `current` until the control plane is rolled out (bounded). */
function rollout(
  current: StatusVersion[],
  desired: { version: string; replicas?: number },
): StatusVersion[][] {
  const steps: StatusVersion[][] = [];
  let now = current;
  while (!isRolledOut(now, desired) && steps.length < 50) {
    now = rolloutStep(now, desired);
    steps.push(now);
  }
  return steps;
}

describe('control plane versions (Cluster API status.versions)', () => {
  it('orders versions semantically, not as text: v1.9 before v1.10, patch by number', () => {
    expect(compareVersions('v1.9.0', 'v1.10.0')).toBeLessThan(0);
    expect(compareVersions('v1.30.10', 'v1.30.9')).toBeGreaterThan(0);
    expect(compareVersions('v1.30.0', 'v1.30.0')).toBe(0);
    expect(compareVersions('nonsense', 'v1.0.0')).toBeLessThan(0);
    expect(compareVersions('v1.0.0', 'nonsense')).toBeGreaterThan(0);
  });

  it('rolls three machines one at a time; the oldest version is listed first until the last machine is replaced', () => {
    expect(
      rollout([{ version: 'v1.30.0', replicas: 3 }], {
        version: 'v1.31.0',
        replicas: 3,
      }),
    ).toEqual([
      [
        { version: 'v1.30.0', replicas: 2 },
        { version: 'v1.31.0', replicas: 1 },
      ],
      [
        { version: 'v1.30.0', replicas: 1 },
        { version: 'v1.31.0', replicas: 2 },
      ],
      [{ version: 'v1.31.0', replicas: 3 }],
    ]);
  });

  it('replaces the oldest version first when a second upgrade starts mid-rollout', () => {
    expect(
      rolloutStep(
        [
          { version: 'v1.30.0', replicas: 1 },
          { version: 'v1.31.0', replicas: 2 },
        ],
        { version: 'v1.31.1', replicas: 3 },
      ),
    ).toEqual([
      { version: 'v1.31.0', replicas: 2 },
      { version: 'v1.31.1', replicas: 1 },
    ]);
  });

  it('scales to the desired count: up one machine a step, and down without adding new ones', () => {
    expect(
      rollout([{ version: 'v1.30.0', replicas: 1 }], {
        version: 'v1.30.0',
        replicas: 3,
      }),
    ).toEqual([
      [{ version: 'v1.30.0', replicas: 2 }],
      [{ version: 'v1.30.0', replicas: 3 }],
    ]);
    expect(
      rollout([{ version: 'v1.30.0', replicas: 3 }], {
        version: 'v1.31.0',
        replicas: 1,
      }),
    ).toEqual([
      [{ version: 'v1.30.0', replicas: 2 }],
      [{ version: 'v1.30.0', replicas: 1 }],
      [{ version: 'v1.31.0', replicas: 1 }],
    ]);
  });

  it('leaves a rolled-out control plane as it is', () => {
    const done = [{ version: 'v1.31.0', replicas: 3 }];
    expect(isRolledOut(done, { version: 'v1.31.0', replicas: 3 })).toBe(true);
    expect(isRolledOut(done, { version: 'v1.31.0', replicas: 1 })).toBe(false);
    expect(isRolledOut(done, { version: 'v1.31.1', replicas: 3 })).toBe(false);
    expect(rolloutStep(done, { version: 'v1.31.0', replicas: 3 })).toEqual(
      done,
    );
  });

  it("writes the Cluster's status.controlPlane: counters of ready, available and up-to-date machines, and versions", () => {
    expect(
      controlPlaneStatus(
        [
          { version: 'v1.30.0', replicas: 1 },
          { version: 'v1.31.0', replicas: 2 },
        ],
        { version: 'v1.31.0', replicas: 3 },
      ),
    ).toEqual({
      desiredReplicas: 3,
      replicas: 3,
      upToDateReplicas: 2,
      readyReplicas: 3,
      availableReplicas: 3,
      versions: [
        { version: 'v1.30.0', replicas: 1 },
        { version: 'v1.31.0', replicas: 2 },
      ],
    });
  });

  it('reads back only versions in the shape it writes', () => {
    const versions = [{ version: 'v1.30.0', replicas: 3 }];
    expect(reportedVersions({ controlPlane: { versions } })).toEqual(versions);
    expect(reportedVersions(undefined)).toBeUndefined();
    expect(reportedVersions({ controlPlane: {} })).toBeUndefined();
  });
  it('upgrades a managed control plane (no replicas) as a whole, in one step, and reports no machine counters', () => {
    const desired = { version: 'v1.30' };
    expect(rollout([{ version: 'v1.29' }], desired)).toEqual([
      [{ version: 'v1.30' }],
    ]);
    expect(controlPlaneStatus([{ version: 'v1.30' }], desired)).toEqual({
      versions: [{ version: 'v1.30' }],
    });
    expect(
      reportedVersions({ controlPlane: { versions: [{ version: 'v1.30' }] } }),
    ).toEqual([{ version: 'v1.30' }]);
  });
});
