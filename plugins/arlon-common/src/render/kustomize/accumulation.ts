import { UnrenderableSource } from '../UnrenderableSource';
import { splitApiVersion } from './selector';

/**
 * The most kustomizations (and plain directories) one build loads,
 * counting each time one is listed. Nesting is bounded by depth, but a kustomization listing the same
 * base several times, each listing its own several times, grows
 * exponentially with depth (4 entries over 8 levels is 65,536 loads); real
 * overlays load a few dozen.
 */
export const MAX_KUSTOMIZATIONS_PER_BUILD = 200;

/**
 * The most data generators may make in one build. One ConfigMap or Secret
 * holds at most 1 MiB (Kubernetes' limit, MAX_GENERATED_OBJECT_BYTES); a
 * thousand generators each reading the same 1 MiB file would otherwise
 * make gigabytes (a Secret's base64 copies each).
 */
export const MAX_GENERATED_BYTES_PER_BUILD = 16 * 1024 * 1024;

/** What one build has loaded so far, across every nested kustomization. */
export interface BuildBudget {
  kustomizations: number;
  /** Characters of keys and values generators have made. */
  generated: number;
}

/** Counts data a generator makes, refusing the build past the bound. */
export function countGenerated(
  budget: BuildBudget,
  size: number,
  where: string,
): void {
  budget.generated += size;
  if (budget.generated > MAX_GENERATED_BYTES_PER_BUILD)
    throw new UnrenderableSource(
      `${where}: the build's generators make more than ${MAX_GENERATED_BYTES_PER_BUILD} bytes of data; generate less, or keep large files out of generators`,
    );
}

/**
 * Counts one more kustomization or directory load, refusing the build past
 * the bound (a directory is searched for among every file of the
 * repository, so listing one many times is costly even when it is empty).
 */
export function loadKustomization(budget: BuildBudget, file: string): void {
  budget.kustomizations += 1;
  if (budget.kustomizations > MAX_KUSTOMIZATIONS_PER_BUILD)
    throw new UnrenderableSource(
      `${file}: the build loads more than ${MAX_KUSTOMIZATIONS_PER_BUILD} kustomizations and directories (a base listed more than once multiplies at every level); list each base once`,
    );
}

/**
 * kustomize's resource id (resid.ResId: group, version, kind, namespace,
 * name), with no namespace and "default" the same namespace (IsNsEquals).
 */
function idOf(object: any): string | undefined {
  const name = object?.metadata?.name;
  if (typeof name !== 'string') return undefined;
  const [group, version] = splitApiVersion(object.apiVersion);
  const ns = object.metadata.namespace;
  return JSON.stringify([
    group,
    version,
    String(object.kind ?? ''),
    typeof ns === 'string' && ns !== 'default' ? ns : '',
    name,
  ]);
}

/**
 * Refuses an object whose id one already accumulated has, as kustomize's
 * resource map does (reswrangler Append: "may not add resource with an
 * already registered id"): the same file or base listed twice, or two files
 * declaring one object.
 */
export function refuseDuplicate(
  seen: Set<string>,
  object: any,
  file: string,
): void {
  const id = idOf(object);
  if (id === undefined) return;
  if (seen.has(id)) {
    const [, , kind, ns, name] = JSON.parse(id) as string[];
    throw new UnrenderableSource(
      `${file}: ${kind} ${ns ? `${ns}/` : ''}${name.slice(
        0,
        253,
      )} is accumulated twice (kustomize: may not add resource with an already registered id); list each file and base once`,
    );
  }
  seen.add(id);
}
