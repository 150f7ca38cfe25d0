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
  const name = `${type.plural}.${type.group}`;
  // Asked first, not caught: a built-in group (RBAC, apps) has no CRD, and a
  // NotFound thrown for each of them on every workload API server cost more
  // than the lookup (its stack trace).
  if (!store.has(crdType, undefined, name)) return undefined;
  const crd = store.get(crdType, undefined, name);
  return (crd.spec?.versions ?? []).find((v: any) => v.name === type.version)
    ?.schema?.openAPIV3Schema;
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
