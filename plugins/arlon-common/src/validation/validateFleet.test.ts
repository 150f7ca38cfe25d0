import type { FleetFiles } from '../model/Fleet';
import { validateFleet } from './validateFleet';

const bundleWeb = `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: web
spec:
  source:
    git:
      repoUrl: https://git.example.com/web.git
      path: chart
      revision: main
      type: helm
  parameters:
    - name: replicas
      default: 1
`;
const bundleRbac = `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: rbac
spec:
  source:
    inline: {}
`;
const profileBase = `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [web, rbac]
  values:
    web:
      replicas: 2
`;
const specSmall = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: small
spec:
  provider: aws
  type: kubeadm
  kubernetesVersion: v1.29.4
  region: us-east-1
  sshKeyName: ops
  nodePools:
    - name: workers
      machineType: t3.large
      replicas: 2
`;
const clusterC1 = `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: c1
spec:
  clusterSpec: small
  profiles: [base]
`;

const BASE: FleetFiles = {
  'arlon/bundles/web.yaml': bundleWeb,
  'arlon/bundles/rbac.yaml': bundleRbac,
  'bundles/rbac/role.yaml': 'kind: ClusterRole\n',
  'arlon/profiles/base.yaml': profileBase,
  'arlon/clusterspecs/small.yaml': specSmall,
  'arlon/clusters/c1.yaml': clusterC1,
};

/** Replaces the first occurrence of `from` in `text`, failing loudly if absent. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from))
    throw new Error(`test setup: "${from}" not in text`);
  return text.replace(from, to);
}

interface Case {
  name: string;
  files: FleetFiles;
  file: string;
  line: number;
  field?: string;
  message: string | RegExp;
}

const B = 'arlon/bundles/web.yaml';
const R = 'arlon/bundles/rbac.yaml';
const P = 'arlon/profiles/base.yaml';
const S = 'arlon/clusterspecs/small.yaml';
const C = 'arlon/clusters/c1.yaml';

const cases: Case[] = [
  // YAML itself
  {
    name: 'an unclosed flow sequence',
    files: { [P]: edit(profileBase, '[web, rbac]', '[web, rbac') },
    file: P,
    line: 7,
    message: /^YAML syntax error/,
  },
  {
    name: 'a child indented less than its sibling',
    files: {
      [S]: edit(
        specSmall,
        '      machineType: t3.large',
        '     machineType: t3.large',
      ),
    },
    file: S,
    line: 13,
    message: /^YAML syntax error/,
  },
  {
    name: 'a duplicate key',
    files: {
      [S]: edit(
        specSmall,
        '  region: us-east-1\n',
        '  region: us-east-1\n  region: us-west-2\n',
      ),
    },
    file: S,
    line: 10,
    message: 'duplicate key: a mapping may hold each key once',
  },
  {
    name: 'a tab used for indentation',
    files: {
      [C]: edit(clusterC1, '  clusterSpec: small', '\tclusterSpec: small'),
    },
    file: C,
    line: 6,
    message: /^YAML syntax error/,
  },
  {
    name: 'a plain scalar with ": " inside',
    files: {
      [C]: edit(clusterC1, 'spec:\n', 'spec:\n  description: prod: eu\n'),
    },
    file: C,
    line: 6,
    message: /^YAML syntax error/,
  },
  // kind and apiVersion
  {
    name: 'an unknown kind',
    files: { [B]: edit(bundleWeb, 'kind: Bundle', 'kind: Bundel') },
    file: B,
    line: 2,
    field: 'kind',
    message: 'unknown kind "Bundel"',
  },
  {
    name: 'a missing kind',
    files: { [B]: edit(bundleWeb, 'kind: Bundle\n', '') },
    file: B,
    line: 1,
    field: 'kind',
    message: 'missing required field kind',
  },
  {
    name: 'a wrong apiVersion',
    files: {
      [B]: edit(bundleWeb, 'core.arlon.io/v1', 'core.arlon.io/v1beta1'),
    },
    file: B,
    line: 1,
    field: 'apiVersion',
    message: 'unknown apiVersion "core.arlon.io/v1beta1" for kind Bundle',
  },
  {
    name: 'a missing apiVersion',
    files: { [B]: edit(bundleWeb, 'apiVersion: core.arlon.io/v1\n', '') },
    file: B,
    line: 1,
    field: 'apiVersion',
    message: 'missing required field apiVersion',
  },
  // names
  {
    name: 'a missing metadata.name',
    files: { [R]: edit(bundleRbac, '  name: rbac\n', '  labels: {}\n') },
    file: R,
    line: 3,
    field: 'metadata.name',
    message: 'missing required field metadata.name',
  },
  {
    name: 'an upper-case name',
    files: { [C]: edit(clusterC1, 'name: c1', 'name: Prod1') },
    file: C,
    line: 4,
    field: 'metadata.name',
    message: /metadata\.name must be lower-case letters/,
  },
  {
    name: 'a 64-character name',
    files: { [C]: edit(clusterC1, 'name: c1', `name: ${'a'.repeat(64)}`) },
    file: C,
    line: 4,
    field: 'metadata.name',
    message: 'metadata.name must be at most 63 characters',
  },
  {
    name: 'a name with an underscore',
    files: { [C]: edit(clusterC1, 'name: c1', 'name: c_1') },
    file: C,
    line: 4,
    field: 'metadata.name',
    message: /must be lower-case letters/,
  },
  {
    name: 'a name ending in a dash',
    files: { [C]: edit(clusterC1, 'name: c1', 'name: c1-') },
    file: C,
    line: 4,
    field: 'metadata.name',
    message: /must be lower-case letters/,
  },
  {
    name: 'a node pool name that is not a DNS label',
    files: { [S]: edit(specSmall, 'name: workers', 'name: Workers') },
    file: S,
    line: 12,
    field: 'spec.nodePools[0].name',
    message: /must be lower-case letters/,
  },
  // fields
  {
    name: 'an unknown top-level field',
    files: { [C]: clusterC1.concat('status: {}\n') },
    file: C,
    line: 8,
    field: 'status',
    message: 'unknown field status',
  },
  {
    name: 'an unknown spec field',
    files: { [B]: edit(bundleWeb, 'spec:\n', 'spec:\n  desc: web app\n') },
    file: B,
    line: 6,
    field: 'spec.desc',
    message: 'unknown field spec.desc',
  },
  {
    name: 'an unknown field in a node pool',
    files: {
      [S]: edit(
        specSmall,
        '      replicas: 2',
        '      replicas: 2\n      size: 3',
      ),
    },
    file: S,
    line: 15,
    field: 'spec.nodePools[0].size',
    message: 'unknown field spec.nodePools[0].size',
  },
  {
    name: 'tags given as a string',
    files: { [B]: edit(bundleWeb, 'spec:\n', 'spec:\n  tags: web\n') },
    file: B,
    line: 6,
    field: 'spec.tags',
    message: 'spec.tags must be a list, not string "web"',
  },
  {
    name: 'a missing bundle source',
    files: {
      [R]: edit(
        bundleRbac,
        '  source:\n    inline: {}\n',
        '  description: x\n',
      ),
    },
    file: R,
    line: 5,
    field: 'spec.source',
    message: 'missing required field spec.source',
  },
  {
    name: 'a missing profile bundle list',
    files: { [P]: edit(profileBase, '  bundles: [web, rbac]\n', '') },
    file: P,
    line: 5,
    field: 'spec.bundles',
    message: 'missing required field spec.bundles',
  },
  {
    name: 'replicas given as a string',
    files: { [S]: edit(specSmall, 'replicas: 2', 'replicas: "two"') },
    file: S,
    line: 14,
    field: 'spec.nodePools[0].replicas',
    message: 'spec.nodePools[0].replicas must be a number, not string "two"',
  },
  {
    name: 'a parameter default that is a mapping',
    files: { [B]: edit(bundleWeb, 'default: 1', 'default: {a: 1}') },
    file: B,
    line: 14,
    field: 'spec.parameters[0].default',
    message: /must be a string, number or boolean/,
  },
  // bundles
  {
    name: 'a source that is both inline and git',
    files: {
      [B]: edit(bundleWeb, '  source:\n', '  source:\n    inline: {}\n'),
    },
    file: B,
    line: 6,
    field: 'spec.source',
    message:
      'a bundle has one source, inline, git or helmRepository; this one names inline and git',
  },
  {
    name: 'an empty source',
    files: {
      [R]: edit(bundleRbac, '    inline: {}\n', '    {}\n').replace(
        '  source:\n    {}\n',
        '  source: {}\n',
      ),
    },
    file: R,
    line: 6,
    field: 'spec.source',
    message: 'a bundle needs a source: inline, git or helmRepository',
  },
  {
    name: 'a repoUrl that is not a Git URL',
    files: {
      [B]: edit(
        bundleWeb,
        'https://git.example.com/web.git',
        'git.example.com/web',
      ),
    },
    file: B,
    line: 8,
    field: 'spec.source.git.repoUrl',
    message: /must be a Git URL/,
  },
  {
    name: 'an unknown source type',
    files: { [B]: edit(bundleWeb, 'type: helm', 'type: jsonnet') },
    file: B,
    line: 11,
    field: 'spec.source.git.type',
    message:
      'spec.source.git.type must be one of "directory", "kustomize", "helm"',
  },
  {
    name: 'an empty revision',
    files: { [B]: edit(bundleWeb, 'revision: main', 'revision: ""') },
    file: B,
    line: 10,
    field: 'spec.source.git.revision',
    message: 'spec.source.git.revision must not be empty',
  },
  {
    name: 'an inline bundle without manifests',
    files: { 'bundles/rbac/role.yaml': undefined as any },
    file: R,
    line: 7,
    field: 'spec.source.inline',
    message: 'inline bundle "rbac" has no manifests in bundles/rbac/',
  },
  {
    name: 'a parameter declared twice',
    files: { [B]: bundleWeb.concat('    - name: replicas\n') },
    file: B,
    line: 15,
    field: 'spec.parameters[1].name',
    message: 'parameter "replicas" is declared twice',
  },
  // profiles
  {
    name: 'an empty entry in a bundle list',
    files: { [P]: edit(profileBase, '[web, rbac]', '[web, "", rbac]') },
    file: P,
    line: 6,
    field: 'spec.bundles[1]',
    message: 'bundle entry 2 is empty',
  },
  {
    name: 'an empty entry in a comma-separated list',
    files: { [P]: edit(profileBase, '[web, rbac]', '"web,,rbac"') },
    file: P,
    line: 6,
    field: 'spec.bundles',
    message: 'bundle entry 2 is empty',
  },
  {
    name: 'a bundle listed twice',
    files: { [P]: edit(profileBase, '[web, rbac]', '[web, rbac, web]') },
    file: P,
    line: 6,
    field: 'spec.bundles[2]',
    message: 'bundle "web" is listed twice',
  },
  {
    name: 'a bundle that does not exist',
    files: { [P]: edit(profileBase, '[web, rbac]', '[web, rbac, webb]') },
    file: P,
    line: 6,
    field: 'spec.bundles[2]',
    message: 'bundle "webb" does not exist',
  },
  {
    name: 'values for a bundle not in the profile',
    files: { [P]: edit(profileBase, '[web, rbac]', '[rbac]') },
    file: P,
    line: 8,
    field: 'spec.values.web',
    message: 'values for bundle "web", which is not in profile "base"',
  },
  {
    name: 'a value for an undeclared parameter',
    files: { [P]: edit(profileBase, 'replicas: 2', 'replica: 2') },
    file: P,
    line: 9,
    field: 'spec.values.web.replica',
    message: 'bundle "web" declares no parameter "replica"',
  },
  {
    name: 'an unknown update policy',
    files: { [P]: profileBase.concat('  updatePolicy: sometimes\n') },
    file: P,
    line: 10,
    field: 'spec.updatePolicy',
    message: 'spec.updatePolicy must be one of "auto", "manual"',
  },
  // cluster specs
  {
    name: 'an unknown provider',
    files: { [S]: edit(specSmall, 'provider: aws', 'provider: amazon') },
    file: S,
    line: 6,
    field: 'spec.provider',
    message: 'unknown provider "amazon"',
  },
  {
    name: 'a provider without that cluster type',
    files: { [S]: edit(specSmall, 'type: kubeadm', 'type: aks') },
    file: S,
    line: 7,
    field: 'spec.type',
    message: 'provider "aws" has no cluster type "aks"',
  },
  {
    name: 'a Kubernetes version without the v',
    files: { [S]: edit(specSmall, 'v1.29.4', '1.29.4') },
    file: S,
    line: 8,
    field: 'spec.kubernetesVersion',
    message: 'spec.kubernetesVersion is not a Kubernetes version',
  },
  {
    name: 'a Kubernetes version without a patch number',
    files: { [S]: edit(specSmall, 'v1.29.4', 'v1.29') },
    file: S,
    line: 8,
    field: 'spec.kubernetesVersion',
    message: 'spec.kubernetesVersion is not a Kubernetes version',
  },
  {
    name: 'autoscaling min above max',
    files: {
      [S]: edit(
        specSmall,
        '      replicas: 2',
        '      replicas: 2\n      autoscaling: { min: 5, max: 3 }',
      ),
    },
    file: S,
    line: 15,
    field: 'spec.nodePools[0].autoscaling.min',
    message: 'autoscaling min (5) is above max (3)',
  },
  {
    name: 'replicas outside the autoscaling range',
    files: {
      [S]: edit(
        specSmall,
        '      replicas: 2',
        '      replicas: 2\n      autoscaling: { min: 3, max: 5 }',
      ),
    },
    file: S,
    line: 14,
    field: 'spec.nodePools[0].replicas',
    message: 'replicas (2) is outside autoscaling min..max (3..5)',
  },
  {
    name: 'replicas below zero',
    files: { [S]: edit(specSmall, 'replicas: 2', 'replicas: -1') },
    file: S,
    line: 14,
    field: 'spec.nodePools[0].replicas',
    message: 'spec.nodePools[0].replicas must not be below zero',
  },
  {
    name: 'fractional replicas',
    files: { [S]: edit(specSmall, 'replicas: 2', 'replicas: 1.5') },
    file: S,
    line: 14,
    field: 'spec.nodePools[0].replicas',
    message:
      'spec.nodePools[0].replicas must be a whole number, not number 1.5',
  },
  {
    name: 'control plane replicas below zero',
    files: {
      [S]: edit(
        specSmall,
        '  nodePools:',
        '  controlPlane: { replicas: -3 }\n  nodePools:',
      ),
    },
    file: S,
    line: 11,
    field: 'spec.controlPlane.replicas',
    message: 'spec.controlPlane.replicas must not be below zero',
  },
  {
    name: 'a field the provider needs',
    files: { [S]: edit(specSmall, '  sshKeyName: ops\n', '') },
    file: S,
    line: 5,
    field: 'spec.sshKeyName',
    message: 'aws kubeadm clusters need sshKeyName',
  },
  {
    name: 'two node pools with one name',
    files: {
      [S]: specSmall.concat(
        '    - name: workers\n      machineType: t3.small\n      replicas: 1\n',
      ),
    },
    file: S,
    line: 15,
    field: 'spec.nodePools[1].name',
    message: 'node pool "workers" is defined twice',
  },
  {
    name: 'no node pools',
    files: {
      [S]: edit(
        specSmall,
        '  nodePools:\n    - name: workers\n      machineType: t3.large\n      replicas: 2\n',
        '  nodePools: []\n',
      ),
    },
    file: S,
    line: 11,
    field: 'spec.nodePools',
    message: 'a cluster spec needs at least one node pool',
  },
  // clusters
  {
    name: 'a cluster spec that does not exist',
    files: { [C]: edit(clusterC1, 'clusterSpec: small', 'clusterSpec: smal') },
    file: C,
    line: 6,
    field: 'spec.clusterSpec',
    message: 'cluster spec "smal" does not exist',
  },
  {
    name: 'a profile that does not exist',
    files: { [C]: edit(clusterC1, '[base]', '[base, apps]') },
    file: C,
    line: 7,
    field: 'spec.profiles[1]',
    message: 'profile "apps" does not exist',
  },
  {
    name: 'a profile listed twice',
    files: { [C]: edit(clusterC1, '[base]', '[base, base]') },
    file: C,
    line: 7,
    field: 'spec.profiles[1]',
    message: 'profile "base" is listed twice',
  },
  {
    name: 'cluster values for a bundle not in its profiles',
    files: { [C]: clusterC1.concat('  values:\n    db:\n      size: 1\n') },
    file: C,
    line: 9,
    field: 'spec.values.db',
    message:
      'values for bundle "db", which is not in the profiles of cluster "c1"',
  },
  {
    name: 'a cluster value for an undeclared parameter',
    files: {
      [C]: clusterC1.concat('  values:\n    web:\n      image: nginx\n'),
    },
    file: C,
    line: 10,
    field: 'spec.values.web.image',
    message: 'bundle "web" declares no parameter "image"',
  },
  {
    name: 'both external and a cluster spec',
    files: {
      [C]: clusterC1.concat('  external:\n    server: https://1.2.3.4:6443\n'),
    },
    file: C,
    line: 8,
    field: 'spec.external',
    message: /either external \(imported\) or built from a clusterSpec/,
  },
  {
    name: 'neither external nor a cluster spec',
    files: { [C]: edit(clusterC1, '  clusterSpec: small\n', '') },
    file: C,
    line: 5,
    field: 'spec',
    message: /a cluster needs spec.clusterSpec/,
  },
  {
    name: 'an external server that is not a URL',
    files: {
      [C]: edit(
        clusterC1,
        '  clusterSpec: small\n',
        '  external:\n    server: edge-1\n',
      ),
    },
    file: C,
    line: 7,
    field: 'spec.external.server',
    message: 'spec.external.server must be an https URL',
  },
  {
    name: 'a cloned cluster without clonedFrom',
    files: { [C]: clusterC1.concat('  mode: cloned\n') },
    file: C,
    line: 8,
    field: 'spec.mode',
    message: /a cloned cluster needs spec.clonedFrom/,
  },
  {
    name: 'clonedFrom on a linked cluster',
    files: {
      [C]: clusterC1.concat(
        '  mode: linked\n  clonedFrom:\n    revision: abc\n    spec:\n      provider: docker\n      type: kubeadm\n      kubernetesVersion: v1.30.0\n      nodePools: [{name: a, machineType: x, replicas: 1}]\n',
      ),
    },
    file: C,
    line: 9,
    field: 'spec.clonedFrom',
    message: /only read for mode: cloned/,
  },
  {
    name: 'an unknown mode',
    files: { [C]: clusterC1.concat('  mode: copied\n') },
    file: C,
    line: 8,
    field: 'spec.mode',
    message: 'spec.mode must be one of "linked", "cloned"',
  },
  {
    name: 'a broken frozen spec in a cloned cluster',
    files: {
      [C]: clusterC1.concat(
        '  mode: cloned\n  clonedFrom:\n    revision: abc\n    spec:\n      provider: docker\n      type: eks\n      kubernetesVersion: v1.30.0\n      nodePools: [{name: a, machineType: x, replicas: 1}]\n',
      ),
    },
    file: C,
    line: 13,
    field: 'spec.clonedFrom.spec.type',
    message: 'provider "docker" has no cluster type "eks"',
  },
  {
    name: 'two profiles that bring the same bundle',
    files: {
      'arlon/profiles/more.yaml': edit(profileBase, 'name: base', 'name: more')
        .replace('[web, rbac]', '[web]')
        .replace('  values:\n    web:\n      replicas: 2\n', ''),
      [C]: edit(clusterC1, '[base]', '[base, more]'),
    },
    file: C,
    line: 7,
    field: 'spec.profiles[1]',
    message: 'bundle "web" comes from both profile "base" and profile "more"',
  },
  // the repository as a whole
  {
    name: 'two bundles with one name',
    files: { 'arlon/bundles/web.yml': bundleWeb },
    file: 'arlon/bundles/web.yml',
    line: 4,
    field: 'metadata.name',
    message: 'a second Bundle named "web"',
  },
  {
    name: 'a definition in the wrong folder',
    files: { 'arlon/bundles/base.yaml': profileBase, [P]: undefined as any },
    file: 'arlon/bundles/base.yaml',
    line: 2,
    field: 'kind',
    message: 'a Profile does not belong in arlon/bundles/',
  },
  {
    name: 'a document that is not a mapping',
    files: { 'arlon/clusters/list.yaml': '- a\n- b\n' },
    file: 'arlon/clusters/list.yaml',
    line: 1,
    field: '',
    message: /must be a mapping/,
  },
];

describe('validateFleet', () => {
  it('accepts the base fleet the cases below break', () => {
    expect(validateFleet(BASE).problems).toEqual([]);
  });

  it.each(cases.map(c => [c.name, c] as const))('reports %s', (_name, c) => {
    const files: FleetFiles = { ...BASE };
    for (const [path, text] of Object.entries(c.files)) {
      if (text === undefined) delete files[path];
      else files[path] = text;
    }
    const { problems } = validateFleet(files);
    const match = problems.find(
      p =>
        p.file === c.file &&
        (typeof c.message === 'string'
          ? p.message === c.message
          : c.message.test(p.message)),
    );
    expect({ problems, found: !!match }).toMatchObject({ found: true });
    expect(match).toMatchObject({
      line: c.line,
      ...(c.field !== undefined ? { field: c.field } : {}),
    });
    expect(match?.hint ?? '').not.toBe('');
  });

  it('returns every problem at once, across files, sorted by file and line', () => {
    const { problems } = validateFleet({
      ...BASE,
      [S]: edit(
        edit(specSmall, 'v1.29.4', '1.29'),
        'replicas: 2',
        'replicas: -2',
      ),
      [C]: edit(clusterC1, '[base]', '[nope]'),
    });
    expect(problems.map(p => [p.file, p.line, p.field])).toEqual([
      [C, 7, 'spec.profiles[0]'],
      [S, 8, 'spec.kubernetesVersion'],
      [S, 14, 'spec.nodePools[0].replicas'],
    ]);
  });

  it('names where the first of two same-named objects is defined', () => {
    const { problems } = validateFleet({
      ...BASE,
      'arlon/bundles/web.yml': bundleWeb,
    });
    expect(problems[0].hint).toBe(
      'arlon/bundles/web.yaml:4 already defines it; rename one of them.',
    );
  });

  it('suggests a close name for a typo', () => {
    const { problems } = validateFleet({
      ...BASE,
      [C]: edit(clusterC1, 'clusterSpec: small', 'clusterSpec: smal'),
    });
    expect(problems[0].hint).toBe('Did you mean "small"?');
  });
});
