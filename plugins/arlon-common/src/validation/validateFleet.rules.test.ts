import type { FleetFiles } from '../model/Fleet';
import { PROVIDERS } from '../providers/catalog';
import { validateFleet } from './validateFleet';

/**
 * The rules validateFleet applies once each definition parses: node pools,
 * providers and cluster types, values against declared parameters, names
 * that do not exist. Each case checks the problem's message, field and the
 * hint that tells the user what to do, and that what is fine stays fine.
 */

const bundle = (name: string, parameters = '') => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    git:
      repoUrl: https://git.example.com/${name}.git
      path: chart
      revision: main
      type: helm
${parameters}`;

const spec = (body: string, name = 'small') => `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: ${name}
spec:
${body}`;

const awsSpec = (pools: string) =>
  spec(`  provider: aws
  type: kubeadm
  kubernetesVersion: v1.29.4
  region: us-east-1
  sshKeyName: ops
  nodePools:
${pools}`);

const pool = (extra = '', name = 'workers') => `    - name: ${name}
      machineType: t3.large
      replicas: 2
${extra}`;

const S = 'arlon/clusterspecs/small.yaml';

function problemsOf(files: FleetFiles) {
  return validateFleet(files).problems.map(p => ({
    file: p.file,
    field: p.field,
    message: p.message,
    hint: p.hint,
  }));
}

describe('validateFleet: node pools', () => {
  it('accepts a pool whose replicas are within its autoscaling range, bounds included', () => {
    for (const [min, max] of [
      [2, 2],
      [1, 2],
      [2, 3],
    ])
      expect(
        problemsOf({
          [S]: awsSpec(
            pool(`      autoscaling: { min: ${min}, max: ${max} }\n`),
          ),
        }),
      ).toEqual([]);
  });

  it('refuses replicas one below the autoscaling minimum, saying what to do', () => {
    expect(
      problemsOf({
        [S]: awsSpec(pool('      autoscaling: { min: 3, max: 4 }\n')),
      }),
    ).toEqual([
      {
        file: S,
        field: 'spec.nodePools[0].replicas',
        message: 'replicas (2) is outside autoscaling min..max (3..4)',
        hint: 'Start the pool within its autoscaling range.',
      },
    ]);
  });

  it('refuses replicas one above the autoscaling maximum', () => {
    expect(
      problemsOf({
        [S]: awsSpec(pool('      autoscaling: { min: 0, max: 1 }\n')),
      }),
    ).toEqual([
      {
        file: S,
        field: 'spec.nodePools[0].replicas',
        message: 'replicas (2) is outside autoscaling min..max (0..1)',
        hint: 'Start the pool within its autoscaling range.',
      },
    ]);
  });

  it('refuses a minimum above the maximum, at the minimum', () => {
    expect(
      problemsOf({
        [S]: awsSpec(pool('      autoscaling: { min: 3, max: 2 }\n')),
      }),
    ).toContainEqual({
      file: S,
      field: 'spec.nodePools[0].autoscaling.min',
      message: 'autoscaling min (3) is above max (2)',
      hint: 'Make min at most max.',
    });
  });

  it('refuses a second pool of the same name, at the second', () => {
    expect(problemsOf({ [S]: awsSpec(pool() + pool()) })).toEqual([
      {
        file: S,
        field: 'spec.nodePools[1].name',
        message: 'node pool "workers" is defined twice',
        hint: 'Give each pool its own name.',
      },
    ]);
  });

  it('accepts pools of different names', () => {
    expect(problemsOf({ [S]: awsSpec(pool() + pool('', 'burst')) })).toEqual(
      [],
    );
  });

  it('refuses a spec without pools for a type that needs them', () => {
    expect(
      problemsOf({
        [S]: awsSpec('    []\n').replace('nodePools:\n    []', 'nodePools: []'),
      }),
    ).toEqual([
      {
        file: S,
        field: 'spec.nodePools',
        message: 'a cluster spec needs at least one node pool',
        hint: 'Add a pool with name, machineType and replicas.',
      },
    ]);
  });

  it('accepts no pools for a type that has none (a nested control plane)', () => {
    expect(
      problemsOf({
        [S]: spec(`  provider: nested
  type: nested
  kubernetesVersion: v1.29.4
  nodePools: []
`),
      }),
    ).toEqual([]);
  });
});

describe('validateFleet: providers and cluster types', () => {
  it('names every provider of the catalog for an unknown one', () => {
    const problems = problemsOf({
      [S]: awsSpec(pool()).replace('provider: aws', 'provider: awz'),
    });
    expect(problems).toEqual([
      {
        file: S,
        field: 'spec.provider',
        message: 'unknown provider "awz"',
        hint: `Use one of ${PROVIDERS.map(p => p.id).join(
          ', ',
        )} (see \`arlon providers\`).`,
      },
    ]);
  });

  it('says why a provider was removed from the catalog, and what to do instead', () => {
    const [problem] = problemsOf({
      [S]: awsSpec(pool()).replace('provider: aws', 'provider: exoscale'),
    });
    expect(problem.field).toBe('spec.provider');
    expect(problem.message).toMatch(
      /^provider "exoscale" was removed from the catalog: /,
    );
    expect(problem.hint).toMatch(/as an external cluster/);
  });

  it("names the provider's cluster types for an unknown type", () => {
    const aws = PROVIDERS.find(p => p.id === 'aws')!;
    expect(
      problemsOf({
        [S]: awsSpec(pool()).replace('type: kubeadm', 'type: kubeadmm'),
      }),
    ).toEqual([
      {
        file: S,
        field: 'spec.type',
        message: 'provider "aws" has no cluster type "kubeadmm"',
        hint: `Use one of ${Object.keys(aws.clusterTypes).join(', ')}.`,
      },
    ]);
  });

  it("checks the provider's required fields at the field", () => {
    const problems = problemsOf({
      [S]: awsSpec(pool()).replace('  region: us-east-1\n', ''),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: S, field: 'spec.region' });
  });
});

