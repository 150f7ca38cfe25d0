import { createHash } from 'node:crypto';
import { ApiError } from './errors';
import { crdSchemaOf, onCrdChange } from './crdSchemas';
import { ObjectStore } from './ObjectStore';
import { ResourceType } from './resources';

/**
 * The OpenAPI documents kube-apiserver publishes, built from what the
 * sandbox serves: `/openapi/v3` (an index of group-version documents, which
 * kubectl reads for `explain` and to learn that the server validates fields
 * itself, `fieldValidation`) and `/openapi/v2` (one JSON document). Custom
 * resources carry their CRD's schema; built-in kinds a minimal one (type
 * meta, ObjectMeta, an open spec), enough for discovery-driven clients.
 */

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const OBJECT_META_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    generateName: { type: 'string' },
    namespace: { type: 'string' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    finalizers: { type: 'array', items: { type: 'string' } },
    ownerReferences: {
      type: 'array',
      items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
    uid: { type: 'string' },
    resourceVersion: { type: 'string' },
    generation: { type: 'integer', format: 'int64' },
    creationTimestamp: { type: 'string', format: 'date-time' },
    deletionTimestamp: { type: 'string', format: 'date-time' },
  },
};

/** `cluster.x-k8s.io` → `io.x-k8s.cluster`; built-in groups as upstream names them. */
function schemaName(t: ResourceType): string {
  let prefix = t.group.split('.').reverse().join('.');
  if (t.group === '') prefix = 'io.k8s.api.core';
  else if (!t.group.includes('.') || t.group.endsWith('.k8s.io'))
    prefix = `io.k8s.api.${t.group.replace(/\.k8s\.io$/, '').split('.')[0]}`;
  return `${prefix}.${t.version}.${t.kind}`;
}

const gvk = (t: ResourceType) => ({
  group: t.group,
  version: t.version,
  kind: t.kind,
});

function builtinSchema(): any {
  return {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  };
}

/** The published form of a schema: metadata is the shared ObjectMeta. */
function published(schema: any, t: ResourceType, ref: string): any {
  return {
    ...schema,
    properties: {
      ...schema.properties,
      metadata: { allOf: [{ $ref: ref }], default: {} },
    },
    'x-kubernetes-group-version-kind': [gvk(t)],
  };
}

function itemPath(t: ResourceType): string {
  const base = t.group ? `/apis/${t.group}/${t.version}` : `/api/${t.version}`;
  return t.namespaced
    ? `${base}/namespaces/{namespace}/${t.plural}/{name}`
    : `${base}/${t.plural}/{name}`;
}

const query = (name: string) => ({
  name,
  in: 'query',
  schema: { type: 'string', uniqueItems: true },
});
const pathParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', uniqueItems: true },
});
/** Custom resources take no strategic merge patch; built-ins have none here either, so kubectl uses its compiled-in patch metadata. */
const PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/apply-patch+yaml',
];

function v3PathItem(t: ResourceType, ref: string): any {
  const response = {
    description: 'OK',
    content: { 'application/json': { schema: { $ref: ref } } },
  };
  const operation = (action: string) => ({
    operationId: `${action}${t.kind}`,
    responses: { '200': response },
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk(t),
  });
  return {
    get: operation('get'),
    put: {
      ...operation('put'),
      parameters: ['dryRun', 'fieldManager', 'fieldValidation'].map(query),
      requestBody: {
        content: { 'application/json': { schema: { $ref: ref } } },
        required: true,
      },
    },
    patch: {
      ...operation('patch'),
      parameters: ['dryRun', 'fieldManager', 'fieldValidation', 'force'].map(
        query,
      ),
      requestBody: {
        content: Object.fromEntries(
          PATCH_TYPES.map(type => [type, { schema: { type: 'object' } }]),
        ),
        required: true,
      },
    },
    parameters: [
      pathParam('name'),
      ...(t.namespaced ? [pathParam('namespace')] : []),
      query('pretty'),
    ],
  };
}

/** OpenAPI v2 has no nullable, oneOf, anyOf or not: the API server drops them there. */
function toV2(schema: any): any {
  if (Array.isArray(schema)) return schema.map(toV2);
  if (!schema || typeof schema !== 'object') return schema;
  const out: any = {};
  for (const [k, v] of Object.entries<any>(schema)) {
    if (['nullable', 'oneOf', 'anyOf', 'not'].includes(k)) continue;
    if (k === 'properties' || k === 'patternProperties')
      out[k] = Object.fromEntries(
        Object.entries<any>(v).map(([name, s]) => [name, toV2(s)]),
      );
    else if (k === '$ref')
      out[k] = String(v).replace('#/components/schemas/', '#/definitions/');
    else out[k] = typeof v === 'object' ? toV2(v) : v;
  }
  return out;
}

