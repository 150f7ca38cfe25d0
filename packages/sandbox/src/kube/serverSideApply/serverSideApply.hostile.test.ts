import { KubeApiServer } from '../KubeApiServer';
import {
  APPLY,
  DEPLOYMENTS,
  send,
  TOKEN,
  webDeployment,
} from '../../__testUtils__/ssaRequests';

/** Hostile apply patches and managedFields: each refused with the field named, nothing written. */
describe('server-side apply, hostile input', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
  });
  afterEach(() => server.stop());

  const apply = (body: string, query = '?fieldManager=alice') =>
    send(server, 'PATCH', `${DEPLOYMENTS}/web${query}`, body, APPLY);
  /** A merge patch that sets metadata.managedFields, as a client may send one. */
  const patchManagedFields = (managedFields: unknown) =>
    send(
      server,
      'PATCH',
      `${DEPLOYMENTS}/web`,
      JSON.stringify({ metadata: { managedFields } }),
      'application/merge-patch+json',
    );
  const exists = async () =>
    (await send(server, 'GET', `${DEPLOYMENTS}/web`)).status === 200;
  /** What a client wrote and who owns it (the workload controller may write status meanwhile). */
  const live = async () => {
    const obj = (await send(server, 'GET', `${DEPLOYMENTS}/web`)).body;
    return {
      spec: obj.spec,
      managedFields: obj.metadata.managedFields.filter(
        (m: any) => m.subresource !== 'status',
      ),
    };
  };

  it('refuses an apply without fieldManager with 400, creating nothing', async () => {
    const res = await apply(webDeployment(), '');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/fieldManager is required/);
    expect(await exists()).toBe(false);
  });

  it('refuses an apply patch that is not YAML with 400', async () => {
    const res = await apply('apiVersion: apps/v1\nkind: [Deployment');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/apply patch is not valid YAML/);
    expect(await exists()).toBe(false);
  });

  it('refuses an apply patch that is a list with 400', async () => {
    const res = await apply('- a\n- b\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/must be an object/);
    expect(await exists()).toBe(false);
  });

  it('refuses an apply patch without apiVersion and kind with 400 naming both', async () => {
    const res = await apply('metadata: {name: web}\nspec: {replicas: 1}\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /apiVersion "apps\/v1" and kind "Deployment"/,
    );
    expect(await exists()).toBe(false);
  });

  it('refuses an apply patch of another kind with 400', async () => {
    const res = await apply(
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\n',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/got "v1" and "ConfigMap"/);
    expect(await exists()).toBe(false);
  });

  it('refuses an apply patch that carries managedFields with 400', async () => {
    const body = JSON.parse(webDeployment());
    body.metadata.managedFields = [
      {
        manager: 'alice',
        operation: 'Apply',
        fieldsType: 'FieldsV1',
        fieldsV1: {},
      },
    ];
    const res = await apply(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/metadata\.managedFields must be nil/);
    expect(await exists()).toBe(false);
  });

  it('refuses an apply patch naming another object with 400', async () => {
    const res = await apply(
      webDeployment().replace('"name":"web"', '"name":"api"'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /\(api\) does not match the name on the URL \(web\)/,
    );
    expect(await exists()).toBe(false);
  });

  it('refuses metadata that is not an object with 400', async () => {
    const res = await apply(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: [web]\n',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /metadata of an apply patch must be an object/,
    );
    expect(await exists()).toBe(false);
  });

  it('refuses a managedFields entry with an unknown operation with 422, changing nothing', async () => {
    await apply(webDeployment({ replicas: 2 }));
    const before = await live();
    const current = (await send(server, 'GET', `${DEPLOYMENTS}/web`)).body;
    const res = await send(
      server,
      'PUT',
      `${DEPLOYMENTS}/web`,
      JSON.stringify({
        ...current,
        spec: { ...current.spec, replicas: 9 },
        metadata: {
          ...current.metadata,
          resourceVersion: undefined,
          managedFields: [
            {
              manager: 'mallory',
              operation: 'Delete',
              fieldsType: 'FieldsV1',
              fieldsV1: {},
            },
          ],
        },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0].field).toBe(
      'metadata.managedFields[0].operation',
    );
    expect(await live()).toEqual(before);
  });

  it('refuses FieldsV1 that is not a field set with 422, changing nothing', async () => {
    await apply(webDeployment({ replicas: 2 }));
    const before = await live();
    const res = await patchManagedFields([
      {
        manager: 'mallory',
        operation: 'Update',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'x:spec': 'owned' },
      },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0].field).toBe(
      'metadata.managedFields[0].fieldsV1',
    );
    expect(res.body.message).toMatch(/unknown path element "x:spec"/);
    expect(await live()).toEqual(before);
  });

  it('refuses managedFields that are not a list with 422, changing nothing', async () => {
    await apply(webDeployment({ replicas: 2 }));
    const before = await live();
    const res = await patchManagedFields('alice owns everything');
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0].field).toBe('metadata.managedFields');
    expect(await live()).toEqual(before);
  });

  it('refuses a manager name longer than 128 characters with 422', async () => {
    await apply(webDeployment({ replicas: 2 }));
    const before = await live();
    const res = await patchManagedFields([
      {
        manager: 'm'.repeat(129),
        operation: 'Update',
        fieldsType: 'FieldsV1',
        fieldsV1: {},
      },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0].field).toBe(
      'metadata.managedFields[0].manager',
    );
    expect(await live()).toEqual(before);
  });
});
