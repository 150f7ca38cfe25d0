/**
 * Node services for Arlon that other backend plugins and modules share: the
 * fleet repository and the management clusters, behind service refs.
 *
 * Exported is what other packages import, and the types those exports'
 * signatures name; the rest stays internal (add a name when a package needs it).
 *
 * @packageDocumentation
 */
export {
  managementClustersServiceRef,
  fleetRepositoryServiceRef,
  fleetChangesServiceRef,
  libraryShelfServiceRef,
} from './services';
export {
  LibraryShelf,
  type LibraryShelfOptions,
  type LibraryStatus,
} from './library/LibraryShelf';
export type { LibraryConfig } from './library/readLibrariesConfig';
export {
  FleetChanges,
  FLEET_CHANGED_TOPIC,
  type FleetChanged,
  type FleetChangeListener,
  type FleetChangeSignal,
  type FleetChangeSource,
} from './changes/FleetChanges';
export { readSince } from './changes/readSince';
export {
  readFleetChangesConfig,
  type FleetChangesConfig,
} from './changes/readFleetChangesConfig';
export { remoteHead } from './changes/remoteHead';
export {
  bootstrapManagementCluster,
  type BootstrapOptions,
  type BootstrapResult,
  type BootstrapStep,
} from './bootstrap/bootstrapManagementCluster';
export { repositoryCredentialsFromConfig } from './bootstrap/repositoryCredentials';
export { ManagementClusters } from './cluster/ManagementClusters';
export { ManagementCluster } from './cluster/ManagementCluster';
export {
  discoverServedKinds,
  ServedClusterKinds,
  type DiscoveredKinds,
} from './cluster/ServedClusterKinds';
export { FleetInformers, type CustomObject } from './cluster/FleetInformers';
export { ResourceInformer } from './cluster/ResourceInformer';
export {
  FleetRepository,
  type FleetChange,
  type FleetChangeResult,
} from './fleet/FleetRepository';
export type {
  FleetSnapshot,
  FileChanges,
  CommitAuthor,
} from './fleet/FleetCheckout';
export { type GitCredentials } from './fleet/gitCredentials';
export {
  type FleetRepoConfig,
  type ManagementClusterConfig,
} from './config/readArlonConfig';
export { withTimeout } from './connection/describeConnectionError';
export {
  readArlonLimits,
  DEFAULT_LIMITS,
  type ArlonLimits,
} from './config/readArlonLimits';
export { isAbortError } from './connection/requestTimeout';
export { missingPermission } from './connection/missingPermission';
export { findClusterStatus, type ClusterStatus } from './cluster/clusterStatus';
export { clusterStatusFinder } from './cluster/clusterStatusIndex';
export { LiveCluster, type ObjectRef } from './live/LiveCluster';
export { UnusableClusterSecretError } from './live/workloadKubeConfig';
export {
  preflight,
  compareClusters,
  findAndCompare,
  type PreflightOptions,
} from './diff/liveComparisons';
export {
  FleetDefinitions,
  type FleetPlan,
  type WriteRequest,
} from './fleet/FleetDefinitions';
export { InvalidDefinitionError } from './fleet/InvalidDefinitionError';
export {
  DefinitionWrites,
  type DefinitionToCreate,
} from './operations/DefinitionWrites';
export type {
  DefinitionOp,
  SameDefinition,
} from './operations/DefinitionWrites.plan';
export {
  createPermissionFor,
  resourcePermissionFor,
} from './operations/DefinitionWrites.permissions';
export {
  FleetRegenerator,
  type FleetRegeneratorOptions,
  type RegenerateOutcome,
} from './regenerate/FleetRegenerator';
export { type LastKnownGoodState } from './fleet/LastKnownGood';
export { type ClusterSelection } from './fleet/assignProfiles';
export {
  ARLON_CLUSTER_LABEL,
  argocdClusterLabels,
  argocdClusterSecret,
  createArgoCdAccess,
  revokeArgoCdAccess,
  type ArgoCdAccess,
} from './registration/registerWorkloadCluster';
export { type ImportRequest } from './registration/importCluster';
export { ServerAddressPolicy } from './kubeconfig/ServerAddressPolicy';
export {
  workloadAccess,
  type WorkloadAccess,
} from './kubeconfig/WorkloadAccess';
export {
  DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
  DEFAULT_SECURITY,
  type ArlonSecurity,
} from './config/readArlonSecurity';
export { authorize } from './fleet/authorize';
export {
  arlonResourceRef,
  arlonConditions,
  createArlonConditionalDecision,
  arlonPermissionRules,
  type ArlonResourceQuery,
} from './permissions/arlonPermissionRules';
export {
  decideOnDefinitions,
  DefinitionDecision,
} from './permissions/authorizeDefinitions';
export { defaultOwnerOf } from './permissions/defaultOwner';
export {
  beginDeletion,
  type ClusterRegistration,
} from './deletion/clusterRegistration';
export {
  DEFAULT_BUNDLE_REMOVAL_TIMEOUT_MS,
  type BundleRemovalOptions,
} from './deletion/removeBundlesFirst';
export {
  deleteCluster,
  planClusterRemoval,
  type ClusterRemovalRequest,
  type ClusterRemovalPlan,
} from './deletion/deleteCluster';
export { ClusterOperations } from './deletion/ClusterOperations';
export {
  type UnregisterRequest,
  type UnregisterResult,
} from './deletion/unregisterCluster';
export {
  VIEWER_SECRET_SELECTOR,
  viewerSecretName,
  createViewerAccess,
  revokeViewerAccess,
  viewerSecret,
  viewerAccessFromSecret,
  putViewerSecret,
  readViewerSecret,
  deleteViewerSecret,
  type ViewerAccess,
} from './viewer/viewerCredentials';
export { checkWorkloadServer } from './kubeconfig/checkWorkloadServer';
export {
  parseKubeconfig,
  type WorkloadKubeconfig,
} from './kubeconfig/parseKubeconfig';
export {
  ProfileAssignments,
  type ProfileAssignmentInput,
  type ProfileAssignmentOutcome,
} from './operations/ProfileAssignments';
export {
  ClusterImports,
  type ClusterImportInput,
  type ClusterImportOutcome,
  type ClusterImportPreview,
} from './operations/ClusterImports';
export {
  ClusterApplications,
  type ApplicationsAction,
  type ApplicationsRequest,
} from './operations/ClusterApplications';
export { WorkloadClusters } from './live/WorkloadClusters';
export {
  ArgoCdClusterSecrets,
  type LabelPatch,
} from './registration/ArgoCdClusterSecrets';
