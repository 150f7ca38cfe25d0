import { upstreamVersion } from '../kube/crds';
import { invalidCustomResource } from '../kube/customResources';
import type { ResourceType } from '../kube/resources';
import { admitCustomResource } from '../kube/schema';

/**
 * Checks an object one of the sandbox's controllers is about to write
 * against the upstream CRD the sandbox serves, status included, and throws
 * the 422 the API server would answer.
 *
 * A real controller writes through the API server, which validates spec on
 * the main resource and status on the status subresource. The sandbox's
 * controllers write to the store, which checks only object metadata; without
 * this an invalid status would be stored, and the next client's patch of the
 * object (validated whole) refused for a field that client never touched.
 * An unknown field is refused too: a real API server would prune it
 * silently, which would only hide the controller's mistake.
 *
 * The object is stored as given (no defaults applied), so the controllers'
 * own comparisons with what they wrote last stay exact.
 */
export function checkOwnWrite(type: ResourceType, object: any): void {
  if (!type.group) return;
  const served = upstreamVersion(`${type.group}/${type.version}`, type.kind);
  if (!served) return;
  const result = admitCustomResource(object, served.schema);
  const violations = [
    ...result.unknownFields.map(field => ({
      field,
      reason: 'FieldValueNotSupported' as const,
      message: 'unknown field (the CRD has no such field)',
    })),
    ...result.violations,
  ];
  if (violations.length)
    throw invalidCustomResource(type, object?.metadata?.name ?? '', violations);
}
