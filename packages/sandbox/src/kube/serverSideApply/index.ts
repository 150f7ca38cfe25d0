/** Managed fields and server-side apply for the sandbox's ObjectStore and API server. */
import type { ResourceType } from '../resources';
import {
  decodeManagedFields,
  encodeManagedFields,
  ManagedFieldsEntry,
  trackedPart,
  trackUpdate,
} from './managedFields';

export { validateManagedFields } from './managedFields';
export type { ManagedFieldsEntry } from './managedFields';

/**
 * The managed fields an Update write leaves on `after`. `sent` is what the
 * client put in `metadata.managedFields`: absent or `[]` keeps the stored
 * ones (so clients unaware of the field never wipe it), `[{}]` clears them,
 * anything else replaces them, as upstream allows.
 */
export function managedFieldsAfterUpdate(options: {
  type: Pick<ResourceType, 'statusSubresource'>;
  before: any;
  after: any;
  sent: unknown;
  manager: string | undefined;
  apiVersion: string;
  subresource?: 'status';
  time: string;
}): ManagedFieldsEntry[] | undefined {
  const stored = options.before?.metadata?.managedFields;
  const base =
    options.sent === undefined ||
    (Array.isArray(options.sent) && options.sent.length === 0)
      ? stored
      : options.sent;
  const statusIsSubresource = !!options.type.statusSubresource;
  return encodeManagedFields(
    trackUpdate({
      owners: decodeManagedFields(base),
      before: trackedPart(
        options.before,
        options.subresource,
        statusIsSubresource,
      ),
      after: trackedPart(
        options.after,
        options.subresource,
        statusIsSubresource,
      ),
      manager: options.manager,
      apiVersion: options.apiVersion,
      subresource: options.subresource,
      time: options.time,
    }),
  );
}
