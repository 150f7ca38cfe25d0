import {
  ApiException,
  createConfiguration,
  HttpMethod,
  KubeConfig,
  RequestContext,
  ServerConfiguration,
} from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import { requestJson } from './jsonRequest';
import { AUTHENTICATION_REUSE_MS, authenticate } from './requestAuthentication';
import { limitRequestTime } from '../connection/requestTimeout';

/** The configuration client-node's makeApiClient builds for `kc`. */
const configurationOf = (kc: KubeConfig) =>
  createConfiguration({
    baseServer: new ServerConfiguration(kc.getCurrentCluster()!.server, {}),
    authMethods: { default: kc },
  });

/** Counts how often client-node authenticates a request through `kc`. */
function countAuthentications(kc: KubeConfig) {
  const counter = { count: 0 };
  const authenticateRequest = kc.applySecurityAuthentication.bind(kc);
  kc.applySecurityAuthentication = async context => {
    counter.count++;
    await authenticateRequest(context);
  };
  return counter;
}

const listConfigMaps = { method: HttpMethod.GET, path: '/api/v1/configmaps' };

describe('requestJson reuses an authentication for a few seconds', () => {
  let server: KubeApiServer;
  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
  });
  afterAll(() => server.stop());

  it('authenticates once for the requests of the reuse window, and afresh after it', async () => {
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const authentications = countAuthentications(kc);
    const configuration = configurationOf(kc);

    await Promise.all(
      Array.from({ length: 20 }, () =>
        requestJson(configuration, listConfigMaps),
      ),
    );
    expect(authentications.count).toBe(1);

    const later = configuration.baseServer.makeRequestContext(
      '/api',
      HttpMethod.GET,
    );
    await authenticate(
      configuration,
      later,
      Date.now() + AUTHENTICATION_REUSE_MS + 1,
    );
    expect(authentications.count).toBe(2);
    expect(later.getHeaders().Authorization).toBe('Bearer t');
  });

  it('forgets the credentials the server refused: the next request carries the refreshed token', async () => {
    const kc = kubeConfigFor(server.url, 'expired', server.caData);
    const configuration = configurationOf(kc);
    const refused = requestJson(configuration, listConfigMaps);
    await expect(refused).rejects.toBeInstanceOf(ApiException);
    await expect(refused).rejects.toMatchObject({ code: 401 });

    // What an authenticator's refresh does (client-node's OIDC and cloud providers).
    (kc.getCurrentUser() as { token?: string }).token = 't';
    await expect(requestJson(configuration, listConfigMaps)).resolves.toEqual(
      expect.objectContaining({ kind: 'ConfigMapList' }),
    );
  });

  it('gives each request a deadline of its own, not the first one', async () => {
    const kc = limitRequestTime(
      kubeConfigFor(server.url, 't', server.caData),
      200,
    );
    const configuration = configurationOf(kc);
    await requestJson(configuration, listConfigMaps);
    // Past the first request's deadline, well within the reuse window.
    await new Promise(resolve => setTimeout(resolve, 400));
    await expect(requestJson(configuration, listConfigMaps)).resolves.toEqual(
      expect.objectContaining({ kind: 'ConfigMapList' }),
    );
  });

  it('runs an authentication that does more than a header and an agent for every request', async () => {
    const kc = kubeConfigFor(server.url, 't', server.caData);
    let calls = 0;
    const configuration = createConfiguration({
      baseServer: new ServerConfiguration(server.url, {}),
      authMethods: {
        default: {
          getName: () => 'query',
          applySecurityAuthentication: async (context: RequestContext) => {
            calls++;
            context.setQueryParam('attempt', String(calls));
            await kc.applySecurityAuthentication(context);
          },
        } as any,
      },
    });
    for (let i = 0; i < 3; i++) {
      const context = configuration.baseServer.makeRequestContext(
        '/api',
        HttpMethod.GET,
      );
      await authenticate(configuration, context);
      expect(context.getUrl()).toContain(`attempt=${calls}`);
    }
    // Once to learn it cannot be reused, then once a request.
    expect(calls).toBe(4);
  });
});
