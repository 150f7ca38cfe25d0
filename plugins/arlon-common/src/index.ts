/**
 * Arlon's model, validation, compiler and API types, shared by the browser and
 * node. Pure code: no I/O.
 *
 * @packageDocumentation
 */
export * from './health';
export * from './mapLimit';
export * from './model/types';
export * from './model/helmRepository';
export {
  DNS_LABEL,
  GIT_REVISION,
  GIT_URL,
  KUBERNETES_VERSION,
  REPO_PATH,
} from './model/schema';
export {
  checkDefinitionName,
  definitionNameProblem,
  definitionPath,
  FORBIDDEN_KEYS,
  InvalidNameError,
  isDefinitionName,
  MAX_NAME_LENGTH,
  RESERVED_CLUSTER_NAMES,
  reservedClusterNameProblem,
} from './model/names';
export { forbiddenKeyPaths } from './validation/validateObject';
export * from './model/Fleet';
export { parseDocuments, type SourceDocument } from './model/parseDocuments';
export {
  documentData,
  isAliasBomb,
  YamlAliasError,
  MAX_YAML_ALIASES,
} from './model/yamlData';
export { type Problem, formatFieldPath } from './validation/Problem';
export {
  validateFleet,
  type FleetValidationContext,
} from './validation/validateFleet';
export * from './validation/FleetValidationCache';
export {
  bundleEntityRef,
  bundleOfEntry,
  generatedBundleName,
  isLibraryRef,
  libraryBundleEntityName,
  libraryBundleKey,
  parseLibraryRef,
  resolveLibraryBundle,
} from './library/library';
export { readLibrary } from './library/readLibrary';
export type {
  Library,
  LibraryBundleRef,
  LibraryCatalog,
} from './library/library';
export { formatProblems } from './validation/formatProblems';
export * from './validation/lastKnownGood';
export * from './validation/breakingCommits';
export { clustersWithNewLabels } from './validation/labelChanges';
export * from './providers/catalog';
export type { ProviderSpec } from './providers/providerSpec';
export * from './providers/servedKinds';
export {
  renderClusterManifests,
  type KubeObject,
  type RenderClusterOptions,
} from './providers/renderCluster';
export * from './providers/capi/version';
export { contentName } from './providers/capi/contentName';
export * from './compiler/compileFleet';
export * from './compiler/planFleetEdit';
export * from './compiler/generatedDrift';
export * from './compiler/fleetFormat';
export {
  bootstrapTree,
  fleetOfTree,
  MANAGEMENT_CLUSTER_ANNOTATION,
  PLACED_TREES_ROOT,
  placedManagementClusters,
  type BootstrapTree,
  type ManagementClusterNames,
} from './compiler/placement';
export type { PortalVersion } from './model/portalVersion';
export * from './permissions';
export * from './clusterTransitions';
export * from './model/definitionViews';
export * from './model/entities';
export * from './model/clusterStatus';
export * from './model/clusterDeletion';
export * from './model/verify';
export * from './bootstrap';
export {
  addSummaries,
  diffObjects,
  objectDiffer,
  identifyObject,
  summarize,
  hasChanges,
  MASK,
  type ObjectDiff,
  type DiffAction,
  type DiffOptions,
  type ObjectDiffer,
  type DiffSummary,
} from './diff/diffObjects';
export * from './diff/report';
export { scopeFromObjects, groupOf } from './diff/scope';
export {
  attachBundles,
  section,
  compareRendered,
  makeReport,
} from './diff/sections';
export { renderSource, UnrenderableSource } from './render/renderSource';
export * from './render/renderBundle';
export { compareObjects, type FieldChange } from './diff/compareObjects';
export { compareFiles } from './diff/compareFiles';
export {
  quantityFieldsFromCrds,
  ANY_KEY,
  ANY_ITEM,
  type CrdQuantityFields,
  type SchemaStep,
} from './diff/crdQuantityFields';
export { documentObjects } from './diff/listItems';
export { normalizeObject, normalizedView } from './diff/normalize';
export { parseQuantity, equivalentScalars } from './diff/quantity';
export * from './previewSecrets';
export * from './api';
export * from './selectors';
