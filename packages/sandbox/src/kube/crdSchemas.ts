import { ApiError } from './errors';
import { ObjectStore, typeKeyOf } from './ObjectStore';
import { ResourceType } from './resources';
import type { StructuralSchema } from './schema';

const crdTypeOf = (store: ObjectStore) =>
  store.type('apiextensions.k8s.io', 'customresourcedefinitions');

/**
 * The `openAPIV3Schema` of the stored CRD that defines `type`'s version;
 * undefined for a built-in kind (no CRD) or a version without a schema.
 */
export function crdSchemaOf(
  store: ObjectStore,
  type: ResourceType,
): StructuralSchema | undefined {
  if (!type.group) return undefined;
  const crdType = crdTypeOf(store);
  if (!crdType) return undefined;
  try {
    const crd = store.get(crdType, undefined, `${type.plural}.${type.group}`);
    return (crd.spec?.versions ?? []).find((v: any) => v.name === type.version)
      ?.schema?.openAPIV3Schema;
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) return undefined;
    throw error;
  }
}

/** Calls `changed` on every change to a CRD: what was derived from their schemas is stale. */
export function onCrdChange(store: ObjectStore, changed: () => void): void {
  const crdType = crdTypeOf(store);
  if (crdType)
    store.watch(
      { typeKey: typeKeyOf(crdType), labels: [], fields: [], send: changed },
      undefined,
    );
}
