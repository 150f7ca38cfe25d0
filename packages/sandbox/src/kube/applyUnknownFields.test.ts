import { KubeApiServer } from './KubeApiServer';
import { APPLY, send, TOKEN } from '../__testUtils__/ssaRequests';
import { serveUpstreamCrds } from '../__testUtils__/upstreamCrds';

const CLUSTERS = '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters';
const cluster = (spec: object) =>
  JSON.stringify({
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'c1' },
    spec,
  });

/**
 * A server-side apply of a custom resource with a field its CRD does not
 * declare is refused whatever `fieldValidation` says, as kube-apiserver's
 * field manager refuses it ("field not declared in schema", a 500 in the
 * releases the sandbox stands for); a create or merge patch would prune it.
 * An ArgoCD sync with ServerSideApply=true or `kubectl apply --server-side`
 * of such a manifest fails on a real management cluster, so here too.
 */
describe('server-side apply of unknown custom resource fields', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
    serveUpstreamCrds(server, 'clusters.cluster.x-k8s.io');
  });
  afterEach(() => server.stop());

  const apply = (spec: object, query = '') =>
    send(
      server,
      'PATCH',
      `${CLUSTERS}/c1?fieldManager=alice${query}`,
      cluster(spec),
      APPLY,
    );

  it.each(['', '&fieldValidation=Ignore', '&fieldValidation=Warn'])(
    'refuses an apply that creates with an unknown field (%s), creating nothing',
    async query => {
      const res = await apply({ paused: false, region: 'eu' }, query);
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(
        'failed to create typed patch object (default/c1; cluster.x-k8s.io/v1beta2, Kind=Cluster): .spec.region: field not declared in schema',
      );
      expect((await send(server, 'GET', `${CLUSTERS}/c1`)).status).toBe(404);
    },
  );

  it('refuses an apply that adds unknown fields to an existing object, naming each, changing nothing', async () => {
    expect((await apply({ paused: false })).status).toBe(201);
    const res = await apply({ paused: true, region: 'eu', zone: 'a' });
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(
      /: errors:\n {2}\.spec\.region: field not declared in schema\n {2}\.spec\.zone: field not declared in schema$/,
    );
    const live = (await send(server, 'GET', `${CLUSTERS}/c1`)).body;
    expect(live.spec).toEqual({ paused: false });
  });

  it('still applies what the schema declares', async () => {
    expect((await apply({ paused: false })).status).toBe(201);
    const res = await apply({ paused: true });
    expect(res.status).toBe(200);
    expect(res.body.spec).toEqual({ paused: true });
  });
});
