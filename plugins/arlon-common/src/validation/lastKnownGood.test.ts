import type { FleetFiles } from '../model/Fleet';
import {
  applyLastKnownGood,
  BreakingCommits,
  HeldDefinition,
  HeldFleet,
  HeldState,
} from './breakingCommits';
import { attributeFile, fleetBreakage, holdReasons } from './lastKnownGood';
import type { Problem } from './Problem';
import { validateFleet } from './validateFleet';

const spec = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: small
spec:
  provider: docker
  type: kubeadm
  kubernetesVersion: v1.30.0
  controlPlane: { replicas: 1 }
  nodePools:
    - { name: md-0, machineType: kindest/node:v1.30.0, replicas: 1 }
`;
const bundle = (name: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    inline: {}
`;
const profile = (
  name: string,
  bundles: string[],
) => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: ${name}
spec:
  bundles: [${bundles.join(', ')}]
`;
const cluster = (name: string, profiles: string[], key = 'profiles') =>
  `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
spec:
  clusterSpec: small
  ${key}: [${profiles.join(', ')}]
`;

/** Two clusters on two profiles: prod uses infra (cni, rbac), dev uses apps (web). */
const GOOD: FleetFiles = {
  'arlon/clusterspecs/small.yaml': spec,
  'arlon/bundles/cni.yaml': bundle('cni'),
  'arlon/bundles/rbac.yaml': bundle('rbac'),
  'arlon/bundles/web.yaml': bundle('web'),
  'bundles/cni/ds.yaml': 'kind: DaemonSet\n',
  'bundles/rbac/role.yaml': 'kind: ClusterRole\n',
  'bundles/web/deploy.yaml': 'kind: Deployment\n',
  'arlon/profiles/infra.yaml': profile('infra', ['cni', 'rbac']),
  'arlon/profiles/apps.yaml': profile('apps', ['web']),
  'arlon/clusters/prod.yaml': cluster('prod', ['infra']),
  'arlon/clusters/dev.yaml': cluster('dev', ['apps']),
};
const edit = (changes: Record<string, string | null>): FleetFiles => {
  const files = { ...GOOD };
  for (const [f, c] of Object.entries(changes))
    if (c === null) delete files[f];
    else files[f] = c;
  return files;
};
const heldNames = (files: FleetFiles) => [...fleetBreakage(files).held.keys()];

describe('fleetBreakage', () => {
  it('holds nothing in a valid fleet', () => {
    const b = fleetBreakage(GOOD);
    expect(b.broken.size).toBe(0);
    expect(b.held.size).toBe(0);
    expect(holdReasons(b, 'prod')).toBeUndefined();
  });

  it('holds a cluster whose own definition is broken (profles: typo)', () => {
    const b = fleetBreakage(
      edit({
        'arlon/clusters/prod.yaml': cluster('prod', ['infra'], 'profles'),
      }),
    );
    expect([...b.broken.keys()]).toEqual(['Cluster/prod']);
    expect(b.broken.get('Cluster/prod')!.problems[0]).toMatchObject({
      file: 'arlon/clusters/prod.yaml',
      line: 7,
    });
    expect(holdReasons(b, 'prod')).toEqual([{ kind: 'Cluster', name: 'prod' }]);
    expect(holdReasons(b, 'dev')).toBeUndefined();
  });

  it('holds a cluster whose file no longer parses, by its file name', () => {
    const b = fleetBreakage(
      edit({ 'arlon/clusters/prod.yaml': 'kind: Cluster\n  bad: [indent\n' }),
    );
    expect(holdReasons(b, 'prod')).toEqual([{ kind: 'Cluster', name: 'prod' }]);
    expect(b.unattributed.size).toBe(0);
  });

  it('holds every cluster that uses a broken profile, and only those', () => {
    const files = edit({
      'arlon/profiles/infra.yaml': profile('infra', ['cni', 'rbac']).replace(
        'bundles:',
        'bundels:',
      ),
    });
    expect(heldNames(files)).toEqual(['prod']);
    expect(holdReasons(fleetBreakage(files), 'prod')).toEqual([
      { kind: 'Profile', name: 'infra' },
    ]);
  });

  it('holds the clusters of every profile that has a broken bundle', () => {
    const files = edit({
      'arlon/bundles/cni.yaml': bundle('cni').replace(
        'inline: {}',
        'inline: 3',
      ),
      'arlon/clusters/dev.yaml': cluster('dev', ['apps', 'infra']),
    });
    expect(heldNames(files).sort()).toEqual(['dev', 'prod']);
    expect(holdReasons(fleetBreakage(files), 'dev')).toEqual([
      { kind: 'Bundle', name: 'cni' },
    ]);
  });

  it('holds a cluster whose cluster spec is broken', () => {
    const files = edit({
      'arlon/clusterspecs/small.yaml': spec.replace('docker', 'dokcer'),
    });
    expect(heldNames(files).sort()).toEqual(['dev', 'prod']);
  });

  it('holds a definition moved out of its folder by mistake, by its content', () => {
    const moved = edit({
      'arlon/clusters/prod.yaml': null,
      'arlon/prod.yaml': cluster('prod', ['infra']),
    });
    expect(holdReasons(fleetBreakage(moved), 'prod')).toEqual([
      { kind: 'Cluster', name: 'prod' },
    ]);
    const wrongFolder = edit({
      'arlon/clusters/prod.yaml': null,
      'arlon/profiles/prod.yaml': cluster('prod', ['infra']),
    });
    expect(heldNames(wrongFolder)).toContain('prod');
  });

  it('holds a misnamed definition under both its file name and its name', () => {
    const files = edit({
      'arlon/clusters/prod.yaml': cluster('prdo', ['infra']),
    });
    expect(heldNames(files).sort()).toEqual(['prdo', 'prod']);
  });

  it('does not hold a definition deleted on purpose: it is really gone', () => {
    const b = fleetBreakage(edit({ 'arlon/clusters/prod.yaml': null }));
    expect(b.broken.size).toBe(0);
    expect(holdReasons(b, 'prod')).toBeUndefined();
  });

  it('does not hold a cluster that validly stops using a profile', () => {
    const b = fleetBreakage(
      edit({ 'arlon/clusters/prod.yaml': cluster('prod', []) }),
    );
    expect(holdReasons(b, 'prod')).toBeUndefined();
  });

  it('holds a cluster that names a profile that does not exist (its definition is invalid)', () => {
    const b = fleetBreakage(
      edit({
        'arlon/profiles/infra.yaml': null,
        'arlon/bundles/cni.yaml': bundle('cni'),
      }),
    );
    expect(holdReasons(b, 'prod')).toEqual([{ kind: 'Cluster', name: 'prod' }]);
  });

  it('when a broken file names no definition, holds every cluster missing from the valid fleet, not the valid ones', () => {
    const b = fleetBreakage(
      edit({
        'arlon/clusters/prod.yaml': null,
        'arlon/clusters/Prod Copy.yaml': ': : [unreadable\n',
      }),
    );
    expect([...b.unattributed.keys()]).toEqual([
      'arlon/clusters/Prod Copy.yaml',
    ]);
    expect(holdReasons(b, 'prod')).toEqual([
      { file: 'arlon/clusters/Prod Copy.yaml' },
    ]);
    expect(holdReasons(b, 'dev')).toBeUndefined();
  });
});

describe('BreakingCommits', () => {
  const broken = edit({
    'arlon/clusters/prod.yaml': cluster('prod', ['infra'], 'profles'),
  });

  it('finds the first bad commit and the last good one through later bad commits', () => {
    const history: Array<[string, FleetFiles]> = [
      ['c4', { ...broken, 'README.md': 'later\n' }],
      ['c3', broken],
      ['c2', GOOD],
      ['c1', GOOD],
    ];
    const tracker = new BreakingCommits('c4', fleetBreakage(history[0][1]));
    for (const [commit, files] of history.slice(1)) {
      if (tracker.done) break;
      tracker.visit(commit, files);
    }
    expect(tracker.done).toBe(true);
    expect(tracker.commitsToDescribe()).toEqual(['c3']);
    const result = tracker.result('c4', c => ({
      commit: c,
      summary: `commit ${c}`,
      author: 'A',
      date: '2025-01-01T00:00:00.000Z',
    }));
    expect(result.definitions).toEqual([
      expect.objectContaining({
        kind: 'Cluster',
        name: 'prod',
        brokenBy: expect.objectContaining({ commit: 'c3' }),
        lastGood: 'c2',
        clusters: ['prod'],
      }),
    ]);
    expect(result.historyTruncated).toBe(false);
  });

  it('says the history ran out rather than guessing', () => {
    const tracker = new BreakingCommits('c2', fleetBreakage(broken));
    tracker.visit('c1', broken);
    const result = tracker.result('c2', () => undefined);
    expect(result.historyTruncated).toBe(true);
    expect(result.definitions[0].brokenBy).toBeUndefined();
    expect(result.definitions[0].lastGood).toBeUndefined();
  });

  it('has no last good commit for a definition created broken', () => {
    const tracker = new BreakingCommits('c2', fleetBreakage(broken));
    tracker.visit('c1', edit({ 'arlon/clusters/prod.yaml': null }));
    const [d] = tracker.result('c2', c => ({
      commit: c,
      summary: '',
      author: '',
      date: '',
    })).definitions;
    expect(d.brokenBy?.commit).toBe('c2');
    expect(d.lastGood).toBeUndefined();
  });
});

describe('applyLastKnownGood', () => {
  it('shows a broken cluster as it was at its last good commit, and marks clusters held by a profile', () => {
    type View = {
      kind: 'Cluster' | 'Profile';
      name: string;
      definition: string;
      held?: HeldState;
    };
    const head: View[] = [
      { kind: 'Cluster' as const, name: 'prod', definition: 'head' },
      { kind: 'Cluster' as const, name: 'dev', definition: 'head' },
      { kind: 'Profile' as const, name: 'apps', definition: 'head' },
    ];
    const old: View[] = [
      { kind: 'Cluster' as const, name: 'prod', definition: 'c2' },
    ];
    const views = applyLastKnownGood(
      head,
      {
        commit: 'c4',
        definitions: [
          {
            kind: 'Cluster',
            name: 'prod',
            problems: [],
            lastGood: 'c2',
            clusters: ['prod'],
          },
          {
            kind: 'Profile',
            name: 'apps',
            problems: [],
            clusters: ['dev'],
          },
        ],
        unattributed: [],
        clusters: [
          { name: 'dev', because: [{ kind: 'Profile', name: 'apps' }] },
          { name: 'prod', because: [{ kind: 'Cluster', name: 'prod' }] },
        ],
        historyTruncated: false,
      },
      c => (c === 'c2' ? old : undefined),
    );
    const byName = new Map(views.map(v => [v.name + v.kind, v]));
    expect(byName.get('prodCluster')).toMatchObject({
      definition: 'c2',
      held: { shownFrom: 'c2', because: [{ name: 'prod' }] },
    });
    expect(byName.get('devCluster')).toMatchObject({
      definition: 'head',
      held: { because: [{ kind: 'Profile', name: 'apps' }] },
    });
    expect(byName.get('appsProfile')!.held!.shownFrom).toBeUndefined();
  });
});

/** A bundle definition that fails validation. */
const brokenBundle = (name: string) =>
  bundle(name).replace('inline: {}', 'inline: 3');

describe('fleetBreakage, which definition a broken file holds', () => {
  const brokenKeys = (files: FleetFiles) => [
    ...fleetBreakage(files).broken.keys(),
  ];

  it('holds a cluster whose .yml file no longer parses, by its file name', () => {
    const files = edit({
      'arlon/clusters/prod.yaml': null,
      'arlon/clusters/prod.yml': ': : [unreadable\n',
    });
    expect(holdReasons(fleetBreakage(files), 'prod')).toEqual([
      { kind: 'Cluster', name: 'prod' },
    ]);
  });

  it('does not take a file nested deeper under arlon/ for the definition its last folders name', () => {
    const b = fleetBreakage(
      edit({ 'arlon/old/arlon/clusters/prod.yaml': ': : [unreadable\n' }),
    );
    expect(b.broken.size).toBe(0);
    expect([...b.unattributed.keys()]).toEqual([
      'arlon/old/arlon/clusters/prod.yaml',
    ]);
  });

  it('does not take a backup copy of a definition file for the definition', () => {
    expect(attributeFile('arlon/clusters/prod.yaml.orig', ': : [')).toEqual([]);
    expect(attributeFile('arlon/clusters/prod.yml', ': : [')).toEqual([
      { kind: 'Cluster', name: 'prod' },
    ]);
  });

  it('names no definition for a document that is not an Arlon kind', () => {
    const files = edit({
      'arlon/clusters/prod.yaml': `${cluster('prod', ['infra'], 'profles')}---
