import http from 'node:http';
import { ApiError } from './errors';
import { Faults, Verb } from './Faults';
import { ObjectStore } from './ObjectStore';
import { ResourceType } from './resources';
import { FieldValidation, fieldValidationOf } from './customResources';

/** What the request handlers share: the cluster's storage, its faults and its open watches. */
export interface ApiServerContext {
  readonly store: ObjectStore;
  readonly faults: Faults;
  readonly watches: Set<http.ServerResponse>;
}

/** The options of a write, from the query string. */
export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string;
  force?: boolean;
  fieldValidation?: FieldValidation;
}

/** A request for a resource: `[namespaces/{ns}/]{plural}[/{name}[/{subresource}]]` of a group version. */
export interface ResourceRequest {
  method: string;
  type: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: 'status';
  query: URLSearchParams;
  write: WriteOptions;
  watch: boolean;
  verb: Verb;
  contentType: string;
  body: string;
  res: http.ServerResponse;
}

const NOT_FOUND = 'the server could not find the requested resource';

/** `/api/v1/…` or `/apis/{group}/{version}/…`: the group, version and the path's further segments; undefined for any other path. */
export function groupVersionPath(
  path: string,
): { group: string; version: string; rest: string[] } | undefined {
  const m = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))(?:\/(.*))?$/.exec(path);
  if (!m) return undefined;
  return {
    group: m[2] ?? '',
    version: m[1] ?? m[3],
    rest: m[4] ? m[4].split('/').map(decodeURIComponent) : [],
  };
}

/** The resource a request names, or the 404 a real API server gives when it names none. */
export function resourceRequest(
  store: ObjectStore,
  where: { group: string; version: string; rest: string[] },
  request: {
    method: string;
    query: URLSearchParams;
    contentType: string;
    body: string;
    res: http.ServerResponse;
  },
): ResourceRequest {
  const { group, version, rest } = where;
  let namespace: string | undefined;
  let parts = rest;
  if (parts[0] === 'namespaces' && parts.length >= 3) {
    namespace = parts[1];
    parts = parts.slice(2);
  }
  const [plural, name, subresource] = parts;
  const type = store.type(group, plural, version);
  if (!type) throw new ApiError(404, 'NotFound', NOT_FOUND);
  if (subresource && subresource !== 'status')
    throw new ApiError(404, 'NotFound', `${NOT_FOUND} (${subresource})`);
  if (!type.namespaced && namespace)
    throw new ApiError(404, 'NotFound', NOT_FOUND);
  const q = request.query;
  const watch = q.get('watch') === 'true' || q.get('watch') === '1';
  return {
    ...request,
    type,
    namespace,
    name,
    subresource: subresource as 'status' | undefined,
    write: {
      dryRun: q.get('dryRun') === 'All',
      fieldManager: q.get('fieldManager') ?? undefined,
      force: q.get('force') === 'true',
      fieldValidation: fieldValidationOf(q),
    },
    watch,
    verb: verbOf(request.method, name, watch),
  };
}

function verbOf(
  method: string,
  name: string | undefined,
  watch: boolean,
): Verb {
  switch (method) {
    case 'GET':
      if (name) return 'get';
      return watch ? 'watch' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    default:
      return 'delete';
  }
}
