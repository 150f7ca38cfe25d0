/**
 * The sandbox management cluster: a development and test stand-in for a real
 * Kubernetes management cluster (with Cluster API and ArgoCD) and fleet Git
 * host. Never a production dependency.
 *
 * @packageDocumentation
 */
export { Sandbox, startSandbox, type SandboxOptions } from './Sandbox';
export {
  KubeApiServer,
  SANDBOX_KUBERNETES_VERSION,
  type KubeApiServerOptions,
} from './kube/KubeApiServer';
export { ObjectStore } from './kube/ObjectStore';
export { sandboxTls, type SandboxTls } from './kube/tls';
export { EventLog, type LoggedEvent, type EventQuery } from './kube/EventLog';
export { sandboxCrds } from './kube/crds';
export type { Faults } from './kube/Faults';
export { kubeConfigFor } from './kube/kubeConfigFor';
export { kubeconfigYaml } from './kube/kubeconfig';
export { GitHttpServer } from './git/GitHttpServer';
export { createFleetRepository } from './git/createFleetRepository';
export { sandboxModule as default } from './sandboxModule';
export { eventually } from './testing/eventually';
export { HungServer } from './testing/HungServer';
export { refuseProduction, SandboxInProductionError } from './refuseProduction';
// What the arlon-sandbox bin runs, from the built package.
export { main as sandboxCli } from './cli';
