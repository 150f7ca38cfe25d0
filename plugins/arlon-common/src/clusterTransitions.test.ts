import { destructiveClusterChange, isBuiltCluster } from './clusterTransitions';

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
