import { ApiError } from '../errors';
import type { Attributes, ResourceAttributes } from './requestAttributes';
import type { UserInfo } from './userInfo';

/**
 * The 403 Status kube-apiserver sends when no authorizer allows a request,
 * worded as upstream's responsewriters.Forbidden and apierrors.NewForbidden
 * (k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go):
 * `namespaces is forbidden: User "system:serviceaccount:ns:sa" cannot list
 * resource "namespaces" in API group "" at the cluster scope`.
 */
export function forbidden(
  user: UserInfo,
  request: Attributes,
  reason: string,
): ApiError {
  const said = reason
    ? `${forbiddenMessage(user, request)}: ${reason}`
    : forbiddenMessage(user, request);
  // Upstream escapes what could read as HTML; quotes stay.
  const message = said
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  if (!request.resourceRequest)
    return new ApiError(403, 'Forbidden', `forbidden: ${message}`, {});
  const qualified = request.group
    ? `${request.resource}.${request.group}`
    : request.resource;
  return new ApiError(
    403,
    'Forbidden',
    request.name
      ? `${qualified} ${JSON.stringify(request.name)} is forbidden: ${message}`
      : `${qualified} is forbidden: ${message}`,
    {
      ...(request.name ? { name: request.name } : {}),
      ...(request.group ? { group: request.group } : {}),
      kind: request.resource,
    },
  );
}

function forbiddenMessage(user: UserInfo, request: Attributes): string {
  const who = `User ${JSON.stringify(user.name)}`;
  if (!request.resourceRequest)
    return `${who} cannot ${request.verb} path ${JSON.stringify(request.path)}`;
  const resource = request.subresource
    ? `${request.resource}/${request.subresource}`
    : request.resource;
  const what = `${who} cannot ${request.verb} resource ${JSON.stringify(
    resource,
  )} in API group ${JSON.stringify(request.group)}`;
  return request.namespace
    ? `${what} in the namespace ${JSON.stringify(request.namespace)}`
    : `${what} at the cluster scope`;
}

/**
 * A create-on-update (server-side apply of a new object) refused: upstream's
 * withAuthorization (endpoints/handlers/rest.go) says only the resource, the
 * name and RBAC's reason, which is usually empty.
 */
export function createOnUpdateForbidden(
  request: ResourceAttributes,
  reason: string,
): ApiError {
  const qualified = request.group
    ? `${request.resource}.${request.group}`
    : request.resource;
  return new ApiError(
    403,
    'Forbidden',
    `${qualified} ${JSON.stringify(request.name)} is forbidden: ${reason}`,
    {
      name: request.name,
      ...(request.group ? { group: request.group } : {}),
      kind: request.resource,
    },
  );
}