interface Built {
  v3: Map<string, { doc: any; hash: string }>;
  v2: any;
}

/** Builds the documents once per change of CustomResourceDefinitions. */
export class OpenApiDocuments {
  private built?: Built;

  constructor(private readonly store: ObjectStore) {
    onCrdChange(store, () => (this.built = undefined));
  }

  /** `GET /openapi/v3`: where each group version's document is. */
  v3Index(): any {
    const { v3 } = this.build();
    return {
      paths: Object.fromEntries(
        [...v3.entries()].map(([key, { hash }]) => [
          key,
          { serverRelativeURL: `/openapi/v3/${key}?hash=${hash}` },
        ]),
      ),
    };
  }

  /** `GET /openapi/v3/apis/<group>/<version>` or `/openapi/v3/api/v1`; undefined when not served. */
  v3Document(key: string): any | undefined {
    return this.build().v3.get(key)?.doc;
  }

  v2(): any {
    return this.build().v2;
  }

  private build(): Built {
    if (this.built) return this.built;
    const groups = new Map<string, ResourceType[]>();
    for (const t of this.store.allTypes()) {
      const key = t.group ? `apis/${t.group}/${t.version}` : `api/${t.version}`;
      groups.set(key, [...(groups.get(key) ?? []), t]);
    }
    const v3 = new Map<string, { doc: any; hash: string }>();
    const v2 = {
      swagger: '2.0',
      info: { title: 'Kubernetes', version: 'v1.31.0' },
      paths: {} as Record<string, any>,
      definitions: { [OBJECT_META]: OBJECT_META_SCHEMA } as Record<string, any>,
    };
    for (const [key, types] of [...groups.entries()].sort()) {
      const schemas: Record<string, any> = {
        [OBJECT_META]: OBJECT_META_SCHEMA,
      };
      const paths: Record<string, any> = {};
      for (const t of types) {
        const name = schemaName(t);
        const schema = crdSchemaOf(this.store, t) ?? builtinSchema();
        schemas[name] = published(
          schema,
          t,
          `#/components/schemas/${OBJECT_META}`,
        );
        paths[itemPath(t)] = v3PathItem(t, `#/components/schemas/${name}`);
        v2.definitions[name] = toV2(
          published(schema, t, `#/definitions/${OBJECT_META}`),
        );
        v2.paths[itemPath(t)] = {
          patch: {
            operationId: `patch${t.kind}`,
            consumes: PATCH_TYPES,
            produces: ['application/json'],
            parameters: [
              'dryRun',
              'fieldManager',
              'fieldValidation',
              'force',
            ].map(n => ({
              name: n,
              in: 'query',
              type: 'string',
              uniqueItems: true,
            })),
            responses: {
              '200': {
                description: 'OK',
                schema: { $ref: `#/definitions/${name}` },
              },
            },
            'x-kubernetes-action': 'patch',
            'x-kubernetes-group-version-kind': gvk(t),
          },
        };
      }
      const doc = {
        openapi: '3.0.0',
        info: { title: 'Kubernetes', version: 'v1.31.0' },
        paths,
        components: { schemas },
      };
      const hash = createHash('sha512')
        .update(JSON.stringify(doc))
        .digest('hex')
        .slice(0, 128)
        .toUpperCase();
      v3.set(key, { doc, hash });
    }
    this.built = { v3, v2 };
    return this.built;
  }
}

const PROTOBUF = 'application/com.github.proto-openapi.spec.v2';

/**
 * The answer to `GET /openapi/v2` or `/openapi/v3[/<group version>]`. The v2
 * document is JSON only: a client that accepts nothing but protobuf
 * (kubectl's legacy fallback asks for it) gets 406, as from a server without
 * it, and goes on without; kubectl uses v3 first.
 */
export function openApiAnswer(
  documents: OpenApiDocuments,
  path: string,
  accept: string,
): unknown {
  if (path === '/openapi/v2') {
    const acceptsJson =
      !accept ||
      accept
        .split(',')
        .some(a =>
          /^(application\/json|\*\/\*|application\/\*)/.test(a.trim()),
        );
    if (!acceptsJson && accept.includes(PROTOBUF))
      throw new ApiError(
        406,
        'NotAcceptable',
        'the sandbox serves the OpenAPI v2 document as application/json only',
      );
    return documents.v2();
  }
  if (path === '/openapi/v3') return documents.v3Index();
  const doc = documents.v3Document(path.slice('/openapi/v3/'.length));
  if (!doc)
    throw new ApiError(
      404,
      'NotFound',
      'the server could not find the requested resource',
    );
  return doc;
}
