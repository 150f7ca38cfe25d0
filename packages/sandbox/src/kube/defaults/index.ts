/**
 * Defaulting, as a real API server applies it to every object it decodes
 * (create, update, patch, apply), for the built-in kinds bundles use. Kinds
 * not listed here are stored as sent; CRD schema defaults are the CRD
 * validator's job.
 */
import type { ResourceType } from '../resources';
import {
  defaultDaemonSet,
  defaultDeployment,
  defaultReplicaSet,
  defaultStatefulSet,
} from './apps';
import { defaultCronJob, defaultJob } from './batch';
import {
  defaultNamespace,
  defaultPersistentVolumeClaim,
  defaultPod,
  defaultSecret,
  defaultService,
  ServiceAllocator,
} from './core';

export type { ServiceAllocator } from './core';
export { imagePullPolicyFor } from './podSpec';

export interface DefaultingContext {
  /** The object as stored before this write; absent on create. */
  previous?: any;
  /** The object's uid (assigned before defaulting on create). */
  uid?: string;
  allocate: ServiceAllocator;
}

/** Fills in `obj` (changed in place) with the defaults of its kind. */
export function applyDefaults(
  type: Pick<ResourceType, 'group' | 'kind'>,
  obj: any,
  context: DefaultingContext,
): void {
  switch (`${type.group}/${type.kind}`) {
    case 'apps/Deployment':
      return defaultDeployment(obj);
    case 'apps/StatefulSet':
      return defaultStatefulSet(obj);
    case 'apps/DaemonSet':
      return defaultDaemonSet(obj);
    case 'apps/ReplicaSet':
      return defaultReplicaSet(obj);
    case 'batch/Job':
      return defaultJob(obj, context.uid);
    case 'batch/CronJob':
      return defaultCronJob(obj);
    case '/Service':
      return defaultService(obj, context.previous, context.allocate);
    case '/Pod':
      return defaultPod(obj);
    case '/Secret':
      return defaultSecret(obj);
    case '/Namespace':
      return defaultNamespace(obj);
    case '/PersistentVolumeClaim':
      return defaultPersistentVolumeClaim(obj);
    default:
      return undefined;
  }
}

/**
 * Hands out cluster IPs from 10.96.0.0/12 (the service CIDR kubeadm uses;
 * 10.96.0.1 is the `kubernetes` Service's) and node ports from 30000-32767,
 * one cluster's worth, never reusing a value.
 */
export function serviceAllocator(): ServiceAllocator {
  let ip = 10; // 10.96.0.10 is kube-dns's by convention: start past it.
  let port = 30000;
  return {
    clusterIP: () => {
      ip += 1;
      return `10.96.${Math.floor(ip / 256) % 256}.${ip % 256}`;
    },
    nodePort: () => (port > 32767 ? 32767 : port++),
  };
}
