import {
  CoreV1Api,
  KubeConfig,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import { HungServer, eventually } from '@arlon-backstage/arlon-sandbox';
import { ManagementCluster } from '../cluster/ManagementCluster';
import { LiveCluster } from '../live/LiveCluster';
import { describeConnectionError } from './describeConnectionError';
import { isAbortError, limitRequestTime } from './requestTimeout';

const TIMEOUT_MS = 400;
/** Loose: the point is that it ends, not how fast. */
const GENEROUS = 10 * TIMEOUT_MS + 5_000;

const kubeConfigAt = (server: string) => {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server, skipTLSVerify: true }],
    users: [{ name: 'u', token: 'not-a-real-token' }],
    contexts: [{ name: 'c', cluster: 'c', user: 'u' }],
    currentContext: 'c',
  });
  return kc;
};

const timed = async <T>(work: Promise<T>) => {
  const started = Date.now();
  const error = await work.then(
    () => undefined,
    e => e,
  );
  return { error, ms: Date.now() - started };
};

/**
 * A Kubernetes API server that accepts connections and never answers (not
 * even the TLS handshake) must not hold a request forever.
 */
describe('Kubernetes requests against a hung API server', () => {
  let hung: HungServer;
  let url: string;
  beforeEach(async () => {
    hung = await HungServer.start();
    url = `https://127.0.0.1:${hung.port}`;
  });
  afterEach(() => hung.stop());

  it('aborts a generated-API call at its deadline and closes the connection', async () => {
    const core = limitRequestTime(kubeConfigAt(url), TIMEOUT_MS).makeApiClient(
      CoreV1Api,
    );

    const { error, ms } = await timed(core.listNamespace());

    expect(isAbortError(error)).toBe(true);
    expect(ms).toBeLessThan(GENEROUS);
    await eventually(() => hung.accepted > 0 && hung.open === 0, 'closed');
  });

  it('aborts an object-API call (what pre-flights and bootstrap use) at its deadline', async () => {
    const api = KubernetesObjectApi.makeApiClient(
      limitRequestTime(kubeConfigAt(url), TIMEOUT_MS),
    );

    const { error, ms } = await timed(
      api.read({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'x', namespace: 'default' },
      }),
    );

    expect(isAbortError(error)).toBe(true);
    expect(ms).toBeLessThan(GENEROUS);
  });

  it('gives a workload cluster read a deadline and an actionable message', async () => {
    const live = new LiveCluster('victim', kubeConfigAt(url), TIMEOUT_MS);

    const { error, ms } = await timed(
      live.read([
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'x', namespace: 'default' },
        },
      ]),
    );

    expect(ms).toBeLessThan(GENEROUS);
    expect(
      describeConnectionError(error, {
        target: 'cluster "victim"',
        url,
        configKey: 'the cluster Secret',
        credentialsHint: '',
      }),
    ).toEqual({
      message: `cluster "victim" at ${url} did not answer in time (the request was aborted)`,
      hint: 'Check that the address is reachable from the Backstage backend and that the server is not overloaded; arlon.limits.kubernetesTimeoutSeconds sets the limit.',
    });
  });

  it('gives management cluster requests the configured deadline', async () => {
    const mc = new ManagementCluster(
      {
        name: 'hung',
        url,
        serviceAccountToken: 't',
        skipTLSVerify: true,
        argocdNamespace: 'argocd',
      },
      0,
    );
    limitRequestTime(mc.kubeConfig, TIMEOUT_MS);

    const { error, ms } = await timed(
      mc.kubeConfig.makeApiClient(CoreV1Api).listNamespacedSecret({
        namespace: 'argocd',
      }),
    );

    expect(isAbortError(error)).toBe(true);
    expect(ms).toBeLessThan(GENEROUS);
  });

  it('answers the health probe with what to check, well before the deadline ends', async () => {
    const mc = new ManagementCluster(
      {
        name: 'hung',
        url,
        serviceAccountToken: 't',
        skipTLSVerify: true,
        argocdNamespace: 'argocd',
      },
      0,
    );
    limitRequestTime(mc.kubeConfig, TIMEOUT_MS);

    const health = await mc.probe(10_000);

    expect(health.status).toBe('unreachable');
    expect(health.problem?.message).toBe(
      `management cluster "hung" at ${url} did not answer in time (the request was aborted)`,
    );
  });
});
