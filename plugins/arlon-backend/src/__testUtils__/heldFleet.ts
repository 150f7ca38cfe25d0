import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type Permission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { eventually, kubeConfigFor, Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
export const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
export const ALLOW: PolicyDecision = { result: AuthorizeResult.ALLOW };
export const DENY: PolicyDecision = { result: AuthorizeResult.DENY };

/**
 * The example fleet in the sandbox with the arlon backend running its
 * registration controller: every example cluster built and registered with
 * its profile labels, ready for hand pushes that break definitions.
 */
export async function startHeldFleet() {
  const sandbox = await Sandbox.start({
    fleetSeedDir: EXAMPLE,
    provisioningDelayMs: 200,
    argocdResyncMs: 200,
  });
  const policy = {
    decide: (_p: Permission): PolicyDecision => ALLOW,
  };
  const permissions = mockServices.permissions.mock({
    authorize: async requests =>
      requests.map(r => {
        const d = policy.decide(r.permission);
        return d.result === AuthorizeResult.CONDITIONAL ? DENY : d;
      }) as any,
    authorizeConditional: async requests =>
      requests.map(r => policy.decide(r.permission)) as any,
  });
  const scheduler = mockServices.scheduler() as SchedulerService & {
    factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
  };
  const { server } = await startTestBackend({
    features: [
      arlonPlugin,
      permissions.factory,
      scheduler.factory({ skipTaskRunOnStartup: true }),
      mockServices.rootConfig.factory({
        data: { arlon: sandbox.arlonConfig() },
      }),
    ],
  });
  void scheduler.triggerTask('arlon-registration');
  // The example's generated tree names another repository URL: bring it in
  // line, then apply the bootstrap Application, as an operator would.
  await request(server).post('/api/arlon/regenerate').expect(200);
  await request(server).post('/api/arlon/bootstrap').expect(200);
  const kc = kubeConfigFor(
    sandbox.apiServer.url,
    sandbox.token,
    sandbox.apiServer.caData,
  );
  const core = kc.makeApiClient(CoreV1Api);
  const custom = kc.makeApiClient(CustomObjectsApi);

  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  /** The ArgoCD cluster Secret's labels. */
  const labels = async (cluster: string) =>
    (
      await core.readNamespacedSecret({
        name: `cluster-${cluster}`,
        namespace: 'argocd',
      })
    ).metadata?.labels ?? {};
  const profileLabels = async (cluster: string) =>
    Object.fromEntries(
      Object.entries(await labels(cluster)).filter(([k]) =>
        k.startsWith('profile.arlon.io/'),
      ),
    );
  /** A change to the CAPI Cluster wakes its reconcile, as any CAPI event does. */
  let pokes = 0;
  const poke = (cluster: string) =>
    custom.patchNamespacedCustomObject(
      {
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: cluster,
        name: cluster,
        body: { metadata: { annotations: { 'test/poke': `${++pokes}` } } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  const applicationExists = (name: string) =>
    custom
      .getNamespacedCustomObject({
        group: 'argoproj.io',
        version: 'v1alpha1',
        plural: 'applications',
        namespace: 'argocd',
        name,
      })
      .then(
        () => true,
        (e: any) => (e.code === 404 ? false : Promise.reject(e)),
      );
  const original = (file: string) =>
    fs.readFile(path.join(EXAMPLE, file), 'utf8');

  let witnesses = 0;
  /**
   * Pushes `changes` by hand together with a valid change to `witness` (a new
   * empty profile it takes), then waits until the witness's Secret carries
   * that profile: the registration controller has read this commit. The
   * clusters in `poked` are reconciled after that, so what they show is
   * what the controller decided on this commit.
   */
  const pushAndSettle = async (
    changes: Record<string, string | null>,
    message: string,
    options: { witness: string; poked: string[] },
  ) => {
    const n = ++witnesses;
    const witnessFile = `arlon/clusters/${options.witness}.yaml`;
    const current = (
      await request(server)
        .get(`/api/arlon/clusters/${options.witness}`)
        .expect(200)
    ).body.definition;
    const profiles = [...(current.spec.profiles ?? []), `witness-${n}`];
    const witnessText = (await original(witnessFile)).replace(
      /profiles: \[[^\]]*\]/,
      `profiles: [${profiles.join(', ')}]`,
    );
    await sandbox.pushToFleet(
      {
        ...changes,
        [`arlon/profiles/witness-${n}.yaml`]: `apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: witness-${n}\nspec:\n  bundles: []\n`,
        [witnessFile]: witnessText,
      },
      message,
    );
    const commit = await head();
    await eventually(async () => {
      await poke(options.witness);
      await new Promise(r => setTimeout(r, 250));
      return (
        (await labels(options.witness))[`profile.arlon.io/witness-${n}`] ===
        'true'
      );
    }, `the witness ${options.witness} to follow commit ${commit.slice(0, 8)}`);
    for (const c of options.poked) await poke(c);
    await new Promise(r => setTimeout(r, 1000));
    return commit;
  };

  /** Waits until every example cluster built by CAPI is registered with its profile labels. */
  const registered = async () => {
    for (const [cluster, profiles] of [
      ['dev-local', ['infrastructure', 'apps']],
      ['prod-us-west', ['infrastructure']],
      ['staging-eu', ['infrastructure']],
    ] as const)
      await eventually(async () => {
        const l = await labels(cluster).catch(() => ({} as any));
        return profiles.every(p => l[`profile.arlon.io/${p}`] === 'true');
      }, `${cluster} registered with its profiles`);
  };

  /** Waits until the cluster's profile labels (witnesses aside) are exactly `profiles`. */
  const registeredWith = (cluster: string, profiles: string[]) =>
    eventually(async () => {
      await poke(cluster);
      await new Promise(r => setTimeout(r, 250));
      const own = Object.keys(await profileLabels(cluster))
        .map(k => k.slice('profile.arlon.io/'.length))
        .filter(p => !p.startsWith('witness-'))
        .sort();
      return JSON.stringify(own) === JSON.stringify([...profiles].sort());
    }, `${cluster} to carry exactly the profiles ${profiles.join(', ')}`);

  return {
    registeredWith,
    sandbox,
    server,
    policy,
    head,
    labels,
    profileLabels,
    poke,
    applicationExists,
    original,
    pushAndSettle,
    registered,
    stop: () => sandbox.stop(),
  };
}

export type HeldFleetKit = Awaited<ReturnType<typeof startHeldFleet>>;
