import { UnrenderableSource } from '../UnrenderableSource';

/**
 * The kustomization fields Arlon's renderer implements. Everything else that
 * kustomize knows (api/types/kustomization.go) is refused by name rather than
 * dropped: a pre-flight that silently ignored `helmCharts` or `replicas`
 * would show a diff that is not what ArgoCD's `kustomize build` applies.
 */
export const IMPLEMENTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'bases',
  'namePrefix',
  'nameSuffix',
  'namespace',
  'commonLabels',
  'commonAnnotations',
  'images',
  'patches',
  'patchesStrategicMerge',
  'patchesJson6902',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
]);

/** Kustomize fields (api/types/kustomization.go) the renderer does not implement. */
export const UNSUPPORTED_FIELDS = new Set([
  'openapi',
  'labels',
  'imageTags',
  'replacements',
  'replicas',
  'vars',
  'sortOptions',
  'components',
  'crds',
  'helmGlobals',
  'helmCharts',
  'helmChartInflationGenerator',
  'configurations',
  'generators',
  'transformers',
  'validators',
  'buildMetadata',
]);

/**
 * Refuses a kustomization that uses a field the renderer does not implement
 * or that kustomize does not know (a typo), naming the file and the field.
 */
export function checkKustomizationFields(file: string, k: unknown): void {
  if (k === null || k === undefined) return;
  if (typeof k !== 'object' || Array.isArray(k))
    throw new UnrenderableSource(
      `${file}: a kustomization must be a mapping of fields (resources, patches, ...); fix the file`,
    );
  for (const field of Object.keys(k)) {
    if (IMPLEMENTED_FIELDS.has(field)) continue;
    if (UNSUPPORTED_FIELDS.has(field))
      throw new UnrenderableSource(
        `${file}: field \`${field}\` is not supported by Arlon's renderer; render it in Git (commit the output of kustomize build) or compare the bundle against a live cluster where ArgoCD has applied it`,
      );
    throw new UnrenderableSource(
      `${file}: \`${field.slice(
        0,
        64,
      )}\` is not a kustomization field; check its spelling (kustomize itself refuses unknown fields)`,
    );
  }
}