describe('validateFleet: values against declared parameters', () => {
  const profile = (values: string) => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [web]
${values}`;
  const P = 'arlon/profiles/base.yaml';

  it('lists the parameters a bundle declares when a value names another', () => {
    expect(
      problemsOf({
        'arlon/bundles/web.yaml': bundle(
          'web',
          '  parameters:\n    - name: replicas\n    - name: image\n',
        ),
        [P]: profile('  values:\n    web:\n      replica: 2\n'),
      }),
    ).toEqual([
      {
        file: P,
        field: 'spec.values.web.replica',
        message: 'bundle "web" declares no parameter "replica"',
        hint: 'Its parameters are: replicas, image.',
      },
    ]);
  });

  it('says to declare the parameter first when the bundle declares none', () => {
    expect(
      problemsOf({
        'arlon/bundles/web.yaml': bundle('web', '  parameters: []\n'),
        [P]: profile('  values:\n    web:\n      replicas: 2\n'),
      }),
    ).toEqual([
      {
        file: P,
        field: 'spec.values.web.replicas',
        message: 'bundle "web" declares no parameter "replicas"',
        hint: 'Declare it under spec.parameters of bundle "web" first.',
      },
    ]);
  });

  it('accepts values for declared parameters', () => {
    expect(
      problemsOf({
        'arlon/bundles/web.yaml': bundle(
          'web',
          '  parameters:\n    - name: replicas\n',
        ),
        [P]: profile('  values:\n    web:\n      replicas: 2\n'),
      }),
    ).toEqual([]);
  });

  it('refuses values for a bundle the profile does not list, naming the profile', () => {
    expect(
      problemsOf({
        'arlon/bundles/web.yaml': bundle('web'),
        'arlon/bundles/db.yaml': bundle('db'),
        [P]: profile('  values:\n    db:\n      size: 2\n'),
      }),
    ).toEqual([
      {
        file: P,
        field: 'spec.values.db',
        message: 'values for bundle "db", which is not in profile "base"',
        hint: 'Add "db" to the profile\'s bundles, or remove these values.',
      },
    ]);
  });

  it('refuses values on a cluster for a bundle none of its profiles brings', () => {
    const C = 'arlon/clusters/c1.yaml';
    expect(
      problemsOf({
        'arlon/bundles/web.yaml': bundle('web'),
        [P]: profile(''),
        [S]: awsSpec(pool()),
        [C]: `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: c1
spec:
  clusterSpec: small
  profiles: [base]
  values:
    db:
      size: 2
`,
      }),
    ).toEqual([
      {
        file: C,
        field: 'spec.values.db',
        message:
          'values for bundle "db", which is not in the profiles of cluster "c1"',
        hint: 'Add "db" to the profile\'s bundles, or remove these values.',
      },
    ]);
  });
});

describe('validateFleet: names that do not exist', () => {
  it('suggests where to create a definition when no name is close', () => {
    expect(
      problemsOf({
        'arlon/profiles/base.yaml': `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [zzzzzzzz]
`,
      }),
    ).toEqual([
      {
        file: 'arlon/profiles/base.yaml',
        field: 'spec.bundles[0]',
        message: 'bundle "zzzzzzzz" does not exist',
        hint: 'Create the bundle in arlon/bundles/, or check the name.',
      },
    ]);
  });

  it('suggests every close name', () => {
    const [problem] = problemsOf({
      'arlon/bundles/web1.yaml': bundle('web1'),
      'arlon/bundles/web2.yaml': bundle('web2'),
      'arlon/profiles/base.yaml': `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [web]
`,
    });
    expect(problem.hint).toBe('Did you mean "web1" or "web2"?');
  });
});

describe('validateFleet: what reaches the compiler', () => {
  it('keeps every definition of a fleet without problems', () => {
    const { fleet, problems } = validateFleet({
      'arlon/bundles/web.yaml': bundle('web'),
      [S]: awsSpec(pool()),
    });
    expect(problems).toEqual([]);
    expect([...fleet.bundles.keys()]).toEqual(['web']);
    expect([...fleet.clusterSpecs.keys()]).toEqual(['small']);
  });

  it('drops only the definitions whose own file has a problem', () => {
    const { fleet } = validateFleet({
      'arlon/bundles/web.yaml': bundle('web'),
      [S]: awsSpec(pool() + pool()),
    });
    expect([...fleet.bundles.keys()]).toEqual(['web']);
    expect(fleet.clusterSpecs.size).toBe(0);
  });
});
