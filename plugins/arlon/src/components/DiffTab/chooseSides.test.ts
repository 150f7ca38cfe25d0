import { chooseSides } from './chooseSides';

describe('chooseSides', () => {
  it('pre-flights a bundle or profile on the cluster it is compared with', () => {
    expect(
      chooseSides(
        { kind: 'Bundle', name: 'web' },
        { kind: 'cluster', name: 'qa-1' },
      ),
    ).toEqual({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'bundle', name: 'web' },
    });
    expect(
      chooseSides({ kind: 'Profile', name: 'apps' }, { kind: 'allClusters' }),
    ).toEqual({
      left: { kind: 'allClusters' },
      right: { kind: 'profile', name: 'apps' },
    });
  });

  it('puts the entity on the left otherwise', () => {
    expect(
      chooseSides(
        { kind: 'Cluster', name: 'qa-1' },
        { kind: 'profile', name: 'apps' },
      ),
    ).toEqual({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'profile', name: 'apps' },
    });
    expect(
      chooseSides({ kind: 'Bundle', name: 'a' }, { kind: 'bundle', name: 'b' }),
    ).toEqual({
      left: { kind: 'bundle', name: 'a' },
      right: { kind: 'bundle', name: 'b' },
    });
  });
});
