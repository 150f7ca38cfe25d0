import { KubeApiServer } from '../KubeApiServer';
import {
  APPLY,
  CM,
  DEPLOYMENTS,
  send,
  TOKEN,
  webDeployment,
} from '../../__testUtils__/ssaRequests';
import { fromFieldsV1, printPath, decode } from './fieldSet';

const managers = (obj: any) =>
  (obj.metadata.managedFields ?? [])
    // The workload controller's status writes are not what these tests are about.
    .filter((m: any) => m.subresource !== 'status')
    .map((m: any) => `${m.manager}/${m.operation}`)
    .sort();
const owned = (obj: any, manager: string) =>
  [
    ...fromFieldsV1(
      obj.metadata.managedFields.find((m: any) => m.manager === manager)
        .fieldsV1,
    ),
  ]
    .map(k => printPath(decode(k)))
    .sort();

describe('server-side apply', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
  });
  afterEach(() => server.stop());

  const apply = (body: string, manager: string, extra = '') =>
    send(
      server,
      'PATCH',
      `${DEPLOYMENTS}/web?fieldManager=${manager}${extra}`,
      body,
      APPLY,
    );
  const get = async () =>
    (await send(server, 'GET', `${DEPLOYMENTS}/web`)).body;

  it('records what each manager applied, as FieldsV1 kubectl can read', async () => {
    const created = await apply(webDeployment({ replicas: 2 }), 'alice');
    expect(created.status).toBe(201);
    expect(managers(created.body)).toEqual(['alice/Apply']);
    expect(owned(created.body, 'alice')).toEqual([
      '.spec.replicas',
      '.spec.selector.matchLabels.app',
      '.spec.template.metadata.labels.app',
      '.spec.template.spec.containers[name="web"]',
      '.spec.template.spec.containers[name="web"].image',
      '.spec.template.spec.containers[name="web"].name',
    ]);
    // Defaults belong to no one.
    expect(created.body.spec.revisionHistoryLimit).toBe(10);
    expect(
      created.body.metadata.managedFields[0].fieldsV1['f:spec']['f:template'][
        'f:spec'
      ]['f:containers']['k:{"name":"web"}'],
    ).toEqual({
      '.': {},
      'f:image': {},
      'f:name': {},
    });
  });

  it('lets two managers own the same value, and refuses a different one with a 409 naming field and manager', async () => {
    await apply(webDeployment({ replicas: 2 }), 'alice');
    const same = await apply(webDeployment({ replicas: 2 }), 'bob');
    expect(same.status).toBe(200);
    const different = await apply(
      webDeployment({ replicas: 5 }, { image: 'nginx:1.28' }),
      'bob',
    );
    expect(different.status).toBe(409);
    expect(different.body).toMatchObject({
      kind: 'Status',
      reason: 'Conflict',
      code: 409,
      message: expect.stringMatching(
        /^Apply failed with 2 conflicts: conflicts with "alice" using apps\/v1:\n- \.spec\.replicas\n- \.spec\.template\.spec\.containers\[name="web"\]\.image$/,
      ),
      details: {
        causes: [
          {
            reason: 'FieldManagerConflict',
            message: 'conflict with "alice" using apps/v1',
            field: '.spec.replicas',
          },
          {
            reason: 'FieldManagerConflict',
            message: 'conflict with "alice" using apps/v1',
            field: '.spec.template.spec.containers[name="web"].image',
          },
        ],
      },
    });
    expect((await get()).spec.replicas).toBe(2);
  });

  it('hands the field over with force, and the previous owner then no longer owns it', async () => {
    await apply(webDeployment({ replicas: 2 }), 'alice');
    const forced = await apply(
      webDeployment({ replicas: 5 }),
      'bob',
      '&force=true',
    );
    expect(forced.status).toBe(200);
    expect(forced.body.spec.replicas).toBe(5);
    expect(owned(forced.body, 'alice')).not.toContain('.spec.replicas');
    expect(owned(forced.body, 'bob')).toContain('.spec.replicas');
    expect(forced.body.metadata.generation).toBe(2);
  });

  it('removes a field its manager stops applying, unless another manager owns it', async () => {
    await apply(webDeployment({ replicas: 2, minReadySeconds: 5 }), 'alice');
    await apply(webDeployment({ minReadySeconds: 5 }), 'bob');
    const after = await apply(webDeployment({}), 'alice');
    // replicas was only alice's: gone, then defaulted again by the server.
    expect(after.body.spec.replicas).toBe(1);
    // minReadySeconds is still bob's.
    expect(after.body.spec.minReadySeconds).toBe(5);
  });

  it('removes a list item its manager stops applying', async () => {
    const twoContainers = JSON.parse(webDeployment());
    twoContainers.spec.template.spec.containers.push({
      name: 'sidecar',
      image: 'envoy:1',
    });
    await apply(JSON.stringify(twoContainers), 'alice');
    const after = await apply(webDeployment(), 'alice');
    expect(
      after.body.spec.template.spec.containers.map((c: any) => c.name),
    ).toEqual(['web']);
  });

  it('conflicts with an Update manager, and a merge patch takes ownership from the applier', async () => {
    await apply(webDeployment({ replicas: 2 }), 'alice');
    const scaled = await send(
      server,
      'PATCH',
      `${DEPLOYMENTS}/web?fieldManager=kubectl-scale`,
      JSON.stringify({ spec: { replicas: 4 } }),
      'application/merge-patch+json',
    );
    expect(scaled.status).toBe(200);
    expect(managers(scaled.body)).toEqual([
      'alice/Apply',
      'kubectl-scale/Update',
    ]);
    expect(owned(scaled.body, 'kubectl-scale')).toEqual(['.spec.replicas']);
    expect(owned(scaled.body, 'alice')).not.toContain('.spec.replicas');
    const back = await apply(webDeployment({ replicas: 2 }), 'alice');
    expect(back.status).toBe(409);
    expect(back.body.details.causes[0].message).toBe(
      'conflict with "kubectl-scale" using apps/v1',
    );
  });

  it('keeps spec ownership through a status write, and clears managedFields when sent [{}]', async () => {
    await apply(webDeployment({ replicas: 2 }), 'alice');
    const live = await get();
    const status = await send(
      server,
      'PUT',
      `${DEPLOYMENTS}/web/status?fieldManager=controller`,
      JSON.stringify({
        ...live,
        metadata: { ...live.metadata, resourceVersion: undefined },
        status: { replicas: 2 },
      }),
    );
    expect(status.status).toBe(200);
    expect(owned(status.body, 'alice')).toContain('.spec.replicas');
    const cleared = await send(
      server,
      'PATCH',
      `${DEPLOYMENTS}/web`,
      JSON.stringify({ metadata: { managedFields: [{}] } }),
      'application/merge-patch+json',
    );
    expect(cleared.body.metadata.managedFields).toBeUndefined();
  });

  it('tracks a create as an Update owning every field, defaults included', async () => {
    const created = await send(
      server,
      'POST',
      `${CM}?fieldManager=kubectl-create`,
      JSON.stringify({ metadata: { name: 'c' }, data: { a: '1' } }),
    );
    expect(managers(created.body)).toEqual(['kubectl-create/Update']);
    expect(owned(created.body, 'kubectl-create')).toEqual(['.data.a']);
  });
});
