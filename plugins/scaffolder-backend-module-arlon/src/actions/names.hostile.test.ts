import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createBundleCreateAction } from './bundleCreate';
import { createClusterCloneAction } from './clusterClone';
import { createClusterCreateAction } from './clusterCreate';
import { createProfileCreateAction } from './profileCreate';

/** Far enough up from any checkout to reach `/`, then into a folder that must never appear. */
const escapeDir = path.join(
  os.tmpdir(),
  `arlon-hostile-actions-${process.pid}-${Date.now()}`,
);
const traversal = `${'../'.repeat(24)}${escapeDir.slice(1)}/x`;
const configMap =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';

describe('arlon:* actions, hostile input', () => {
  const env = withFleet(fleet => ({
    bundle: createBundleCreateAction(fleet.options),
    cluster: createClusterCreateAction(fleet.options),
    clone: createClusterCloneAction(fleet.options),
    profile: createProfileCreateAction(fleet.options),
  }));
  let before: number;
  beforeEach(async () => {
    before = await env().fleet.commits();
  });
  // Whatever a case sent: no commit, nothing where a traversal would land, no pollution.
  afterEach(async () => {
    if ((await env().fleet.commits()) !== before)
      throw new Error('a commit was made');
    if (fs.existsSync(escapeDir))
      throw new Error(`${escapeDir} was written outside the checkout`);
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  const fails = async (
    action: keyof ReturnType<typeof env>['action'],
    input: Record<string, unknown>,
    dryRun = false,
  ) => {
    const error = await env()
      .action[action].handler(stepContext(input, { dryRun }).ctx)
      .then(
        () => undefined,
        e => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InputError');
    return error.message as string;
  };

  it.each([
    ['a traversal', traversal],
    ['an absolute path', '/etc/x'],
    ['a nested path', 'a/b'],
    ['Git’s own folder', '.git/config'],
    ['an empty name', ''],
    ['a 64-character name', 'b'.repeat(64)],
    ['upper case', 'Settings'],
    ['a NUL byte', 'set\u0000tings'],
  ])('arlon:bundle:create named with %s (dry run and run)', async (_, name) => {
    for (const dryRun of [true, false])
      expect(
        await fails(
          'bundle',
          { name, manifests: { 'cm.yaml': configMap } },
          dryRun,
        ),
      ).toMatch(/^name ".*" must /);
  });

  it('arlon:bundle:create with a manifest path that leaves the bundle folder', async () => {
    expect(
      await fails('bundle', {
        name: 'settings',
        manifests: {
          [`${'../'.repeat(24)}${escapeDir.slice(1)}/x.yaml`]: configMap,
        },
      }),
    ).toMatch(/is not a file name inside the bundle/);
  });

  it('arlon:cluster:create named with a traversal', async () => {
    expect(
      await fails('cluster', { name: traversal, clusterSpec: 'docker-dev' }),
    ).toMatch(/^name ".*" must /);
  });

  it('arlon:cluster:clone to a traversal name (checked where the path is built)', async () => {
    expect(
      await fails('clone', { source: 'dev-local', name: traversal }),
    ).toMatch(/^the Cluster's name ".*" must /);
  });

  it.each(['argocd', 'kube-system', 'arlon-fleet'])(
    'arlon:cluster:create named %s: a problem at metadata.name',
    async name => {
      expect(
        await fails('cluster', { name, clusterSpec: 'docker-dev' }),
      ).toMatch(
        new RegExp(
          `arlon/clusters/${name}\\.yaml:\\d+:\\d+: "${name}" is reserved`,
        ),
      );
    },
  );

  it('arlon:cluster:create whose root Application collides with a bundle Application', async () => {
    expect(
      await fails('cluster', {
        name: 'dev-local-guestbook',
        clusterSpec: 'docker-dev',
      }),
    ).toMatch(/would both be the ArgoCD Application "dev-local-guestbook"/);
  });

  it('arlon:bundle:create with a parameter named __proto__.polluted', async () => {
    expect(
      await fails('bundle', {
        name: 'chart',
        git: {
          repoUrl: 'https://github.com/stefanprodan/podinfo.git',
          path: 'charts/podinfo',
          revision: '6.5.4',
          type: 'helm',
        },
        parameters: [{ name: '__proto__.polluted', default: 'yes' }],
      }),
    ).toMatch(/spec\.parameters\[0\]\.name/);
  });

  it('arlon:profile:create with values keyed constructor, and labels keyed __proto__', async () => {
    expect(
      await fails('profile', {
        name: 'hostile',
        bundles: ['guestbook'],
        values: { guestbook: { 'constructor.prototype.polluted': 1 } },
      }),
    ).toMatch(/spec\.values\.guestbook\.constructor\.prototype\.polluted/);
    expect(
      await fails('profile', {
        name: 'hostile',
        bundles: ['guestbook'],
        labels: JSON.parse('{"__proto__": "x"}'),
      }),
    ).toMatch(/metadata\.labels\.__proto__/);
  });

  it.each([
    [
      'path',
      {
        path: 'x"\n  destination:\n    server: https://kubernetes.default.svc\n#',
      },
    ],
    ['revision', { revision: 'main"\nproject: default' }],
    ['repoUrl', { repoUrl: 'https://x.example.com/{{ .server }}.git' }],
  ])(
    'arlon:bundle:create with an injection payload in git.%s',
    async (field, git) => {
      expect(
        await fails('bundle', {
          name: 'chart',
          git: {
            repoUrl: 'https://github.com/stefanprodan/podinfo.git',
            path: 'charts/podinfo',
            revision: '6.5.4',
            type: 'helm',
            ...git,
          },
        }),
      ).toMatch(new RegExp(`spec\\.source\\.git\\.${field}`));
    },
  );

  it('after all of that, a valid bundle is still created', async () => {
    await env().action.bundle.handler(
      stepContext({ name: 'settings', manifests: { 'cm.yaml': configMap } })
        .ctx,
    );
    expect(await env().fleet.file('arlon/bundles/settings.yaml')).toBeDefined();
    before += 1; // the one commit this case means to make
  });
});
