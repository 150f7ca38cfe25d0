import { KubeApiServer } from '../KubeApiServer';
import {
  APPLY,
  DEPLOYMENTS,
  send,
  TOKEN,
  webDeployment,
} from '../../__testUtils__/ssaRequests';

/**
 * Applying the value another manager owns is no conflict: both own it
 * (structured-merge-diff compares values, not their JSON spelling). An
 * atomic list of objects written with its keys in another order is the same
 * value.
 */
describe('server-side apply of the same value, spelled differently', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
  });
  afterEach(() => server.stop());

  const apply = (manager: string, envFrom: object[]) =>
    send(
      server,
      'PATCH',
      `${DEPLOYMENTS}/web?fieldManager=${manager}`,
      webDeployment({}, { envFrom }),
      APPLY,
    );

  it('shares an atomic list whose items list their keys in another order', async () => {
    expect(
      (
        await apply('alice', [
          { configMapRef: { name: 'env' }, prefix: 'APP_' },
        ])
      ).status,
    ).toBe(201);
    const second = await apply('bob', [
      { prefix: 'APP_', configMapRef: { name: 'env' } },
    ]);
    expect(second.status).toBe(200);
    const owners = second.body.metadata.managedFields
      .filter((m: any) => m.operation === 'Apply')
      .map((m: any) => m.manager)
      .sort();
    expect(owners).toEqual(['alice', 'bob']);
  });

  it('leaves ownership with the applier when an update only reorders keys', async () => {
    await apply('alice', [{ configMapRef: { name: 'env' }, prefix: 'APP_' }]);
    const patched = await send(
      server,
      'PATCH',
      `${DEPLOYMENTS}/web?fieldManager=bob`,
      JSON.stringify({
        spec: {
          template: {
            spec: {
              containers: [
                {
                  name: 'web',
                  image: 'nginx:1.27',
                  envFrom: [{ prefix: 'APP_', configMapRef: { name: 'env' } }],
                },
              ],
            },
          },
        },
      }),
      'application/merge-patch+json',
    );
    expect(patched.status).toBe(200);
    const entries = patched.body.metadata.managedFields;
    const owns = (manager: string) =>
      JSON.stringify(
        entries.find((m: any) => m.manager === manager)?.fieldsV1 ?? {},
      ).includes('"f:envFrom"');
    expect(owns('alice')).toBe(true);
    expect(owns('bob')).toBe(false);
  });

  it('still conflicts when the list differs', async () => {
    await apply('alice', [{ configMapRef: { name: 'env' }, prefix: 'APP_' }]);
    const second = await apply('bob', [
      { configMapRef: { name: 'env' }, prefix: 'OTHER_' },
    ]);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/conflict with "alice"/);
  });
});
