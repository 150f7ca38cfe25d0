/**
 * Node services for Arlon that other backend plugins and modules share: the
 * fleet repository and the management clusters, behind service refs.
 *
 * @packageDocumentation
 */
export {
  managementClustersServiceRef,
  fleetRepositoryServiceRef,
  fleetChangesServiceRef,
} from './services';
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
  BOOTSTRAP_FIELD_MANAGER,
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
export {
  FleetInformers,
  type CustomObject,
  ARGOCD_CLUSTER_SECRET_SELECTOR,
  CAPI_CLUSTER_NAME_LABEL,
  isCapiKubeconfigSecret,
} from './cluster/FleetInformers';
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
export {
  gitCredentialsFromIntegrations,
  type GitCredentials,
} from './fleet/gitCredentials';
export {
  readArlonConfig,
  type ArlonConfig,
  type FleetRepoConfig,
  type ManagementClusterConfig,
} from './config/readArlonConfig';
export {
  describeConnectionError,
  withTimeout,
  TimeoutError,
} from './connection/describeConnectionError';
export {
  readArlonLimits,
  DEFAULT_LIMITS,
  type ArlonLimits,
} from './config/readArlonLimits';
export {
  isAbortError,
  limitRequestTime,
  requestTimeoutOf,
} from './connection/requestTimeout';
export { missingPermission } from './connection/missingPermission';
export {
  clusterStatus,
  findClusterStatus,
  type ClusterStatus,
  type LiveObjects,
} from './cluster/clusterStatus';
export {
  LiveCluster,
  ARGOCD_FIELD_MANAGER,
  type ObjectRef,
} from './live/LiveCluster';
export {
  kubeConfigFromArgoCdSecret,
  kubeConfigFromCapiSecret,
  UnusableClusterSecretError,
} from './live/workloadKubeConfig';
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
  regenerateBranch,
  regenerateMessage,
  REGENERATE_AUTHOR,
  DEFAULT_REGENERATE_RETRY_MS,
  type FleetRegeneratorOptions,
  type RegenerateOutcome,
} from './regenerate/FleetRegenerator';
export {
  LastKnownGood,
  DEFAULT_HISTORY_DEPTH,
  type LastKnownGoodState,
  type FleetHistory,
} from './fleet/LastKnownGood';
export { matchesSelector } from './fleet/matchesSelector';
export { assignProfiles, type ClusterSelection } from './fleet/assignProfiles';
export {
  ARLON_CLUSTER_LABEL,
  argocdClusterLabels,
  argocdClusterSecret,
  createArgoCdAccess,
  revokeArgoCdAccess,
  type ArgoCdAccess,
} from './registration/registerWorkloadCluster';
export {
  adoptableArgoCdCluster,
  checkImportKubeconfig,
  externalClusterYaml,
  findArgoCdCluster,
  importCluster,
  importEdits,
  refuseExistingCluster,
  type ImportRequest,
} from './registration/importCluster';
export {
  parseKubeconfig,
  MAX_KUBECONFIG_BYTES,
  type WorkloadKubeconfig,
} from './kubeconfig/parseKubeconfig';
export {
  ServerAddressPolicy,
  DEFAULT_DENIED_NETWORKS,
} from './kubeconfig/ServerAddressPolicy';
export {
  workloadAccess,
  type WorkloadAccess,
} from './kubeconfig/WorkloadAccess';
export {
  readArlonSecurity,
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
  arlonPermissionRuleset,
  isArlonOwner,
  isArlonKind,
  type ArlonResourceQuery,
} from './permissions/arlonPermissionRules';
export {
  authorizeDefinitions,
  decideOnDefinitions,
  DefinitionDecision,
} from './permissions/authorizeDefinitions';
export { defaultOwnerOf } from './permissions/defaultOwner';
export {
  findRegistration,
  beginDeletion,
  bundleApplications,
  deleteRegistrationSecret,
  type ClusterRegistration,
} from './deletion/clusterRegistration';
export {
  removeBundlesFirst,
  DEFAULT_BUNDLE_REMOVAL_TIMEOUT_MS,
  type BundleRemovalOptions,
} from './deletion/removeBundlesFirst';
export {
  deleteCluster,
  planClusterRemoval,
  clusterDefinition,
  type ClusterRemovalRequest,
  type ClusterRemovalPlan,
} from './deletion/deleteCluster';
export { ClusterOperations } from './deletion/ClusterOperations';
export {
  unregisterCluster,
  revokeWithArgoCdToken,
  type UnregisterRequest,
  type UnregisterResult,
} from './deletion/unregisterCluster';
export {
  PORTAL_VIEWER,
  VIEWER_CLUSTER_ROLE_RULES,
  VIEWER_SECRET_LABEL,
  VIEWER_SECRET_SELECTOR,
  VIEWER_CLUSTER_LABEL,
  viewerSecretName,
  createViewerAccess,
  revokeViewerAccess,
  viewerObjects,
  viewerSecret,
  viewerAccessFromSecret,
  putViewerSecret,
  readViewerSecret,
  deleteViewerSecret,
  type ViewerAccess,
} from './viewer/viewerCredentials';
export { checkWorkloadServer } from './kubeconfig/checkWorkloadServer';
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
