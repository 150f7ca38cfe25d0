import {
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { KubeApiServer } from './KubeApiServer';
import { kubeConfigFor } from './kubeConfigFor';
import { serveUpstreamCrds } from '../__testUtils__/upstreamCrds';

const TOKEN = 'admission';

/** Custom resources over real HTTP through @kubernetes/client-node, against the upstream CRDs. */
describe('custom resource admission against the upstream CRDs', () => {
  let server: KubeApiServer;
  let custom: CustomObjectsApi;

  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
    serveUpstreamCrds(
      server,
      'clusters.cluster.x-k8s.io',
      'machinedeployments.cluster.x-k8s.io',
      'awsclusters.infrastructure.cluster.x-k8s.io',
    );
    custom = kubeConfigFor(server.url, TOKEN).makeApiClient(CustomObjectsApi);
  });
  afterEach(() => server.stop());

  const capi = { group: 'cluster.x-k8s.io', version: 'v1beta2' };
  const cluster = (spec: object) => ({
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'c1' },
    spec,
  });
  const get = (plural: string, name: string, group = capi) =>
    custom.getNamespacedCustomObject({
      ...group,
      namespace: 'default',
      plural,
      name,
    });
  const body = (e: any) => JSON.parse(e.body);

  it('refuses an unknown field under fieldValidation=Strict, naming it, and writes nothing', async () => {
    const error = await custom
      .createNamespacedCustomObject({
        ...capi,
        namespace: 'default',
        plural: 'clusters',
        body: cluster({ paused: false, region: 'eu-west-1' }),
        fieldValidation: 'Strict',
      })
      .catch(e => e);
    expect(error.code).toBe(400);
    expect(body(error)).toMatchObject({
      reason: 'BadRequest',
      message:
        'Cluster in version "v1beta2" cannot be handled as a Cluster: strict decoding error: unknown field "spec.region"',
    });
    await expect(get('clusters', 'c1')).rejects.toMatchObject({ code: 404 });
  });

  it('prunes an unknown field and says so in a Warning header by default (Warn)', async () => {
    const created = await custom.createNamespacedCustomObjectWithHttpInfo({
      ...capi,
      namespace: 'default',
      plural: 'clusters',
      body: cluster({ paused: false, region: 'eu-west-1' }),
    });
    expect(created.httpStatusCode).toBe(201);
    expect(created.headers.warning).toBe(
      '299 - "unknown field \\"spec.region\\""',
    );
    const stored: any = await get('clusters', 'c1');
    expect(stored.spec).toEqual({ paused: false });
  });

  it('prunes silently under fieldValidation=Ignore', async () => {
    const created = await custom.createNamespacedCustomObjectWithHttpInfo({
      ...capi,
      namespace: 'default',
      plural: 'clusters',
      body: cluster({ paused: false, region: 'eu-west-1' }),
      fieldValidation: 'Ignore',
    });
    expect(created.headers.warning).toBeUndefined();
    expect(((await get('clusters', 'c1')) as any).spec).toEqual({
      paused: false,
    });
  });

  it('refuses a patch that adds an unknown field under Strict, and prunes it otherwise', async () => {
    await custom.createNamespacedCustomObject({
      ...capi,
      namespace: 'default',
      plural: 'clusters',
      // v1beta2 wants at least one field in a Cluster's spec
      body: cluster({ paused: false }),
    });
    const patch = {
      ...capi,
      namespace: 'default',
      plural: 'clusters',
      name: 'c1',
      body: { spec: { region: 'eu-west-1', paused: true } },
    };
    const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
    const error = await custom
      .patchNamespacedCustomObject(
        { ...patch, fieldValidation: 'Strict' },
        merge,
      )
      .catch(e => e);
    expect(error.code).toBe(400);
    expect(body(error).message).toMatch(/unknown field "spec.region"/);
    const patched: any = await custom.patchNamespacedCustomObject(patch, merge);
    expect(patched.spec).toEqual({ paused: true });
  });

  it('answers 422 naming every invalid field, as the API server words it', async () => {
    const error = await custom
      .createNamespacedCustomObject({
        ...capi,
        namespace: 'default',
        plural: 'machinedeployments',
        body: {
          apiVersion: 'cluster.x-k8s.io/v1beta2',
          kind: 'MachineDeployment',
          metadata: { name: 'md' },
          spec: { paused: 'yes', replicas: 2 },
        },
      })
      .catch(e => e);
    expect(error.code).toBe(422);
    const status = body(error);
    expect(status.reason).toBe('Invalid');
    expect(status.details.causes).toEqual([
      {
        reason: 'FieldValueRequired',
        message: 'Required value',
        field: 'spec.clusterName',
      },
      {
        reason: 'FieldValueRequired',
        message: 'Required value',
        field: 'spec.selector',
      },
      {
        reason: 'FieldValueRequired',
        message: 'Required value',
        field: 'spec.template',
      },
      {
        reason: 'FieldValueTypeInvalid',
        message:
          'Invalid value: "string": spec.paused in body must be of type boolean: "string"',
        field: 'spec.paused',
      },
    ]);
    expect(status.message).toBe(
      'MachineDeployment.cluster.x-k8s.io "md" is invalid: [spec.clusterName: Required value, spec.selector: Required value, spec.template: Required value, spec.paused: Invalid value: "string": spec.paused in body must be of type boolean: "string"]',
    );
    await expect(get('machinedeployments', 'md')).rejects.toMatchObject({
      code: 404,
    });
  });

  it("fills the CRD's defaults", async () => {
    const aws = {
      group: 'infrastructure.cluster.x-k8s.io',
      version: 'v1beta2',
    };
    await custom.createNamespacedCustomObject({
      ...aws,
      namespace: 'default',
      plural: 'awsclusters',
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2',
        kind: 'AWSCluster',
        metadata: { name: 'c1' },
        spec: { region: 'eu-west-1', controlPlaneLoadBalancer: {} },
      },
    });
    const stored: any = await get('awsclusters', 'c1', aws);
    expect(stored.spec.controlPlaneLoadBalancer).toEqual({
      loadBalancerType: 'classic',
      scheme: 'internet-facing',
    });
  });

  it('refuses an unknown fieldValidation directive', async () => {
    await expect(
      custom.createNamespacedCustomObject({
        ...capi,
        namespace: 'default',
        plural: 'clusters',
        body: cluster({}),
        fieldValidation: 'Lenient',
      }),
    ).rejects.toMatchObject({ code: 400 });
  });
});
