import { httpsRequest } from '../__testUtils__/httpsRequest';
import { serveUpstreamCrds } from '../__testUtils__/upstreamCrds';
import { KubeApiServer } from './KubeApiServer';
import { openApiAnswer, OpenApiDocuments } from './openapi';

const TOKEN = 'openapi';

describe('OpenAPI documents', () => {
  let server: KubeApiServer;
  let documents: OpenApiDocuments;

  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
    serveUpstreamCrds(server, 'clusters.cluster.x-k8s.io');
    documents = new OpenApiDocuments(server.store);
  });
  afterEach(() => server.stop());

  it('indexes one v3 document per served group version, over HTTP', async () => {
    const index = (
      await httpsRequest(`${server.url}/openapi/v3`, TOKEN)
    ).json();
    expect(Object.keys(index.paths)).toEqual(
      expect.arrayContaining([
        'api/v1',
        'apis/apps/v1',
        'apis/cluster.x-k8s.io/v1beta1',
        'apis/cluster.x-k8s.io/v1beta2',
      ]),
    );
    const url = index.paths['apis/cluster.x-k8s.io/v1beta2'].serverRelativeURL;
    expect(url).toMatch(
      /^\/openapi\/v3\/apis\/cluster\.x-k8s\.io\/v1beta2\?hash=[0-9A-F]+$/,
    );
    const doc = (await httpsRequest(`${server.url}${url}`, TOKEN)).json();
    const patch =
      doc.paths[
        '/apis/cluster.x-k8s.io/v1beta2/namespaces/{namespace}/clusters/{name}'
      ].patch;
    // kubectl reads this to leave validation to the server (fieldValidation=Strict)
    expect(patch.parameters.map((p: any) => p.name)).toContain(
      'fieldValidation',
    );
    expect(patch['x-kubernetes-group-version-kind']).toEqual({
      group: 'cluster.x-k8s.io',
      version: 'v1beta2',
      kind: 'Cluster',
    });
    const schema = doc.components.schemas['io.x-k8s.cluster.v1beta2.Cluster'];
    expect(schema['x-kubernetes-group-version-kind']).toEqual([
      { group: 'cluster.x-k8s.io', version: 'v1beta2', kind: 'Cluster' },
    ]);
    expect(schema.properties.spec.properties.topology.required).toEqual(
      expect.arrayContaining(['classRef', 'version']),
    );
  });

  it('changes the hash when a CRD changes', () => {
    const before = documents.v3Index().paths['apis/cluster.x-k8s.io/v1beta2'];
    const crdType = server.store.type(
      'apiextensions.k8s.io',
      'customresourcedefinitions',
    )!;
    const crd = server.store.get(
      crdType,
      undefined,
      'clusters.cluster.x-k8s.io',
    );
    crd.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.extra =
      {
        type: 'string',
      };
    server.store.update(crdType, undefined, crd.metadata.name, crd);
    const after = documents.v3Index().paths['apis/cluster.x-k8s.io/v1beta2'];
    expect(after.serverRelativeURL).not.toBe(before.serverRelativeURL);
  });

  it('answers 404 for a group version it does not serve', () => {
    expect(() =>
      openApiAnswer(documents, '/openapi/v3/apis/nothing.example.com/v1', ''),
    ).toThrow(expect.objectContaining({ code: 404 }));
  });

  it('serves v2 as JSON, without what OpenAPI v2 cannot say', () => {
    const v2: any = openApiAnswer(documents, '/openapi/v2', 'application/json');
    expect(v2.swagger).toBe('2.0');
    const cluster = v2.definitions['io.x-k8s.cluster.v1beta2.Cluster'];
    expect(JSON.stringify(cluster)).not.toMatch(
      /"nullable"|"oneOf"|"anyOf"|#\/components/,
    );
    expect(cluster.properties.metadata.allOf[0].$ref).toBe(
      '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
    );
  });

  it('answers 406 to a client that accepts only protobuf for v2 (kubectl then uses its own patch metadata)', () => {
    expect(() =>
      openApiAnswer(
        documents,
        '/openapi/v2',
        'application/com.github.proto-openapi.spec.v2@v1.0+protobuf',
      ),
    ).toThrow(expect.objectContaining({ code: 406 }));
  });
});
