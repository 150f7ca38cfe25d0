import { bootstrapObjects } from './bootstrapObjects';
import { files } from './__testUtils__/placedFleet';

/** bootstrapObjects on a fleet whose clusters are placed on two management clusters. */

describe('bootstrapObjects for a named management cluster', () => {
  it("applies that management cluster's tree: its AppProjects and its arlon-fleet", () => {
    const { objects } = bootstrapObjects(files, undefined, {
      managementCluster: 'mc-west',
    });
    expect(objects.map(o => `${o.kind}/${o.metadata.name}`)).toEqual([
      'AppProject/arlon-bundles',
      'AppProject/arlon-clusters',
      'Application/arlon-fleet',
    ]);
    expect((objects[2].spec as any).source.path).toBe(
      'generated/management-clusters/mc-west/argocd',
    );
    // Its clusters AppProject allows its own cluster's namespace only.
    expect((objects[1].spec as any).destinations).toEqual([
      { server: 'https://kubernetes.default.svc', namespace: 'west-1' },
    ]);
  });

  it('applies the default tree when none is named', () => {
    const { objects } = bootstrapObjects(files, undefined);
    expect((objects[2].spec as any).source.path).toBe('generated/argocd');
    expect(
      (objects[1].spec as any).destinations.map((d: any) => d.namespace),
    ).not.toContain('west-1');
  });

  it('refuses a management cluster no cluster names, saying what to do', () => {
    expect(() =>
      bootstrapObjects(files, undefined, { managementCluster: 'mc-north' }),
    ).toThrow(
      'no cluster names management cluster "mc-north" (spec.managementCluster), so the fleet has no tree for it (generated/management-clusters/mc-north/): place a cluster on it and regenerate, or bootstrap the default management cluster',
    );
  });
});
