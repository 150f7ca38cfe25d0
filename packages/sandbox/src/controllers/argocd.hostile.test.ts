import fs from 'node:fs/promises';
import path from 'node:path';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import {
  compileFleet,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { parse } from 'yaml';
import { Sandbox } from '../Sandbox';
import { eventually } from '../testing/eventually';
import { goJson, renderTemplate } from './goTemplate';
import { isDestinationPermitted, isSourcePermitted } from './appProject';
import {
  argo,
  SeededSandbox,
  startSeededSandbox,
} from './__testUtils__/seededSandbox';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

async function readDir(dir: string, rel = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await fs.readdir(path.join(dir, rel), {
    withFileTypes: true,
  })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, await readDir(dir, child));
    else out[child] = await fs.readFile(path.join(dir, child), 'utf8');
  }
  return out;
}

describe('toJson as ArgoCD (sprig, encoding/json) renders it', () => {
  it.each([
    ['a quote and a newline', 'x"\n  server: evil', '"x\\"\\n  server: evil"'],
    ['template braces', '{{ .server }}', '"{{ .server }}"'],
    [
      'HTML characters, escaped as Go does',
      '<a&b>',
      '"\\u003ca\\u0026b\\u003e"',
    ],
    ['a line separator', 'a\u2028b', '"a\\u2028b"'],
  ])('%s', (_, value, json) => {
    expect(goJson(value)).toBe(json);
    const rendered = renderTemplate(
      'path: {{ .path | toJson }}\n',
      { path: value },
      true,
    );
    expect(rendered).toBe(`path: ${json}\n`);
    // What ArgoCD then parses as YAML gives back exactly the value.
    expect(parse(rendered)).toEqual({ path: value });
  });

  it('sorts map keys, as Go marshals maps', () => {
    expect(goJson({ b: 1, a: { d: true, c: null } })).toBe(
      '{"a":{"c":null,"d":true},"b":1}',
    );
  });

  it('printf into toJson, and an unknown function is an error, as in Go', () => {
    expect(
      renderTemplate(
        '{{ printf "v/%s/%s.yaml" .name .bundle | toJson }}',
        { name: 'c"1', bundle: 'b' },
        true,
      ),
    ).toBe('"v/c\\"1/b.yaml"');
    expect(() => renderTemplate('{{ .x | env }}', { x: 'HOME' }, true)).toThrow(
      'function "env" not defined',
    );
  });

  it('a parameter never reaches the prototype', () => {
    expect(() => renderTemplate('{{ .__proto__ }}', {}, true)).toThrow(
      'map has no entry for key "__proto__"',
    );
  });
});

describe('AppProject checks as ArgoCD makes them', () => {
  const bundles = {
    sourceRepos: ['https://git.example.com/fleet.git'],
    destinations: [
      { server: '!https://kubernetes.default.svc', namespace: '*' },
      { server: '*', namespace: '*' },
    ],
  };
  it('denies the management cluster by server, whatever the order of rules', () => {
    const inCluster = {
      server: 'https://kubernetes.default.svc',
      name: 'in-cluster',
    };
    expect(isDestinationPermitted(bundles, inCluster, 'x')).toBe(false);
    expect(
      isDestinationPermitted(
        { ...bundles, destinations: [...bundles.destinations].reverse() },
        inCluster,
        'x',
      ),
    ).toBe(false);
    expect(
      isDestinationPermitted(
        bundles,
        { server: 'https://10.0.0.1:6443', name: 'w1' },
        'x',
      ),
    ).toBe(true);
  });
  it('permits declared repositories only, .git and case aside', () => {
    expect(isSourcePermitted(bundles, 'https://GIT.example.com/fleet')).toBe(
      true,
    );
    expect(
      isSourcePermitted(bundles, 'https://git.example.com/fleet.git/../evil'),
    ).toBe(false);
    expect(
      isSourcePermitted(bundles, 'https://evil.example.com/fleet.git'),
    ).toBe(false);
  });
});

