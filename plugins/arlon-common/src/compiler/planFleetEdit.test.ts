import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import type { Cluster } from '../model/types';
import { planFleetEdit } from './planFleetEdit';

const OPTIONS = {
  repoUrl: 'http://127.0.0.1:7080/fleet.git',
  revision: 'main',
  // The example fleet is compiled for Cluster API v1beta2 (it records so).
  capiVersion: 'v1beta2' as const,
};
const files = readFleetDir(EXAMPLE_FLEET_DIR);

const newCluster = `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: qa-1
spec:
  clusterSpec: docker-dev
  profiles: [apps]
`;

describe('planFleetEdit', () => {
  it('plans a new cluster: its definition and everything generated from it, nothing else', () => {
    const plan = planFleetEdit(
      files,
      [{ op: 'put', kind: 'Cluster', name: 'qa-1', yaml: newCluster }],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    expect(Object.keys(plan.changes).sort()).toEqual([
      'arlon/clusters/qa-1.yaml',
      'generated/argocd/clusters/qa-1.yaml',
      // The clusters' project permits each built cluster's namespace.
      'generated/argocd/projects/arlon-clusters.yaml',
      'generated/clusters/qa-1/cluster.yaml',
      'generated/values/qa-1/guestbook.yaml',
    ]);
    expect(plan.changes['arlon/clusters/qa-1.yaml']).toBe(newCluster);
  });

  it('plans nothing when the content is unchanged', () => {
    const same = files['arlon/clusters/dev-local.yaml'];
    const plan = planFleetEdit(
      files,
      [{ op: 'put', kind: 'Cluster', name: 'dev-local', yaml: same }],
      OPTIONS,
    );
    expect(plan.changes).toEqual({});
  });

  it('reports problems of the edited fleet, located in the new file, and generates nothing', () => {
    const broken = newCluster.replace('docker-dev', 'docker-prod');
    const plan = planFleetEdit(
      files,
      [{ op: 'put', kind: 'Cluster', name: 'qa-1', yaml: broken }],
      OPTIONS,
    );
    expect(plan.problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/qa-1.yaml',
        line: 6,
        field: 'spec.clusterSpec',
        message: 'cluster spec "docker-prod" does not exist',
      }),
    ]);
    expect(Object.keys(plan.changes)).toEqual(['arlon/clusters/qa-1.yaml']);
  });

  it('refuses to delete a bundle a profile still uses, saying where', () => {
    const plan = planFleetEdit(
      files,
      [{ op: 'delete', kind: 'Bundle', name: 'guestbook' }],
      OPTIONS,
    );
    expect(plan.problems).toEqual([
      expect.objectContaining({
        file: 'arlon/profiles/apps.yaml',
        message: 'bundle "guestbook" does not exist',
      }),
    ]);
  });

  it('deletes a cluster with its generated files', () => {
    const plan = planFleetEdit(
      files,
      [{ op: 'delete', kind: 'Cluster', name: 'dev-local' }],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    // Everything of the cluster is deleted; its project only loses its namespace.
    expect(
      Object.entries(plan.changes)
        .filter(([, v]) => v !== null)
        .map(([f]) => f),
    ).toEqual(['generated/argocd/projects/arlon-clusters.yaml']);
    expect(
      plan.changes['generated/argocd/projects/arlon-clusters.yaml'],
    ).not.toContain('dev-local');
    expect(Object.keys(plan.changes).sort()).toEqual([
      'arlon/clusters/dev-local.yaml',
      'generated/argocd/clusters/dev-local.yaml',
      // The clusters' project permits each built cluster's namespace.
      'generated/argocd/projects/arlon-clusters.yaml',
      'generated/clusters/dev-local/cluster.yaml',
      'generated/values/dev-local/calico.yaml',
      'generated/values/dev-local/cert-manager.yaml',
      'generated/values/dev-local/guestbook.yaml',
    ]);
  });

  it('names what to delete or update when it does not exist, and plans nothing', () => {
    expect(
      planFleetEdit(
        files,
        [{ op: 'delete', kind: 'Profile', name: 'nope' }],
        OPTIONS,
      ).missing,
    ).toEqual(['Profile nope']);
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'update',
          kind: 'Cluster',
          names: ['dev-local', 'nope'],
          update: c => ({ ...c, metadata: { ...c.metadata, labels: {} } }),
        },
      ],
      OPTIONS,
    );
    expect(plan.missing).toEqual(['Cluster nope']);
    // The definition is rewritten, but nothing is compiled from a plan
    // that cannot be written.
    expect(Object.keys(plan.changes)).toEqual([
      'arlon/clusters/dev-local.yaml',
    ]);
  });

  it('updates a definition an earlier edit of the same plan rewrote, keeping every document that edit wrote', () => {
    // dev-local's file held one document; the put makes it two, so the
    // update must find its document in the file as the put left it.
    const second = `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: qa-2
spec:
  clusterSpec: docker-dev
`;
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'dev-local',
          yaml: `${files['arlon/clusters/dev-local.yaml']}---\n${second}`,
        },
        {
          op: 'update',
          kind: 'Cluster',
          names: ['dev-local'],
          update: c => ({ ...c, metadata: { ...c.metadata, labels: {} } }),
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    const written = plan.changes['arlon/clusters/dev-local.yaml']!;
    expect(written).toContain('labels: {}');
    expect(written).toContain('name: qa-2');
    expect(plan.changes['generated/clusters/qa-2/cluster.yaml']).toBeDefined();
  });

  it('drops no generated file of a cluster whose edit is broken', () => {
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'dev-local',
          yaml: files['arlon/clusters/dev-local.yaml'].replace(
            'clusterSpec: docker-dev',
            'clusterSpec: docker-prod',
          ),
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([
      expect.objectContaining({
        message: 'cluster spec "docker-prod" does not exist',
      }),
    ]);
    expect(Object.keys(plan.changes)).toEqual([
      'arlon/clusters/dev-local.yaml',
    ]);
  });

  it('updates many definitions in one plan: apply a profile to two clusters', () => {
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'update',
          kind: 'Cluster',
          names: ['prod-us-west', 'staging-eu'],
          update: c =>
            ({
              ...c,
              spec: {
                ...(c as Cluster).spec,
                profiles: [...((c as Cluster).spec.profiles ?? []), 'apps'],
              },
            } as Cluster),
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.changes['arlon/clusters/prod-us-west.yaml']).toContain(
      '- apps',
    );
    expect(
      plan.changes['generated/values/prod-us-west/guestbook.yaml'],
    ).toContain('clusterName: prod-us-west');
    expect(
      plan.changes['generated/values/staging-eu/guestbook.yaml'],
    ).toContain('clusterName: staging-eu');
  });
});

