import { ManagementClusters } from './ManagementClusters';

const config = (name: string, extra: { default?: boolean } = {}) => ({
  name,
  url: `https://${name}.example.com`,
  skipTLSVerify: false,
  argocdNamespace: 'argocd',
  ...extra,
});

describe('ManagementClusters placement', () => {
  it('makes the first configured the default, whose tree is the default tree', () => {
    const clusters = new ManagementClusters([config('east'), config('west')]);
    expect(clusters.placementNames()).toEqual({
      names: ['east', 'west'],
      default: 'east',
    });
    expect(clusters.treeOf('east')).toBeUndefined();
    expect(clusters.treeOf('west')).toBe('west');
  });

  it('makes the one marked default: true the default, wherever it is listed', () => {
    const clusters = new ManagementClusters([
      config('east'),
      config('west', { default: true }),
    ]);
    expect(clusters.placementNames()?.default).toBe('west');
    expect(clusters.treeOf('west')).toBeUndefined();
    expect(clusters.treeOf('east')).toBe('east');
  });

  it('has no names to check against when none is configured', () => {
    expect(new ManagementClusters([]).placementNames()).toBeUndefined();
  });

  it('refuses the tree of a management cluster that is not configured, naming those that are', () => {
    const clusters = new ManagementClusters([config('east')]);
    expect(() => clusters.treeOf('constructor')).toThrow(
      'No management cluster named "constructor"; configured: east',
    );
  });
});