describe('the sandbox ArgoCD holds Applications to the compiled AppProjects', () => {
  let started: SeededSandbox;
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  let core: CoreV1Api;

  beforeAll(async () => {
    started = await startSeededSandbox(
      {
        'bundles/hostile/cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: takeover\n  namespace: kube-system\ndata:\n  x: y\n',
        'bundles/hostile/role.yaml':
          'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: takeover\nrules: []\n',
      },
      { argocdResyncMs: 100 },
    );
    ({ sandbox, custom, core } = started);
    // The projects exactly as the compiler writes them for the example fleet, for this repository.
    const { fleet, problems } = validateFleet(await readDir(EXAMPLE));
    if (problems.length) throw new Error(problems[0].message);
    const generated = compileFleet(fleet, {
      repoUrl: sandbox.fleetRepoUrl,
      revision: 'main',
    });
    for (const name of ['arlon-bundles', 'arlon-clusters'])
      await custom.createNamespacedCustomObject({
        ...argo,
        plural: 'appprojects',
        body: parse(generated[`generated/argocd/projects/${name}.yaml`]),
      });
  });
  afterAll(() => started.stop());

  async function application(
    name: string,
    project: string,
    destination: object,
    repoURL = sandbox.fleetRepoUrl,
  ) {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name },
        spec: {
          project,
          source: { repoURL, targetRevision: 'main', path: 'bundles/hostile' },
          destination,
          syncPolicy: {
            automated: { prune: true },
            syncOptions: ['CreateNamespace=true'],
          },
        },
      },
    });
    return eventually(
      async () => {
        const app: any = await custom.getNamespacedCustomObject({
          ...argo,
          plural: 'applications',
          name,
        });
        return app.status?.conditions?.length ? app : undefined;
      },
      `Application ${name} with a condition`,
      10_000,
    );
  }

  const nothingApplied = async () => {
    await expect(
      core.readNamespacedConfigMap({
        name: 'takeover',
        namespace: 'kube-system',
      }),
    ).rejects.toThrow();
  };

  it('a bundle Application aimed at https://kubernetes.default.svc: InvalidSpecError, nothing applied', async () => {
    const app = await application('evil-bundle', 'arlon-bundles', {
      server: 'https://kubernetes.default.svc',
      namespace: 'hostile',
    });
    expect(app.status.conditions[0]).toMatchObject({
      type: 'InvalidSpecError',
      message:
        "application destination server 'https://kubernetes.default.svc' and namespace 'hostile' do not match any of the allowed destinations in project 'arlon-bundles'",
    });
    expect(app.status.sync.status).toBe('Unknown');
    await nothingApplied();
  });

  it('the same by cluster name in-cluster: refused too', async () => {
    const app = await application('evil-bundle-by-name', 'arlon-bundles', {
      name: 'in-cluster',
      namespace: 'hostile',
    });
    expect(app.status.conditions[0].type).toBe('InvalidSpecError');
    await nothingApplied();
  });

  it('a bundle Application from a repository the fleet does not declare: InvalidSpecError', async () => {
    const app = await application(
      'evil-source',
      'arlon-bundles',
      { server: 'https://kubernetes.default.svc', namespace: 'hostile' },
      'https://evil.example.com/charts.git',
    );
    expect(app.status.conditions[0]).toMatchObject({
      type: 'InvalidSpecError',
      message:
        "application repo https://evil.example.com/charts.git is not permitted in project 'arlon-bundles'",
    });
    await nothingApplied();
  });

  it('a root Application into a namespace that is not a cluster’s: InvalidSpecError', async () => {
    const app = await application('evil-root', 'arlon-clusters', {
      server: 'https://kubernetes.default.svc',
      namespace: 'kube-system',
    });
    expect(app.status.conditions[0]).toMatchObject({
      type: 'InvalidSpecError',
      message: expect.stringMatching(
        /do not match any of the allowed destinations in project 'arlon-clusters'$/,
      ),
    });
    await nothingApplied();
  });

  it('a root Application in its own namespace whose manifests reach elsewhere: the sync fails, nothing applied', async () => {
    const app = await application('dev-local', 'arlon-clusters', {
      server: 'https://kubernetes.default.svc',
      namespace: 'dev-local',
    });
    expect(app.status.conditions[0]).toMatchObject({
      type: 'SyncError',
      message: expect.stringMatching(
        /is not permitted in project arlon-clusters$/,
      ),
    });
    await nothingApplied();
  });

  it('an Application of a project that does not exist: InvalidSpecError', async () => {
    const app = await application('no-project', 'nope', {
      server: 'https://kubernetes.default.svc',
      namespace: 'hostile',
    });
    expect(app.status.conditions[0]).toMatchObject({
      type: 'InvalidSpecError',
      message: 'Application referencing project nope which does not exist',
    });
  });
});