describe('planFleetEdit with inline bundle manifests', () => {
  const bundle = `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: web
spec:
  source:
    inline: {}
`;
  const deployment =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n';

  it('writes the bundle and its manifests in one plan, replacing what the folder held', () => {
    const plan = planFleetEdit(
      {
        ...files,
        'bundles/web/old.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old}\n',
      },
      [
        { op: 'put', kind: 'Bundle', name: 'web', yaml: bundle },
        {
          op: 'bundleFiles',
          bundle: 'web',
          files: { 'deployment.yaml': deployment },
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.changes).toMatchObject({
      'arlon/bundles/web.yaml': bundle,
      'bundles/web/deployment.yaml': deployment,
      'bundles/web/old.yaml': null,
    });
  });

  it('refuses paths outside the bundle and manifests that are not Kubernetes objects, at their line', () => {
    const plan = planFleetEdit(
      files,
      [
        { op: 'put', kind: 'Bundle', name: 'web', yaml: bundle },
        {
          op: 'bundleFiles',
          bundle: 'web',
          files: {
            '../../arlon/clusters/evil.yaml': deployment,
            'ok.yaml': `${deployment}---\nkind: Service\nmetadata:\n  name: web\n`,
            'broken.yaml': 'apiVersion: v1\nkind: [unclosed\n',
          },
        },
      ],
      OPTIONS,
    );
    expect(plan.problems[0].hint).toBe(
      'Use relative paths of letters, digits, ".", "-" and "_" ending in .yaml, .yml or .json.',
    );
    expect(
      plan.problems.map(p => [p.file, p.line, p.field, p.message]),
    ).toEqual([
      [
        'bundles/web/../../arlon/clusters/evil.yaml',
        1,
        '',
        '"../../arlon/clusters/evil.yaml" is not a file name inside the bundle',
      ],
      [
        'bundles/web/ok.yaml',
        8,
        'apiVersion',
        'a Kubernetes object needs apiVersion',
      ],
      [
        'bundles/web/broken.yaml',
        3,
        '',
        expect.stringMatching(/^not valid YAML: /),
      ],
    ]);
  });

  it('refuses a bundle name that is not a definition name before writing anything', () => {
    expect(() =>
      planFleetEdit(
        files,
        [{ op: 'bundleFiles', bundle: '../arlon', files: {} }],
        OPTIONS,
      ),
    ).toThrow(/^bundle "\.\.\/arlon" /);
  });

  describe('deleting', () => {
    // An unused inline bundle, and a cluster that shares its name.
    const fleet = {
      ...files,
      'arlon/bundles/web.yaml': bundle,
      'bundles/web/deployment.yaml': deployment,
      'bundles/web-2/deployment.yaml': deployment,
      'arlon/clusters/web.yaml': `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: web
spec:
  clusterSpec: docker-dev
`,
    };

    it('an inline bundle deletes its manifests, and only its own', () => {
      const plan = planFleetEdit(
        fleet,
        [{ op: 'delete', kind: 'Bundle', name: 'web' }],
        OPTIONS,
      );
      expect(plan.problems).toEqual([]);
      expect(plan.changes['arlon/bundles/web.yaml']).toBeNull();
      expect(plan.changes['bundles/web/deployment.yaml']).toBeNull();
      expect(plan.changes).not.toHaveProperty([
        'bundles/web-2/deployment.yaml',
      ]);
    });

    it('a cluster keeps the manifests of a bundle of the same name', () => {
      const plan = planFleetEdit(
        fleet,
        [{ op: 'delete', kind: 'Cluster', name: 'web' }],
        OPTIONS,
      );
      expect(plan.changes['arlon/clusters/web.yaml']).toBeNull();
      expect(plan.changes).not.toHaveProperty(['bundles/web/deployment.yaml']);
    });
  });
});
