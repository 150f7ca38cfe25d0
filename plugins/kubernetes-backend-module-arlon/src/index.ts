/**
 * Kubernetes backend module for Arlon: every registered Arlon workload
 * cluster supplied to the Kubernetes plugin, with the portal's read-only
 * viewer credentials (never ArgoCD's).
 *
 * @packageDocumentation
 */
export { kubernetesModuleArlon as default } from './module';
export {
  ArlonClusterSupplier,
  type ArlonClusterSupplierOptions,
} from './ArlonClusterSupplier';
export {
  ArlonServiceLocator,
  isArlonClusterEntity,
} from './ArlonServiceLocator';
