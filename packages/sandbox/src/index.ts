/**
 * The sandbox management cluster: a development and test stand-in for a real
 * Kubernetes management cluster and fleet Git host. Never a production dependency.
 *
 * @packageDocumentation
 */
export { Sandbox, type SandboxOptions } from './Sandbox';
export {
  KubeApiServer,
  SANDBOX_KUBERNETES_VERSION,
} from './kube/KubeApiServer';
export { GitHttpServer } from './git/GitHttpServer';
export { createFleetRepository } from './git/createFleetRepository';
export { sandboxModule as default } from './sandboxModule';
