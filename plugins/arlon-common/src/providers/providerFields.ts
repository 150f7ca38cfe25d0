import type { ClusterSpecSpec } from '../model/types';
import {
  ClusterTypeEntry,
  GENERIC_FIELDS,
  ProviderEntry,
  REMOVED_PROVIDERS,
  SpecPath,
} from './catalog';
import { PROVIDER_SPEC_BLOCKS } from './providerSpec';

/** A problem with a cluster spec's provider fields, at `path` below the spec. */
export interface ProviderFieldProblem {
  path: PropertyKey[];
  message: string;
  hint: string;
}

/** AKS agent pool names (Linux): a letter, then letters and digits, 12 at most. */
const AKS_POOL_NAME = /^[a-z][a-z0-9]{0,11}$/;

const valueAt = (spec: ClusterSpecSpec, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      spec,
    );

/**
 * What a provider's cluster type needs from a spec and what it cannot take,
 * checked against the catalog (which follows the upstream CRDs): every
 * required field present, no generic field the provider has nowhere to put,
 * no other provider's `providerSpec` block. Each problem says which
 * provider field the spec field becomes. Pure.
 */
export function providerFieldProblems(
  spec: ClusterSpecSpec,
  provider: ProviderEntry,
  typeName: string,
  type: ClusterTypeEntry,
): ProviderFieldProblem[] {
  const problems: ProviderFieldProblem[] = [];
  const what = `${provider.id} ${typeName} clusters`;
  const becomes = (field: SpecPath) =>
    type.fields[field] ? ` It becomes ${type.fields[field]}.` : '';
  const takes = () => {
    const fields = Object.keys(type.fields);
    return fields.length
      ? `This type takes: ${fields.join(', ')}.`
      : 'This type takes none of the provider fields.';
  };

  for (const field of type.requires) {
    if (field === 'machineType') {
      spec.nodePools.forEach((pool, i) => {
        if (pool.machineType === undefined)
          problems.push({
            path: ['nodePools', i, 'machineType'],
            message: `${what} need machineType on every node pool; pool "${pool.name}" has none`,
            hint: `Add machineType: to the pool.${becomes(field)}`,
          });
      });
    } else if (valueAt(spec, field) === undefined) {
      problems.push({
        path: field.split('.'),
        message: `${what} need ${field}`,
        hint: `Add ${field}.${becomes(field)}`,
      });
    }
  }

  for (const [field, allowed] of Object.entries(type.values ?? {})) {
    const value = valueAt(spec, field);
    if (typeof value === 'string' && !allowed.includes(value))
      problems.push({
        path: field.split('.'),
        message: `${what} take ${field} ${allowed.join(', ')}; not "${value}"`,
        hint: `Use one of ${allowed.join(', ')}.${becomes(field)}`,
      });
  }

  const refuse = (path: PropertyKey[], field: string) =>
    problems.push({
      path,
      message: `${what} have no ${field}: the provider's CRDs have no field it could become`,
      hint: `Remove it. ${takes()}`,
    });
  for (const field of GENERIC_FIELDS) {
    if (field in type.fields) continue;
    if (field === 'machineType') {
      spec.nodePools.forEach((pool, i) => {
        if (pool.machineType !== undefined)
          refuse(['nodePools', i, 'machineType'], 'machineType');
      });
      if (spec.controlPlane?.machineType !== undefined)
        refuse(['controlPlane', 'machineType'], 'machineType');
    } else if (valueAt(spec, field) !== undefined) {
      refuse(field.split('.'), field);
    }
  }

  for (const block of PROVIDER_SPEC_BLOCKS) {
    const settings = spec.providerSpec?.[block];
    if (!settings) continue;
    if (block !== provider.id) {
      problems.push({
        path: ['providerSpec', block],
        message: `providerSpec.${block} is for provider ${block}; this spec's provider is ${provider.id}`,
        hint: PROVIDER_SPEC_BLOCKS.includes(provider.id as any)
          ? `Remove it; ${provider.id}'s own settings go under providerSpec.${provider.id}.`
          : `Remove it; ${provider.id} takes no providerSpec.`,
      });
      continue;
    }
    for (const key of Object.keys(settings)) {
      const field = `providerSpec.${block}.${key}`;
      if (!(field in type.fields)) refuse(['providerSpec', block, key], field);
    }
  }

  if (type.noNodePools && spec.nodePools.length > 0) {
    problems.push({
      path: ['nodePools'],
      message: `${what} have no node pools: ${type.noNodePools}`,
      hint: 'Write nodePools: [] (an empty list).',
    });
  }

  if (provider.id === 'azure' && typeName === 'aks') {
    spec.nodePools.forEach((pool, i) => {
      if (!AKS_POOL_NAME.test(pool.name))
        problems.push({
          path: ['nodePools', i, 'name'],
          message: `AKS node pool name "${pool.name}" is not one AKS accepts`,
          hint: 'Use at most 12 lower-case letters and digits, starting with a letter, e.g. system or pool1. It becomes AzureManagedMachinePool spec.name.',
        });
    });
  }
  return problems;
}

/** Why a provider is no longer in the catalog and what to do, if it was removed. */
export function removedProvider(
  id: string,
): { message: string; hint: string } | undefined {
  const reason = Object.prototype.hasOwnProperty.call(REMOVED_PROVIDERS, id)
    ? REMOVED_PROVIDERS[id]
    : undefined;
  if (!reason) return undefined;
  return {
    message: `provider "${id}" was removed from the catalog: ${reason}`,
    hint: "Import a cluster built with the cloud's own tools as an external cluster (a Cluster with spec.external.server), or pick a provider from `arlon providers`; see Providers in docs/fleet-repository.md.",
  };
}
