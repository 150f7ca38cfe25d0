import type { FleetFiles } from '../../model/Fleet';
import { validateFleet } from '../validateFleet';

/**
 * A cluster's references (its clusterSpec or external server, link/clone
 * mode, profiles and values), through the whole validation: each case checks
 * the field, message and hint the user reads.
 */

const C = 'arlon/clusters/c1.yaml';
const BUNDLE_WEB = `apiVersion: core.arlon.io/v1
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
const PROFILE_BASE = `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [web]
`;
const FROZEN_SPEC = `    revision: abc
    spec:
      provider: docker
      type: kubeadm
      kubernetesVersion: v1.30.0
      nodePools: [{name: a, machineType: x, replicas: 1}]
`;
const cluster = (spec: string) => `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: c1
spec:
${spec}`;
const EXTERNAL = '  external:\n    server: https://1.2.3.4:6443\n';

function problemsOf(files: FleetFiles) {
  return validateFleet(files).problems.map(p => ({
    file: p.file,
    field: p.field,
    message: p.message,
    hint: p.hint,
  }));
}

describe('validateFleet: cluster references', () => {
  it('refuses a mode on an external cluster, at spec.mode', () => {
    expect(problemsOf({ [C]: cluster(`${EXTERNAL}  mode: linked\n`) })).toEqual(
      [
        {
          file: C,
          field: 'spec.mode',
          message: 'an external cluster has no spec to link or clone',
          hint: 'Remove spec.mode and spec.clonedFrom.',
        },
      ],
    );
  });

  it('refuses a frozen spec on an external cluster, at spec.clonedFrom', () => {
    expect(
      problemsOf({
        [C]: cluster(`${EXTERNAL}  clonedFrom:\n${FROZEN_SPEC}`),
      }),
    ).toEqual([
      {
        file: C,
        field: 'spec.clonedFrom',
        message: 'an external cluster has no spec to link or clone',
        hint: 'Remove spec.mode and spec.clonedFrom.',
      },
      {
        file: C,
        field: 'spec.clonedFrom',
        message: 'spec.clonedFrom is only read for mode: cloned',
        hint: 'Set mode: cloned, or remove clonedFrom to follow the spec.',
      },
    ]);
  });

  it('says where to create a cluster spec that does not exist', () => {
    expect(problemsOf({ [C]: cluster('  clusterSpec: small\n') })).toEqual([
      {
        file: C,
        field: 'spec.clusterSpec',
        message: 'cluster spec "small" does not exist',
        hint: 'Create the cluster spec in arlon/clusterspecs/, or check the name.',
      },
    ]);
  });

  it('says where to create a profile that does not exist', () => {
    expect(
      problemsOf({ [C]: cluster(`${EXTERNAL}  profiles: [base]\n`) }),
    ).toEqual([
      {
        file: C,
        field: 'spec.profiles[0]',
        message: 'profile "base" does not exist',
        hint: 'Create the profile in arlon/profiles/, or check the name.',
      },
    ]);
  });

  it('leaves the values of a cluster whose profile is broken unchecked (its bundles are unknown)', () => {
    expect(
      problemsOf({
        'arlon/profiles/base.yaml': 'spec: [unclosed\n',
        [C]: cluster(
          `${EXTERNAL}  profiles: [base]\n  values:\n    web:\n      replicas: 2\n`,
        ),
      }).map(p => p.file),
    ).toEqual(['arlon/profiles/base.yaml']);
  });

  it('reports a profile listed twice once, not as giving its own bundles twice', () => {
    expect(
      problemsOf({
        'arlon/bundles/web.yaml': BUNDLE_WEB,
        'arlon/profiles/base.yaml': PROFILE_BASE,
        [C]: cluster(`${EXTERNAL}  profiles: [base, base]\n`),
      }),
    ).toEqual([
      {
        file: C,
        field: 'spec.profiles[1]',
        message: 'profile "base" is listed twice',
        hint: 'List each profile once.',
      },
    ]);
  });
});
