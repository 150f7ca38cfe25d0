import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ApiextensionsV1Api,
  AppsV1Api,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { kubeconfigYaml } from '@arlon-backstage/arlon-sandbox';
import {
  BootstrapFixture,
  runWithToken,
  startBootstrapFixture,
} from './__testUtils__/bootstrapSandbox';
import { run } from './__testUtils__/run';

jest.setTimeout(60_000);

const TOKEN = 'hostile-token-9f8e7d6c5b4a';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Every output of a run, for "the credential is nowhere". */
const printed = (r: { out: string; err: string }) => `${r.out}\n${r.err}`;

describe('arlon bootstrap refuses, and applies nothing', () => {
  let f: BootstrapFixture;
  beforeEach(async () => {
    f = await startBootstrapFixture();
  });
  afterEach(() => f.stop());

  const nothingApplied = async () => {
    const apps: any = await f.custom.listNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      namespace: 'argocd',
      plural: 'applications',
    });
    const projects: any = await f.custom.listNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      namespace: 'argocd',
      plural: 'appprojects',
    });
    expect(apps.items).toEqual([]);
    // Only the sandbox's own `default` project.
    expect(projects.items.map((p: any) => p.metadata.name)).toEqual([
      'default',
    ]);
  };
  const setArgoCdImage = async (image: string) => {
    const apps = f.kc.makeApiClient(AppsV1Api);
    for (const name of ['argocd-applicationset-controller', 'argocd-server'])
      await apps.patchNamespacedDeployment(
        {
          name,
          namespace: 'argocd',
          body: {
            metadata: { labels: { 'app.kubernetes.io/version': null } },
            spec: {
              template: { spec: { containers: [{ name, image }] } },
            },
          },
        },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      );
  };

  it('without --context: exit 2 saying which flag', async () => {
    const r = await run('bootstrap', f.fleetDir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bootstrap needs --context <name>/);
    await nothingApplied();
  });

  it('a context the kubeconfig does not have: exit 1 naming it and the contexts there are', async () => {
    const r = await runWithToken(
      TOKEN,
      'bootstrap',
      f.fleetDir,
      '--context',
      'prod-typo',
    );
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'arlon: there is no context "prod-typo" in your kubeconfig (contexts: arlon-sandbox)\n',
    );
    expect(printed(r)).not.toContain(TOKEN);
    await nothingApplied();
  });

  it.each([
    [
      'names another repository',
      'https://git.example.com/other.git',
      ', not at ARLON_REPO_URL (https://git.example.com/other.git); ',
    ],
    ['is unset', undefined, '/fleet.git; the repository token'],
  ])(
    'a token while ARLON_REPO_URL %s: exit 1 naming the URL the tree points at, the token nowhere and not applied',
    async (_, pinned, said) => {
      const saved = process.env.ARLON_REPO_URL;
      if (pinned === undefined) delete process.env.ARLON_REPO_URL;
      else process.env.ARLON_REPO_URL = pinned;
      try {
        const r = await runWithToken(
          TOKEN,
          'bootstrap',
          f.fleetDir,
          '--context',
          'arlon-sandbox',
        );
        expect(r.code).toBe(1);
        expect(r.err).toContain(
          `arlon: the fleet's generated tree points ArgoCD at ${saved}`,
        );
        expect(r.err).toContain(
          'the repository token goes only to the URL ARLON_REPO_URL names',
        );
        expect(r.err).toContain(said);
        expect(printed(r)).not.toContain(TOKEN);
        expect(printed(r)).not.toContain(b64(TOKEN));
        await nothingApplied();
      } finally {
        process.env.ARLON_REPO_URL = saved;
      }
    },
  );

  it('a context whose server does not answer: exit 1 saying what to check, no stack', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bootstrap-kc-'));
    const kubeconfig = path.join(dir, 'config');
    // Port 9 (discard) on loopback: nothing listens.
    await fs.writeFile(
      kubeconfig,
      kubeconfigYaml(
        'dead',
        'https://127.0.0.1:9',
        'x',
        f.sandbox.apiServer.caData,
      ),
    );
    const saved = process.env.KUBECONFIG;
    process.env.KUBECONFIG = kubeconfig;
    try {
      const r = await run('bootstrap', f.fleetDir, '--context', 'dead');
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /^arlon: The management cluster did not answer while trying to list customresourcedefinitions.*check the kubeconfig context's server address/,
      );
      expect(r.err).not.toMatch(/\n\s+at /);
    } finally {
      process.env.KUBECONFIG = saved;
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('ArgoCD older than 2.10: exit 1 naming the version, what to upgrade to and why; the token is nowhere', async () => {
    await setArgoCdImage('quay.io/argoproj/argocd:v2.9.3');
    const r = await runWithToken(
      TOKEN,
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'FAIL ArgoCD version: v2.9.3 (from argocd-applicationset-controller image quay.io/argoproj/argocd:v2.9.3)',
    );
    expect(r.out).toContain(
      'Upgrade ArgoCD to 2.10 or later: the compiled ApplicationSets use templatePatch',
    );
    expect(r.out).toContain('Nothing was applied');
    expect(printed(r)).not.toContain(TOKEN);
    expect(printed(r)).not.toContain(b64(TOKEN));
    await nothingApplied();
  });

  it('ArgoCD whose Deployments name no version: exit 1 asking for the label', async () => {
    await setArgoCdImage('quay.io/argoproj/argocd:latest');
    const r = await run('bootstrap', f.fleetDir, '--context', 'arlon-sandbox');
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL ArgoCD version');
    expect(r.out).toContain('needs the label app.kubernetes.io/version');
    await nothingApplied();
  });

  it('ArgoCD not installed (no Deployments, no AppProject CRD): exit 1 with the install command', async () => {
    const apps = f.kc.makeApiClient(AppsV1Api);
    for (const name of ['argocd-applicationset-controller', 'argocd-server'])
      await apps.deleteNamespacedDeployment({ name, namespace: 'argocd' });
    await f.kc
      .makeApiClient(ApiextensionsV1Api)
      .deleteCustomResourceDefinition({ name: 'appprojects.argoproj.io' });
    const r = await runWithToken(
      TOKEN,
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
      '--output',
      'json',
    );
    expect(r.code).toBe(1);
    const result = JSON.parse(r.out);
    expect(result.ok).toBe(false);
    expect(result.applied).toBe(false);
    const byName = Object.fromEntries(
      result.checks.map((c: any) => [c.name, c]),
    );
    expect(byName['ArgoCD installed']).toMatchObject({
      ok: false,
      detail: 'CRDs missing: appprojects.argoproj.io',
      hint: expect.stringContaining('kubectl create namespace argocd'),
    });
    expect(byName['ArgoCD version'].detail).toMatch(/no ArgoCD Deployment/);
    // The plan is still shown, its Secret redacted.
    const secret = result.steps.find((s: any) => s.kind === 'Secret');
    expect(secret.object.data.password).toBe('<redacted>');
    expect(printed(r)).not.toContain(TOKEN);
    expect(printed(r)).not.toContain(b64(TOKEN));
  });

  it('a Cluster API provider the specs need is missing: exit 1 with the exact clusterctl init', async () => {
    await f.kc
      .makeApiClient(ApiextensionsV1Api)
      .deleteCustomResourceDefinition({
        name: 'awsmanagedcontrolplanes.controlplane.cluster.x-k8s.io',
      });
    const r = await run('bootstrap', f.fleetDir, '--context', 'arlon-sandbox');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'FAIL Cluster API providers: AWSManagedControlPlane (controlplane.cluster.x-k8s.io/v1beta2) not served, needed by ClusterSpec aws-eks',
    );
    expect(r.out).toContain(
      'Install the missing Cluster API providers:\n  clusterctl init --infrastructure aws\n',
    );
    await nothingApplied();
  });

  it('a generated tree that is not what the definitions compile to: exit 1 with the command that fixes it', async () => {
    const spec = path.join(f.fleetDir, 'arlon/clusterspecs/docker-dev.yaml');
    await fs.writeFile(
      spec,
      (
        await fs.readFile(spec, 'utf8')
      ).replace(/kubernetesVersion: .*/, 'kubernetesVersion: v1.31.2'),
    );
    const r = await run('bootstrap', f.fleetDir, '--context', 'arlon-sandbox');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/generated is not what the definitions compile to/);
    expect(r.err).toMatch(/arlon regenerate/);
    expect(r.err).toMatch(/Nothing was applied/);
    await nothingApplied();
  });

  it('an invalid definition: exit 1 naming its file and line', async () => {
    await fs.writeFile(
      path.join(f.fleetDir, 'arlon/profiles/broken.yaml'),
      'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: broken\nspec:\n  bundles: [no-such-bundle]\n',
    );
    const r = await run('bootstrap', f.fleetDir, '--context', 'arlon-sandbox');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/arlon\/profiles\/broken\.yaml:\d+/);
    expect(r.err).toMatch(/nothing was applied/);
    await nothingApplied();
  });
});

describe('arlon bootstrap --print-rbac refuses what is not a service account', () => {
  it.each([['a/b/c'], ['../etc'], ['arlon/'], ['Arlon/Portal']])(
    '--service-account %s: exit 2',
    async account => {
      const r = await run(
        'bootstrap',
        '--print-rbac',
        '--service-account',
        account,
      );
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--service-account must be <namespace>\/<name>/);
      expect(r.out).toBe('');
    },
  );

  it('--argocd-namespace that is not a DNS label: exit 2', async () => {
    const r = await run(
      'bootstrap',
      '--print-rbac',
      '--argocd-namespace',
      'argo cd',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--argocd-namespace must be a DNS label/);
  });
});

describe('arlon bootstrap takes no credential as a flag', () => {
  it('--token is an unknown option (credentials come from the environment only)', async () => {
    const r = await run('bootstrap', '.', '--token', TOKEN);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Unknown option '--token'/);
  });
});
