import http from 'node:http';
import { ObjectStore } from './ObjectStore';
import { ResourceType } from './resources';
import {
  admissionFor,
  UnknownFieldMode,
  warningHeaders,
} from './customResources';

/**
 * A written object as the API server would store it (./customResources);
 * `Warning` headers for unknown fields under Warn. A status write (the only
 * subresource served) is checked on its `status` alone.
 */
export function admitRequest(
  store: ObjectStore,
  type: ResourceType,
  obj: any,
  write: { fieldValidation?: UnknownFieldMode },
  res: http.ServerResponse,
  subresource?: string,
): any {
  const admission = admissionFor(store);
  const mode = write.fieldValidation ?? 'Warn';
  const { object, warnings } = subresource
    ? admission.admitStatus(type, obj, mode)
    : admission.admit(type, obj, mode);
  if (warnings.length) res.setHeader('Warning', warningHeaders(warnings));
  return object;
}
