import { parse } from 'yaml';
import type { Cluster } from '../model/types';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { compileFleet, type CompileOptions } from './compileFleet';
import { compileOptionsOfGenerated } from './generatedDrift';
import { planFleetEdit } from './planFleetEdit';
import {
  bootstrapTree,
  MANAGEMENT_CLUSTER_ANNOTATION,
  placedManagementClusters,
  treeHoldingCluster,
} from './placement';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
  capiVersion: 'v1beta2' as const,
};
const example = readFleetDir(EXAMPLE_FLEET_DIR);

const cluster = (name: string, managementCluster?: string) =>
  `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
spec:
  clusterSpec: docker-dev
${
  managementCluster ? `  managementCluster: ${managementCluster}\n` : ''
}  profiles: [infrastructure]
`;

/** The example fleet plus clusters, compiled. */
function compileWith(
  extra: Record<string, string>,
  options: CompileOptions = OPTIONS,
) {
  const { fleet, problems } = validateFleet({ ...example, ...extra });
  expect(problems).toEqual([]);
  return compileFleet(fleet, options);
}

const WEST = 'generated/management-clusters/mc-west';
const PLACED = {
  'arlon/clusters/west-1.yaml': cluster('west-1', 'mc-west'),
  'arlon/clusters/west-2.yaml': cluster('west-2', 'mc-west'),
  'arlon/clusters/south-1.yaml': cluster('south-1', 'mc-south'),
};

describe('compileFleet with clusters placed on management clusters', () => {
  const generated = compileWith(PLACED);

  it('writes one tree per named management cluster, each holding only its clusters', () => {
    const rootApps = (dir: string) =>
      Object.keys(generated)
        .filter(f => f.startsWith(`${dir}/clusters/`))
        .sort();
    expect(rootApps(`${WEST}/argocd`)).toEqual([
      `${WEST}/argocd/clusters/west-1.yaml`,
      `${WEST}/argocd/clusters/west-2.yaml`,
    ]);
    expect(rootApps('generated/management-clusters/mc-south/argocd')).toEqual([
      'generated/management-clusters/mc-south/argocd/clusters/south-1.yaml',
    ]);
    // The default tree keeps the example's clusters and gains none.
    expect(rootApps('generated/argocd')).toEqual([
      'generated/argocd/clusters/dev-local.yaml',
      'generated/argocd/clusters/prod-us-west.yaml',
      'generated/argocd/clusters/staging-eu.yaml',
    ]);
  });

  it('gives each tree a bootstrap Application syncing its own folder, annotated with its management cluster', () => {
    const app = parse(generated[`${WEST}/bootstrap/arlon-fleet.yaml`]);
    expect(app.metadata.name).toBe('arlon-fleet');
    expect(app.metadata.annotations[MANAGEMENT_CLUSTER_ANNOTATION]).toBe(
      'mc-west',
    );
    expect(app.spec.source).toMatchObject({
      repoURL: OPTIONS.repoUrl,
      path: `${WEST}/argocd`,
      directory: { recurse: true },
    });
    const defaultApp = parse(generated['generated/bootstrap/arlon-fleet.yaml']);
    expect(defaultApp.spec.source.path).toBe('generated/argocd');
    expect(
      defaultApp.metadata.annotations[MANAGEMENT_CLUSTER_ANNOTATION],
    ).toBeUndefined();
  });

  it("bounds each tree's clusters AppProject to its own clusters' namespaces", () => {
    const namespaces = (file: string) =>
      parse(generated[file]).spec.destinations.map((d: any) => d.namespace);
    expect(namespaces(`${WEST}/argocd/projects/arlon-clusters.yaml`)).toEqual([
      'west-1',
      'west-2',
    ]);
    expect(namespaces('generated/argocd/projects/arlon-clusters.yaml')).toEqual(
      ['dev-local', 'prod-us-west', 'staging-eu'],
    );
  });

  it('gives every tree the profile ApplicationSets (each ArgoCD selects its own cluster Secrets)', () => {
    expect(generated[`${WEST}/argocd/profiles/infrastructure.yaml`]).toBe(
      generated['generated/argocd/profiles/infrastructure.yaml'],
    );
  });

  it("keeps a cluster's manifests and values at the shared paths, whichever management cluster builds it", () => {
    expect(generated['generated/clusters/west-1/cluster.yaml']).toBeDefined();
    expect(
      Object.keys(generated).some(f =>
        f.startsWith('generated/values/west-1/'),
      ),
    ).toBe(true);
    expect(
      parse(generated[`${WEST}/argocd/clusters/west-1.yaml`]).spec.source.path,
    ).toBe('generated/clusters/west-1');
  });

  it('leaves a fleet that names no management cluster with the default tree only', () => {
    const plain = compileWith({
      'arlon/clusters/plain-1.yaml': cluster('plain-1'),
    });
    expect(
      Object.keys(plain).filter(f =>
        f.startsWith('generated/management-clusters/'),
      ),
    ).toEqual([]);
    expect(plain['generated/argocd/clusters/plain-1.yaml']).toBeDefined();
  });

  it('recompiles to the same bytes from what the default tree records, with named trees present', () => {
    const options = compileOptionsOfGenerated(generated).options!;
    expect(options).toEqual({ ...OPTIONS, argocdNamespace: 'argocd' });
    expect(compileWith({ ...PLACED, ...generated }, options)).toEqual(
      generated,
    );
  });
});

