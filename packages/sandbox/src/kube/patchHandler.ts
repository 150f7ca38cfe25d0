import { ApiError, badRequest } from './errors';
import { jsonPatch, mergePatch, strategicMergePatch } from './patch';
import { ResourceType } from './resources';
import { applyPatch } from './serverSideApply/request';
import { refuseDeepNesting } from './requestLimits';
import type { ManagedFieldsEntry } from './serverSideApply';
import { parseJson, parseObject, sendJson } from './apiHttp';
import { admitRequest } from './admitRequest';
import { ApiServerContext, ResourceRequest } from './resourceRequest';

const UNKNOWN_MEDIA =
  'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json';

/**
 * PATCH: merge, strategic merge, JSON patch and server-side apply (which
 * creates what does not exist yet), admitted as any write and with dryRun.
 */
export function servePatch(ctx: ApiServerContext, request: ResourceRequest) {
  const { store, faults } = ctx;
  const { type, namespace, subresource, contentType, body, write, res } =
    request;
  const name = request.name!;
  const media = contentType.split(';')[0].trim();
  if (faults.unsupportedPatchTypes.includes(media))
    throw new ApiError(
      415,
      'UnsupportedMediaType',
      `the server does not accept ${media} patches`,
    );
  const isApply = media === 'application/apply-patch+yaml';
  if (isApply && !write.fieldManager)
    throw badRequest('fieldManager is required for apply requests');
  let current: any;
  try {
    current = store.get(type, namespace, name);
  } catch (error) {
    // Server-side apply creates what does not exist yet.
    if (isApply && error instanceof ApiError && error.code === 404) {
      const applied = serverSideApply(type, name, undefined, body, write);
      return sendJson(
        res,
        201,
        store.create(
          type,
          namespace,
          admitRequest(
            store,
            type,
            {
              ...applied.object,
              metadata: { ...applied.object.metadata, namespace },
            },
            { fieldValidation: 'Apply' },
            res,
          ),
          {
            ...write,
            managedFields: applied.managedFields,
          },
        ),
      );
    }
    throw error;
  }
  let next: any;
  let managedFields: ManagedFieldsEntry[] | undefined;
  switch (media) {
    case 'application/merge-patch+json':
      next = mergePatch(current, parseObject(body));
      break;
    case 'application/strategic-merge-patch+json':
      next = strategicMergePatch(current, parseObject(body));
      break;
    case 'application/json-patch+json':
      next = jsonPatch(current, parseJson(body));
      break;
    case 'application/apply-patch+yaml': {
      const applied = serverSideApply(
        type,
        name,
        current,
        body,
        write,
        subresource,
      );
      next = applied.object;
      managedFields = applied.managedFields;
      break;
    }
    default:
      throw new ApiError(415, 'UnsupportedMediaType', UNKNOWN_MEDIA);
  }
  // JSON patch paths can build depth no single value in the body has.
  refuseDeepNesting(next, 'the patched object');
  // A patch conflicts only when it names a resourceVersion that is stale.
  if (next.metadata?.resourceVersion === current.metadata.resourceVersion)
    delete next.metadata.resourceVersion;
  return sendJson(
    res,
    200,
    store.update(
      type,
      namespace,
      name,
      admitRequest(
        store,
        type,
        next,
        isApply ? { fieldValidation: 'Apply' } : write,
        res,
        subresource,
      ),
      {
        ...write,
        managedFields,
        subresource,
      },
    ),
  );
}

/** Server-side apply by `write.fieldManager` (./serverSideApply). */
function serverSideApply(
  type: ResourceType,
  name: string,
  live: any,
  body: string,
  write: { fieldManager?: string; force?: boolean },
  subresource?: string,
) {
  return applyPatch({
    type,
    name,
    live,
    body,
    manager: write.fieldManager!,
    force: !!write.force,
    subresource,
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });
}
