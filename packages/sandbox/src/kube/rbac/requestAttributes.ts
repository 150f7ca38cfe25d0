/**
 * What RBAC decides on: the attributes kube-apiserver's RequestInfoFactory
 * reads off a request (k8s.io/apiserver/pkg/endpoints/request/requestinfo.go).
 */
export type Attributes = ResourceAttributes | NonResourceAttributes;

export interface ResourceAttributes {
  resourceRequest: true;
  verb: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  /** '' at the cluster scope. */
  namespace: string;
  /** '' when the request names no object. */
  name: string;
}

export interface NonResourceAttributes {
  resourceRequest: false;
  verb: string;
  path: string;
}

/** Subresources of a namespace: `/api/v1/namespaces/<ns>/status` is the namespace's, not a resource called status. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const METHOD_VERBS: Record<string, string> = {
  POST: 'create',
  GET: 'get',
  HEAD: 'get',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

/** The attributes of `method url`, as upstream parses them (the /watch/ and /proxy/ path verbs are not served here). */
export function attributesOf(method: string, url: URL): Attributes {
  const path = url.pathname;
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  let parts = trimmed ? trimmed.split('/').map(safeDecode) : [];
  const nonResource: NonResourceAttributes = {
    resourceRequest: false,
    verb: method.toLowerCase(),
    path,
  };
  if (parts.length < 3 || (parts[0] !== 'api' && parts[0] !== 'apis'))
    return nonResource;
  let group = '';
  if (parts[0] === 'apis') {
    if (parts.length < 4) return nonResource;
    group = parts[1];
    parts = parts.slice(2);
  } else parts = parts.slice(1);
  const version = parts[0];
  parts = parts.slice(1);

  let verb = METHOD_VERBS[method.toUpperCase()] ?? '';
  let namespace = '';
  if (parts[0] === 'namespaces' && parts.length > 1) {
    namespace = parts[1];
    if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2]))
      parts = parts.slice(2);
  }
  const [resource = '', urlName = '', subresource = ''] = parts;
  let name = urlName;
  if (!name && verb === 'get') {
    const watch = url.searchParams.get('watch');
    verb =
      watch !== null && !['false', '0'].includes(watch.toLowerCase())
        ? 'watch'
        : 'list';
    // A list or watch of one object by name is authorized as that object.
    name = exactName(url.searchParams.get('fieldSelector')) ?? '';
  }
  if (!name && verb === 'delete') verb = 'deletecollection';
  return {
    resourceRequest: true,
    verb,
    group,
    version,
    resource,
    subresource,
    namespace,
    name,
  };
}

/** `metadata.name=<n>` (or `==`) when a field selector requires exactly that name. */
function exactName(selector: string | null): string | undefined {
  if (!selector) return undefined;
  for (const term of selector.split(',')) {
    const m = /^\s*metadata\.name\s*==?\s*([^\s=!]+)\s*$/.exec(term);
    if (m && /^[^/%]+$/.test(m[1]) && m[1] !== '.' && m[1] !== '..')
      return m[1];
  }
  return undefined;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
