import { ApiError, badRequest } from './errors';
import { apiVersionOf } from './resources';
import { parseFieldSelector, parseLabelSelector } from './selectors';
import { checkKind, parseObject, sendJson } from './apiHttp';
import { admitRequest } from './admitRequest';
import { ApiServerContext, ResourceRequest } from './resourceRequest';

/**
 * get, list (with selectors and pages), create, update, delete and delete a
 * collection: the plain verbs on a resource.
 */

export function serveGet(ctx: ApiServerContext, r: ResourceRequest) {
  sendJson(r.res, 200, ctx.store.get(r.type, r.namespace, r.name!));
}

export function serveList(ctx: ApiServerContext, r: ResourceRequest) {
  const { store } = ctx;
  const q = r.query;
  const all = store.list(
    r.type,
    r.namespace,
    parseLabelSelector(q.get('labelSelector')),
    parseFieldSelector(q.get('fieldSelector')),
  );
  const limit = Number(q.get('limit') ?? 0);
  const offset = q.get('continue')
    ? Number(Buffer.from(q.get('continue')!, 'base64').toString('utf8'))
    : 0;
  const items =
    limit > 0 ? all.slice(offset, offset + limit) : all.slice(offset);
  const more = limit > 0 && offset + limit < all.length;
  sendJson(r.res, 200, {
    kind: `${r.type.kind}List`,
    apiVersion: apiVersionOf(r.type),
    metadata: {
      resourceVersion: store.resourceVersion,
      ...(more
        ? {
            continue: Buffer.from(String(offset + limit)).toString('base64'),
            remainingItemCount: all.length - offset - limit,
          }
        : {}),
    },
    items,
  });
}

export function serveCreate(ctx: ApiServerContext, r: ResourceRequest) {
  const { type, namespace, write, res } = r;
  if (r.name)
    throw new ApiError(
      405,
      'MethodNotAllowed',
      'POST is not supported on a named resource',
    );
  const obj = parseObject(r.body);
  checkKind(type, obj);
  if (
    namespace &&
    obj.metadata?.namespace &&
    obj.metadata.namespace !== namespace
  ) {
    throw badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
  sendJson(
    res,
    201,
    ctx.store.create(
      type,
      namespace,
      admitRequest(ctx.store, type, obj, write, res),
      write,
    ),
  );
}

export function serveUpdate(ctx: ApiServerContext, r: ResourceRequest) {
  const { type, namespace, subresource, write, res } = r;
  const obj = parseObject(r.body);
  checkKind(type, obj);
  sendJson(
    res,
    200,
    ctx.store.update(
      type,
      namespace,
      r.name!,
      admitRequest(ctx.store, type, obj, write, res, subresource),
      { ...write, subresource },
    ),
  );
}

export function serveDelete(ctx: ApiServerContext, r: ResourceRequest) {
  if (!r.name) return serveDeleteCollection(ctx, r);
  return sendJson(
    r.res,
    200,
    ctx.store.delete(r.type, r.namespace, r.name, r.write),
  );
}

function serveDeleteCollection(ctx: ApiServerContext, r: ResourceRequest) {
  const { store } = ctx;
  const items = store.list(
    r.type,
    r.namespace,
    parseLabelSelector(r.query.get('labelSelector')),
    parseFieldSelector(r.query.get('fieldSelector')),
  );
  for (const item of items)
    store.delete(r.type, item.metadata.namespace, item.metadata.name);
  sendJson(r.res, 200, {
    kind: `${r.type.kind}List`,
    apiVersion: apiVersionOf(r.type),
    metadata: { resourceVersion: store.resourceVersion },
    items,
  });
}
