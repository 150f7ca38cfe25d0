import { KIND_FOLDERS } from './Fleet';
import type { ArlonKind } from './types';

/** RFC 1123 label: what Kubernetes accepts as a name, and what we use in object names. */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const MAX_NAME_LENGTH = 63;

/**
 * Keys that would reach an object's prototype when used as a property name:
 * refused wherever a key comes from input (values, labels, parameter paths).
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/**
 * Cluster names that collide with what the management cluster already has:
 * a cluster's root Application is named after it and deploys into the
 * namespace of that name, so these would take over ArgoCD's own objects or
 * Kubernetes' system namespaces. Names starting with `kube-` too, and
 * ending in `-system`, where Cluster API and its providers install
 * themselves (capi-system, capa-system, ...).
 */
export const RESERVED_CLUSTER_NAMES: ReadonlySet<string> = new Set([
  'arlon-fleet',
  'argocd',
  'default',
  'kube-system',
  'kube-public',
  'kube-node-lease',
  'cert-manager',
]);

/** Why `name` is not a definition name, or undefined when it is one. */
export function definitionNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'must be a string';
  if (name === '') return 'must not be empty';
  if (name.length > MAX_NAME_LENGTH)
    return `must be at most ${MAX_NAME_LENGTH} characters (it has ${name.length})`;
  if (!DNS_LABEL.test(name))
    return "must be lower-case letters, digits and '-', starting and ending with a letter or digit (RFC 1123)";
  return undefined;
}

export const isDefinitionName = (name: unknown): name is string =>
  definitionNameProblem(name) === undefined;

/** Why `name` may not name a cluster although it is a valid name, or undefined. */
export function reservedClusterNameProblem(name: string): string | undefined {
  if (
    RESERVED_CLUSTER_NAMES.has(name) ||
    name.startsWith('kube-') ||
    name.endsWith('-system')
  )
    return `"${name}" is reserved: it is a namespace or ArgoCD object of the management cluster`;
  return undefined;
}

/**
 * A name from input that is not a definition name. Its message names the
 * field, shows the value (quoted, cut short) and says what to use instead.
 * Backstage answers errors named `InputError` with 400, so adapters may
 * rethrow it as is.
 */
export class InvalidNameError extends Error {
  readonly name = 'InputError';

  constructor(readonly field: string, readonly value: unknown, reason: string) {
    super(
      `${field} ${shown(
        value,
      )} ${reason}; use lower-case letters, digits and '-' (RFC 1123), at most ${MAX_NAME_LENGTH} characters, e.g. prod-eu-1`,
    );
  }
}

/** Throws InvalidNameError unless `name` is a definition name; returns it otherwise. */
export function checkDefinitionName(name: unknown, field: string): string {
  const problem = definitionNameProblem(name);
  if (problem) throw new InvalidNameError(field, name, problem);
  return name as string;
}

/**
 * The one place definition files are named: `arlon/<kind folder>/<name>.yaml`
 * from a checked name, so no input can make a path leave its folder.
 */
export function definitionPath(
  kind: ArlonKind,
  name: unknown,
  field = 'metadata.name',
): string {
  return `${KIND_FOLDERS[kind]}/${checkDefinitionName(name, field)}.yaml`;
}

/** A value shown in a message: JSON-quoted (control characters visible), at most 80 characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}..."` : text;
}