describe('placement helpers', () => {
  it('lists the named management clusters once each, sorted', () => {
    const { fleet } = validateFleet({
      ...example,
      'arlon/clusters/b-1.yaml': cluster('b-1', 'mc-b'),
      'arlon/clusters/a-1.yaml': cluster('a-1', 'mc-a'),
      'arlon/clusters/b-2.yaml': cluster('b-2', 'mc-b'),
    });
    expect(placedManagementClusters(fleet)).toEqual(['mc-a', 'mc-b']);
  });

  it('keeps the trees the repository holds, by their bootstrap file, and only under names that are management cluster names', () => {
    const { fleet } = validateFleet({
      ...example,
      [`${WEST}/bootstrap/arlon-fleet.yaml`]: 'kept',
      'generated/management-clusters/Upper/bootstrap/arlon-fleet.yaml': '',
      'generated/management-clusters/__proto__/bootstrap/arlon-fleet.yaml': '',
      'generated/management-clusters/mc-x/other.yaml': '',
      'generated/management-clusters/mc-y/a/bootstrap/arlon-fleet.yaml': '',
    });
    expect(placedManagementClusters(fleet)).toEqual(['mc-west']);
  });

  it('finds the tree that builds a cluster today, and none for a cluster not built', () => {
    const files = compileWith({
      'arlon/clusters/west-1.yaml': cluster('west-1', 'mc-west'),
    });
    expect(treeHoldingCluster(files, 'west-1')).toEqual(
      bootstrapTree('mc-west'),
    );
    expect(treeHoldingCluster(files, 'dev-local')).toEqual(bootstrapTree());
    // Imported: no root Application anywhere.
    expect(treeHoldingCluster(files, 'edge-imported')).toBeUndefined();
    // A file that only looks like a tree's is not one.
    expect(
      treeHoldingCluster(
        {
          'generated/management-clusters/x/y/argocd/clusters/c.yaml': '',
        },
        'c',
      ),
    ).toBeUndefined();
  });
});

describe('moving a built cluster between management clusters', () => {
  const placed = {
    ...example,
    'arlon/clusters/west-1.yaml': cluster('west-1', 'mc-west'),
  };
  const tree = planFleetEdit(placed, [], OPTIONS);
  const files: Record<string, string> = { ...placed };
  for (const [f, text] of Object.entries(tree.changes))
    if (text === null) delete files[f];
    else files[f] = text;

  it('is refused at the field, naming where it runs, and nothing is regenerated', () => {
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'west-1',
          yaml: cluster('west-1', 'mc-east'),
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/west-1.yaml',
        field: 'spec.managementCluster',
        message: expect.stringContaining(
          `cluster "west-1" is built by "mc-west" (${WEST}/argocd/clusters/west-1.yaml); moving it to "mc-east" would make the first one's ArgoCD delete the running cluster`,
        ),
        hint: expect.stringContaining('spec.managementCluster: mc-west'),
      }),
    ]);
    expect(
      Object.keys(plan.changes).filter(f => f.startsWith('generated/')),
    ).toEqual([]);
  });

  it('is refused back to the default management cluster too (the field removed)', () => {
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'west-1',
          yaml: cluster('west-1'),
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([
      expect.objectContaining({
        field: 'spec',
        message: expect.stringContaining(
          'moving it to the default management cluster',
        ),
      }),
    ]);
  });

  it('is refused from the default management cluster to a named one', () => {
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'update',
          kind: 'Cluster',
          names: ['dev-local'],
          update: c => {
            const found = c as Cluster;
            return {
              ...found,
              spec: { ...found.spec, managementCluster: 'mc-west' },
            };
          },
        },
      ],
      OPTIONS,
    );
    expect(plan.problems.map(p => p.message)).toEqual([
      expect.stringContaining(
        'cluster "dev-local" is built by the default management cluster',
      ),
    ]);
  });

  it('allows any other change to a placed cluster, and deleting it', () => {
    const relabel = planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'west-1',
          yaml: cluster('west-1', 'mc-west').replace(
            'profiles: [infrastructure]',
            'profiles: [infrastructure, apps]',
          ),
        },
      ],
      OPTIONS,
    );
    expect(relabel.problems).toEqual([]);
    const deleted = planFleetEdit(
      files,
      [{ op: 'delete', kind: 'Cluster', name: 'west-1' }],
      OPTIONS,
    );
    expect(deleted.problems).toEqual([]);
    // The last cluster of mc-west gone: its root Application goes, so
    // mc-west's ArgoCD prunes it in order; the tree itself stays.
    expect(deleted.changes[`${WEST}/argocd/clusters/west-1.yaml`]).toBeNull();
    expect(Object.keys(deleted.changes)).not.toContain(
      `${WEST}/bootstrap/arlon-fleet.yaml`,
    );
    expect(
      parse(files[`${WEST}/argocd/projects/arlon-clusters.yaml`]).spec
        .destinations,
    ).toHaveLength(1);
    expect(
      parse(deleted.changes[`${WEST}/argocd/projects/arlon-clusters.yaml`]!)
        .spec.destinations,
    ).toEqual([]);
  });
});
