/**
 * Arlon's model, validation, compiler and API types, shared by the browser and
 * node. Pure code: no I/O.
 *
 * @packageDocumentation
 */
export * from './health';
export * from './model/types';
export { DNS_LABEL, KUBERNETES_VERSION } from './model/schema';
export * from './model/Fleet';
export { parseDocuments, type SourceDocument } from './model/parseDocuments';
export { type Problem, formatFieldPath } from './validation/Problem';
export { validateFleet } from './validation/validateFleet';
export * from './providers/catalog';
export {
  renderClusterManifests,
  type KubeObject,
} from './providers/renderCluster';
export * from './compiler/compileFleet';
export * from './compiler/planFleetEdit';
export * from './permissions';
export * from './model/definitionViews';
export {
  diffObjects,
  MASK,
  type ObjectDiff,
  type DiffAction,
  type DiffOptions,
} from './diff/diffObjects';
export { compareObjects, type FieldChange } from './diff/compareObjects';
export { normalizeObject } from './diff/normalize';
export { parseQuantity, equivalentScalars } from './diff/quantity';
