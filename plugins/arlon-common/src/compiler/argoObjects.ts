// The ArgoCD object shapes the compiler writes: an Application and an AppProject.
import type { KubeObject } from '../providers/renderCluster';
import { RESOURCES_FINALIZER } from './generatedTree';

export function application(
  namespace: string,
  name: string,
  labels: Record<string, string>,
  annotations: Record<string, string>,
  spec: object,
  { cascade = true }: { cascade?: boolean } = {},
): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: {
      name,
      namespace,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ...(cascade ? { finalizers: [RESOURCES_FINALIZER] } : {}),
    },
    spec,
  };
}

export function appProject(ns: string, name: string, spec: object): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AppProject',
    metadata: {
      name,
      namespace: ns,
      labels: { 'arlon.io/kind': 'project' },
    },
    spec,
  };
}

/** The map's values in the order of their keys, so output never depends on insertion order. */
export function sorted<T>(map: Map<string, T>): T[] {
  return [...map.keys()].sort().map(k => map.get(k)!);
}
