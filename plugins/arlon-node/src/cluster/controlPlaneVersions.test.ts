import { controlPlaneVersionsOf } from './controlPlaneVersions';

describe('controlPlaneVersionsOf', () => {
  const rolling = [
    { version: 'v1.30.0', replicas: 1 },
    { version: 'v1.31.0', replicas: 2 },
  ];

  it('reads a Cluster at v1beta1: the versions under status.v1beta2.controlPlane, in the order given', () => {
    expect(
      controlPlaneVersionsOf({
        phase: 'Provisioned',
        v1beta2: { controlPlane: { replicas: 3, versions: rolling } },
      }),
    ).toEqual(rolling);
  });

  it('reads a Cluster at v1beta2: status.controlPlane.versions', () => {
    expect(
      controlPlaneVersionsOf({ controlPlane: { versions: rolling } }),
    ).toEqual(rolling);
  });

  it('keeps an entry without replicas (a control plane that does not count machines)', () => {
    expect(
      controlPlaneVersionsOf({
        controlPlane: { versions: [{ version: 'v1.31.0' }] },
      }),
    ).toEqual([{ version: 'v1.31.0' }]);
  });

  it('is undefined when the Cluster reports no versions', () => {
    expect(controlPlaneVersionsOf(undefined)).toBeUndefined();
    expect(controlPlaneVersionsOf({ phase: 'Provisioned' })).toBeUndefined();
    expect(
      controlPlaneVersionsOf({ controlPlane: { replicas: 3 } }),
    ).toBeUndefined();
  });
});