apiVersion: v1
kind: ConfigMap
metadata: { name: settings }
`,
    });
    expect(brokenKeys(files)).toEqual(['Cluster/prod']);
  });

  it('reads a file of an empty document or an Arlon kind without metadata by its name', () => {
    for (const text of ['~\n', 'kind: Cluster\nspec: {}\n']) {
      const b = fleetBreakage(edit({ 'arlon/clusters/prod.yaml': text }));
      expect([...b.broken.keys()]).toEqual(['Cluster/prod']);
    }
  });

  it('attributes no problem outside arlon/ to a definition, whatever the file says', () => {
    const files = edit({
      'bundles/web/deploy.yaml': cluster('dev', ['apps']),
    });
    const problem = {
      file: 'bundles/web/deploy.yaml',
      line: 1,
      column: 1,
      field: '',
      message: 'a problem some other check found',
    };
    const b = fleetBreakage(files, {
      ...validateFleet(files),
      problems: [problem],
    });
    expect(b.broken.size).toBe(0);
    expect([...b.unattributed]).toEqual([
      ['bundles/web/deploy.yaml', [problem]],
    ]);
  });
});

describe('fleetBreakage, why a cluster is held', () => {
  it('keeps a broken definition of a cluster among its reasons when a valid one of the same name uses a broken bundle', () => {
    const files = edit({
      'arlon/clusters/prod2.yaml': cluster('prod', ['infra'], 'profles'),
      'arlon/bundles/cni.yaml': brokenBundle('cni'),
    });
    expect(holdReasons(fleetBreakage(files), 'prod')).toEqual([
      { kind: 'Cluster', name: 'prod' },
      { kind: 'Bundle', name: 'cni' },
    ]);
  });

  it('names every broken bundle a cluster gets from its profiles', () => {
    const files = edit({
      'arlon/bundles/cni.yaml': brokenBundle('cni'),
      'arlon/bundles/rbac.yaml': brokenBundle('rbac'),
    });
    expect(holdReasons(fleetBreakage(files), 'prod')).toEqual([
      { kind: 'Bundle', name: 'cni' },
      { kind: 'Bundle', name: 'rbac' },
    ]);
  });

  it('names a broken cluster spec and a broken bundle of the same name apart', () => {
    const files = edit({
      'arlon/clusterspecs/small.yaml': spec.replace('docker', 'dokcer'),
      'arlon/bundles/small.yaml': brokenBundle('small'),
      'arlon/profiles/infra.yaml': profile('infra', ['cni', 'rbac', 'small']),
    });
    expect(holdReasons(fleetBreakage(files), 'prod')).toEqual([
      { kind: 'ClusterSpec', name: 'small' },
      { kind: 'Bundle', name: 'small' },
    ]);
  });
});

describe('BreakingCommits, what each broken definition holds', () => {
  const describeCommit = (c: string) => ({
    commit: c,
    summary: `commit ${c}`,
    author: 'A',
    date: '2025-01-01T00:00:00.000Z',
  });

  it('finds where a file that names no definition went bad', () => {
    const unreadable = edit({ 'arlon/clusters/Prod Copy.yaml': ': : [bad\n' });
    const tracker = new BreakingCommits('c3', fleetBreakage(unreadable));
    expect(tracker.done).toBe(false);
    tracker.visit('c2', unreadable);
    expect(tracker.done).toBe(false);
    tracker.visit('c1', GOOD);
    expect(tracker.done).toBe(true);
    expect(tracker.commitsToDescribe()).toEqual(['c2']);
    expect(tracker.result('c3', describeCommit).unattributed).toEqual([
      {
        file: 'arlon/clusters/Prod Copy.yaml',
        problems: fleetBreakage(unreadable).unattributed.get(
          'arlon/clusters/Prod Copy.yaml',
        ),
        brokenBy: describeCommit('c2'),
        lastGood: 'c1',
      },
    ]);
  });

  it('lists, sorted, the clusters each broken definition holds, and every held cluster', () => {
    // a-prod.yaml claims the cluster prod: both are broken, and the valid
    // prod (prod.yaml) is held by it and by the broken bundle cni.
    const files = edit({
      'arlon/clusters/a-prod.yaml': cluster('prod', ['infra'], 'profles'),
      'arlon/bundles/cni.yaml': brokenBundle('cni'),
      'arlon/clusters/dev.yaml': cluster('dev', ['apps', 'infra']),
    });
    const result = new BreakingCommits('c1', fleetBreakage(files)).result(
      'c1',
      () => undefined,
    );
    expect(
      result.definitions.map(d => [`${d.kind}/${d.name}`, d.clusters]),
    ).toEqual([
      ['Bundle/cni', ['dev', 'prod']],
      ['Cluster/a-prod', ['a-prod']],
      ['Cluster/prod', ['prod']],
    ]);
    expect(result.clusters).toEqual([
      { name: 'a-prod', because: [{ kind: 'Cluster', name: 'a-prod' }] },
      { name: 'dev', because: [{ kind: 'Bundle', name: 'cni' }] },
      {
        name: 'prod',
        because: [
          { kind: 'Cluster', name: 'prod' },
          { kind: 'Bundle', name: 'cni' },
        ],
      },
    ]);
  });

  it('does not count a cluster held by a same-named definition of another kind', () => {
    const files = edit({
      'arlon/clusterspecs/small.yaml': spec.replace('docker', 'dokcer'),
      'arlon/bundles/small.yaml': brokenBundle('small'),
      'arlon/profiles/infra.yaml': profile('infra', ['cni', 'rbac', 'small']),
    });
    const result = new BreakingCommits('c1', fleetBreakage(files)).result(
      'c1',
      () => undefined,
    );
    expect(
      result.definitions.map(d => [`${d.kind}/${d.name}`, d.clusters]),
    ).toEqual([
      ['Bundle/small', ['prod']],
      ['ClusterSpec/small', ['dev', 'prod']],
    ]);
  });
});

describe('applyLastKnownGood, what a held view shows', () => {
  type View = {
    kind: 'Cluster' | 'Profile';
    name: string;
    definition: string;
    problems?: Problem[];
    held?: HeldState;
  };
  const problem = (file: string): Problem => ({
    file,
    line: 1,
    column: 1,
    field: '',
    message: `${file} is broken`,
  });
  const heldFleet = (over: Partial<HeldFleet>): HeldFleet => ({
    commit: 'c4',
    definitions: [],
    unattributed: [],
    clusters: [],
    historyTruncated: false,
    ...over,
  });

  it("shows the definition's own last good version with the head's problems", () => {
    const prod: HeldDefinition = {
      kind: 'Cluster',
      name: 'prod',
      problems: [problem('arlon/clusters/prod.yaml')],
      lastGood: 'c2',
      clusters: ['prod'],
    };
    const views = applyLastKnownGood<View>(
      [{ kind: 'Cluster', name: 'prod', definition: 'head', problems: [] }],
      heldFleet({ definitions: [prod] }),
      c =>
        c === 'c2'
          ? [
              {
                kind: 'Cluster',
                name: 'dev',
                definition: 'dev at c2',
                problems: [],
              },
              {
                kind: 'Cluster',
                name: 'prod',
                definition: 'prod at c2',
                problems: [],
              },
            ]
          : undefined,
    );
    expect(views).toEqual([
      {
        kind: 'Cluster',
        name: 'prod',
        definition: 'prod at c2',
        problems: prod.problems,
        held: { shownFrom: 'c2', because: [prod] },
      },
    ]);
  });

  it('says a broken definition that holds no cluster of its own is held by itself', () => {
    const apps: HeldDefinition = {
      kind: 'Profile',
      name: 'apps',
      problems: [problem('arlon/profiles/apps.yaml')],
      clusters: [],
    };
    const [view] = applyLastKnownGood<View>(
      [{ kind: 'Profile', name: 'apps', definition: 'head' }],
      heldFleet({ definitions: [apps] }),
      () => undefined,
    );
    expect(view.held).toEqual({ because: [apps] });
    expect(view.definition).toBe('head');
  });

  it('says which file that names no definition holds a cluster', () => {
    const copy = {
      file: 'arlon/clusters/Prod Copy.yaml',
      problems: [problem('arlon/clusters/Prod Copy.yaml')],
    };
    const other = {
      file: 'arlon/other/x.yaml',
      problems: [problem('arlon/other/x.yaml')],
    };
    const [view] = applyLastKnownGood<View>(
      [{ kind: 'Cluster', name: 'prod', definition: 'head' }],
      heldFleet({
        unattributed: [other, copy],
        clusters: [{ name: 'prod', because: [{ file: copy.file }] }],
      }),
      () => undefined,
    );
    expect(view.held).toEqual({ because: [copy] });
  });
});
