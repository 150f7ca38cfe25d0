import {
  AppsV1Api,
  CoreV1Api,
  KubeConfig,
  type V1Pod,
} from '@kubernetes/client-node';
import { expect, test, type Page } from '@playwright/test';

/**
 * The Kubernetes plugin sees the fleet: an Arlon cluster's entity page has
 * the Kubernetes tab, and it lists the pods of that cluster's own workload
 * cluster. The sandbox (as app-config.yaml starts it) builds dev-local with
 * its simulated Cluster API; the arlon backend registers it with read-only
 * viewer credentials; the Kubernetes backend module supplies it to the
 * Kubernetes backend. The example bundles create no pods, so the test
 * deploys a Deployment there, as its admin, and the sandbox's workload
 * controller runs its pods.
 */
const CLUSTER = 'dev-local';
const DEPLOYMENT = 'e2e-web';

/** The sandbox management cluster, as app-config.yaml names it. */
function managementCluster(): KubeConfig {
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [
      {
        name: 'sandbox',
        server: 'https://127.0.0.1:7443',
        skipTLSVerify: true,
      },
    ],
    users: [{ name: 'sandbox', token: 'sandbox-token' }],
    contexts: [{ name: 'sandbox', cluster: 'sandbox', user: 'sandbox' }],
    currentContext: 'sandbox',
  });
  return config;
}

/** Reads a Secret's key; throws (for the retry) while it is not there yet. */
async function secretValue(
  core: CoreV1Api,
  namespace: string,
  name: string,
  key: string,
  waitingFor: string,
): Promise<string> {
  const secret = await core
    .readNamespacedSecret({ name, namespace })
    .catch(() => undefined);
  const value = secret?.data?.[key];
  if (!value)
    throw new Error(`waiting for ${waitingFor} (${namespace}/${name})`);
  return Buffer.from(value, 'base64').toString('utf8');
}

/**
 * Deploys the test's Deployment into the cluster's workload cluster, as its
 * admin, and returns the names of the pods the sandbox runs for it. Throws
 * (for the retry) while the cluster is not provisioned and registered yet.
 */
async function deployWorkload(): Promise<string[]> {
  const management = managementCluster().makeApiClient(CoreV1Api);
  // The admin kubeconfig Cluster API writes once the cluster is provisioned.
  const kubeconfig = await secretValue(
    management,
    CLUSTER,
    `${CLUSTER}-kubeconfig`,
    'value',
    `${CLUSTER} to be provisioned by the sandbox's Cluster API`,
  );
  // The portal's own read-only credentials, made when the cluster was registered.
  await secretValue(
    management,
    'argocd',
    `arlon-viewer-${CLUSTER}`,
    'server',
    `the arlon backend to store ${CLUSTER}'s viewer credentials`,
  );
  const workload = new KubeConfig();
  workload.loadFromString(kubeconfig);
  await workload
    .makeApiClient(AppsV1Api)
    .createNamespacedDeployment({
      namespace: 'default',
      body: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: DEPLOYMENT, labels: { app: DEPLOYMENT } },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: DEPLOYMENT } },
          template: {
            metadata: { labels: { app: DEPLOYMENT } },
            spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
          },
        },
      },
    })
    .catch(error => {
      // Already there from an earlier attempt.
      if ((error as { code?: number }).code !== 409) throw error;
    });
  const pods = workload.makeApiClient(CoreV1Api);
  let running: V1Pod[] = [];
  await expect
    .poll(
      async () => {
        running = (
          await pods.listNamespacedPod({
            namespace: 'default',
            labelSelector: `app=${DEPLOYMENT}`,
          })
        ).items;
        return running.length;
      },
      { message: 'the sandbox to run the Deployment’s pods' },
    )
    .toBe(2);
  return running.map(p => p.metadata!.name!);
}

/**
 * Opens the cluster's entity page, signing in as guest when asked (first
 * visit, or after a restarted backend forgot the session).
 */
async function openClusterPage(page: Page) {
  await page.goto(`/catalog/default/resource/${CLUSTER}`, { timeout: 60_000 });
  const enter = page.getByRole('button', { name: 'Enter' });
  // The entity page's tabs are links in its content navigation.
  const tab = page
    .getByRole('navigation', { name: 'Content navigation' })
    .getByRole('link', { name: 'Kubernetes', exact: true });
  await expect(enter.or(tab)).toBeVisible();
  if (await enter.isVisible()) {
    await enter.click({ timeout: 10_000 });
    await expect(enter).toBeHidden();
  }
  return tab;
}

test("an Arlon cluster's Kubernetes tab lists its workload cluster's pods", async ({
  page,
}) => {
  test.setTimeout(480_000);

  // `yarn start` restarts the backend, and its sandbox freshly seeded, when
  // sources change: the whole check is retried, deploying again if needed.
  await expect(() =>
    showTheTab(page).catch(error => {
      // Each failed attempt says why, so a timeout is not the only message.
      console.log(`attempt failed: ${String(error.message).split('\n')[0]}`);
      throw error;
    }),
  ).toPass({ timeout: 420_000, intervals: [5_000] });

  await page.screenshot({
    path: 'artifacts/screenshots/kubernetes-tab.png',
    fullPage: true,
  });
});

/** Deploys, opens the tab, and finds the pods in it. */
async function showTheTab(page: Page) {
  // A busy backend can leave a request to its sandbox hanging: give up on
  // the attempt after a minute, so that the next one starts afresh.
  let timer: NodeJS.Timeout | undefined;
  const podNames = await Promise.race([
    deployWorkload(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the sandbox did not answer within a minute')),
        60_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));

  const tab = await openClusterPage(page);
  await tab.click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/kubernetes$/);

  // The cluster, named as its entity, with the pods it runs.
  const cluster = page
    .locator('[aria-expanded]')
    .filter({ hasText: CLUSTER })
    .first();
  await expect(cluster).toBeVisible({ timeout: 30_000 });
  await cluster.click({ timeout: 10_000 });
  const deployment = page
    .locator('[aria-expanded]')
    .filter({ hasText: DEPLOYMENT })
    .first();
  await expect(deployment).toContainText('2 pods');
  await deployment.click({ timeout: 10_000 });
  for (const name of podNames)
    await expect(page.getByText(name, { exact: true })).toBeVisible();
}
