import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { parse } from 'yaml';
import {
  compileFleet,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { Sandbox } from '../Sandbox';
import { eventually } from '../testing/eventually';
import {
  argo,
  registerWithArgoCd,
  SeededSandbox,
  startSeededSandbox,
  workloadKubeConfig,
} from './__testUtils__/seededSandbox';

/**
 * A bundle from a Helm chart repository, end to end through what the
 * compiler generates: the sandbox's ApplicationSet controller renders its
 * Application with ArgoCD's chart source, and the simulated ArgoCD says it
 * cannot render a chart instead of pretending to have synced it.
 */

const ROLE =
  'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules:\n  - apiGroups: [apps]\n    resources: [deployments]\n    verbs: [get]\n';

const FLEET = {
  'arlon/bundles/podinfo.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: podinfo\nspec:\n  source:\n    helmRepository:\n      repoUrl: https://stefanprodan.github.io/podinfo\n      chart: podinfo\n      version: 6.5.4\n  parameters:\n    - name: replicaCount\n      default: 2\n',
  'arlon/bundles/rbac.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: rbac\nspec:\n  source:\n    inline: {}\n',
  'bundles/rbac/role.yaml': ROLE,
  'arlon/profiles/web.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: web\nspec:\n  bundles: [podinfo, rbac]\n',
};

// A cluster is provisioned and registered first: generous under a loaded machine.
jest.setTimeout(120_000);

describe('the simulated ArgoCD and a bundle from a Helm repository', () => {
  let started: SeededSandbox;
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  let core: CoreV1Api;

  beforeAll(async () => {
    started = await startSeededSandbox(
      { 'bundles/rbac/role.yaml': ROLE },
      { provisioningDelayMs: 50, argocdResyncMs: 100 },
    );
    ({ sandbox, custom, core } = started);
  });
  afterAll(() => started.stop());

  /** A CAPI-built workload cluster registered with ArgoCD under `labels`. */
  async function workloadCluster(name: string, labels: Record<string, string>) {
    await core.createNamespace({ body: { metadata: { name } } });
    await custom.createNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: name,
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name },
        spec: {},
      },
    });
    const secret = await eventually(
      () =>
        core
          .readNamespacedSecret({ name: `${name}-kubeconfig`, namespace: name })
          .catch(() => undefined),
      `${name}'s kubeconfig`,
      60_000,
    );
    const kc = workloadKubeConfig(secret);
    await registerWithArgoCd(core, name, kc, labels);
    return kc.makeApiClient(CoreV1Api);
  }

  const application = (name: string) =>
    eventually(
      async () => {
        const app: any = await custom
          .getNamespacedCustomObject({ ...argo, plural: 'applications', name })
          .catch(() => undefined);
        return app?.status?.sync && app;
      },
      `Application ${name} with a status`,
      60_000,
    );

  it('renders the chart source from the generated ApplicationSet, applies nothing for it and says why; the inline bundle beside it syncs', async () => {
    const { fleet, problems } = validateFleet(FLEET);
    expect(problems).toEqual([]);
    const generated = compileFleet(fleet, {
      repoUrl: sandbox.fleetRepoUrl,
      revision: 'main',
    });
    for (const [file, plural] of [
      ['generated/argocd/projects/arlon-bundles.yaml', 'appprojects'],
      ['generated/argocd/profiles/web.yaml', 'applicationsets'],
    ])
      await custom.createNamespacedCustomObject({
        ...argo,
        plural,
        body: parse(generated[file]),
      });
    const w1 = await workloadCluster('w1', { 'profile.arlon.io/web': 'true' });

    const chart = await application('w1-podinfo');
    expect(chart.spec.source).toBeUndefined();
    expect(chart.spec.sources).toEqual([
      {
        repoURL: 'https://stefanprodan.github.io/podinfo',
        chart: 'podinfo',
        targetRevision: '6.5.4',
        helm: {
          releaseName: 'podinfo',
          valueFiles: ['$values/generated/values/w1/podinfo.yaml'],
          ignoreMissingValueFiles: true,
        },
      },
      { repoURL: sandbox.fleetRepoUrl, targetRevision: 'main', ref: 'values' },
    ]);
    expect(chart.status.sync.status).toBe('Unknown');
    expect(chart.status.health.status).toBe('Unknown');
    expect(chart.status.resources).toEqual([]);
    expect(chart.status.conditions).toEqual([
      expect.objectContaining({
        type: 'ComparisonError',
        message:
          'chart podinfo 6.5.4 from the Helm repository https://stefanprodan.github.io/podinfo: the sandbox does not render Helm charts, so it applied nothing; ArgoCD would render and apply it (sync and health are unknown here)',
      }),
    ]);
    // Nothing reached the workload cluster for it: not even its namespace.
    await expect(w1.readNamespace({ name: 'podinfo' })).rejects.toThrow();

    const inline = await eventually(
      async () => {
        const app = await application('w1-rbac');
        return app.status.sync.status === 'Synced' && app;
      },
      'the inline bundle to sync',
      60_000,
    );
    expect(inline.status.health.status).toBe('Healthy');
  });

  it('holds a chart repository the project does not list to the project, as ArgoCD does', async () => {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'stray-chart' },
        spec: {
          project: 'arlon-bundles',
          source: {
            repoURL: 'https://charts.example.com',
            chart: 'stray',
            targetRevision: '1.0.0',
          },
          destination: { name: 'w1', namespace: 'stray' },
        },
      },
    });
    const app = await application('stray-chart');
    expect(app.status.conditions).toEqual([
      expect.objectContaining({
        type: 'InvalidSpecError',
        message:
          "application repo https://charts.example.com is not permitted in project 'arlon-bundles'",
      }),
    ]);
  });

  it('refuses a chart source without a version, with the message ArgoCD gives', async () => {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'unversioned-chart' },
        spec: {
          project: 'arlon-bundles',
          source: {
            repoURL: 'https://stefanprodan.github.io/podinfo',
            chart: 'podinfo',
          },
          destination: { name: 'w1', namespace: 'podinfo' },
        },
      },
    });
    const app = await application('unversioned-chart');
    expect(app.status.conditions).toEqual([
      expect.objectContaining({
        type: 'InvalidSpecError',
        message:
          'spec.source.targetRevision is required if the manifest source is a helm chart',
      }),
    ]);
  });
});
