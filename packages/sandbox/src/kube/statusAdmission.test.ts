import { KubeApiServer } from './KubeApiServer';
import { send, TOKEN } from '../__testUtils__/ssaRequests';
import { serveUpstreamCrds } from '../__testUtils__/upstreamCrds';

const CLUSTERS = '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters';
const MERGE = 'application/merge-patch+json';

/**
 * Writes to a custom resource's status subresource are checked against the
 * CRD's `status` schema, as the API server checks them: a wrong type is a
 * 422 naming the field, an unknown field pruned (Warn, Ignore) or refused
 * (Strict), and nothing of a refused write is stored.
 */
describe('status subresource admission against the upstream CRDs', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
    serveUpstreamCrds(server, 'clusters.cluster.x-k8s.io');
    const created = await send(
      server,
      'POST',
      CLUSTERS,
      JSON.stringify({
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: { paused: false },
      }),
    );
    if (created.status !== 201)
      throw new Error(`creating the Cluster answered ${created.status}`);
  });
  afterEach(() => server.stop());

  const patchStatus = (status: object, query = '') =>
    send(
      server,
      'PATCH',
      `${CLUSTERS}/c1/status${query}`,
      JSON.stringify({ status }),
      MERGE,
    );
  const stored = async () =>
    (await send(server, 'GET', `${CLUSTERS}/c1`)).body.status;

  it('stores a valid status', async () => {
    const res = await patchStatus({ phase: 'Provisioned' });
    expect(res.status).toBe(200);
    expect((await stored())?.phase).toBe('Provisioned');
  });

  it('refuses a status field of the wrong type with 422 naming it, storing nothing', async () => {
    const res = await patchStatus({ phase: 5 });
    expect(res.status).toBe(422);
    expect(res.body.details.causes).toEqual([
      expect.objectContaining({
        field: 'status.phase',
        reason: 'FieldValueTypeInvalid',
      }),
    ]);
    expect((await stored())?.phase).toBeUndefined();
  });

  it('refuses an unknown status field under Strict with 400, storing nothing', async () => {
    const res = await patchStatus(
      { phase: 'Provisioned', bogus: true },
      '?fieldValidation=Strict',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/unknown field "status.bogus"/);
    expect((await stored())?.phase).toBeUndefined();
  });

  it('prunes an unknown status field by default', async () => {
    const res = await patchStatus({ phase: 'Provisioned', bogus: true });
    expect(res.status).toBe(200);
    expect(await stored()).toEqual(
      expect.not.objectContaining({ bogus: true }),
    );
    expect((await stored())?.phase).toBe('Provisioned');
  });

  it('ignores a spec change sent to /status, as before', async () => {
    const res = await send(
      server,
      'PATCH',
      `${CLUSTERS}/c1/status`,
      JSON.stringify({
        spec: { paused: 'not a boolean' },
        status: { phase: 'Provisioned' },
      }),
      MERGE,
    );
    expect(res.status).toBe(200);
    const live = (await send(server, 'GET', `${CLUSTERS}/c1`)).body;
    expect(live.spec.paused).toBe(false);
  });
});
