import type { KubeObject } from '../providers/renderCluster';

/** Annotations and labels that are bookkeeping, not intent. */
const NOISE_ANNOTATIONS = [
  'kubectl.kubernetes.io/last-applied-configuration',
  'argocd.argoproj.io/tracking-id',
  'deployment.kubernetes.io/revision',
];
const NOISE_LABELS = ['app.kubernetes.io/instance'];
const NOISE_METADATA = [
  'managedFields',
  'resourceVersion',
  'uid',
  'generation',
  'creationTimestamp',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'ownerReferences',
];

/**
 * Drops what is not intent (status, server-set metadata, ArgoCD and kubectl
 * bookkeeping) and folds Secret `stringData` into base64 `data`, as the API
 * server would, so desired and live compare like for like. Returns a copy.
 */
export function normalizeObject<T extends Partial<KubeObject>>(object: T): T {
  return structuredClone(normalizedView(object));
}

/**
 * What normalizeObject returns, but sharing with `object` every part it does
 * not change (only the object itself, its metadata, annotations, labels and
 * a Secret's `data` are new): a pre-flight normalises thousands of objects
 * only to read them, and copying each whole was most of the engine's time.
 * Never mutate the result, nor `object` while the result is in use.
 *
 * @public
 */
export function normalizedView<T extends Partial<KubeObject>>(object: T): T {
  // What is dropped is left out, not copied then deleted: managedFields and
  // status are most of a live object.
  const { status: _status, ...o } = object as any;
  const metadata = o.metadata;
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const rest = { ...metadata };
    for (const k of NOISE_METADATA) delete rest[k];
    withoutNoise(rest, 'annotations', NOISE_ANNOTATIONS);
    withoutNoise(rest, 'labels', NOISE_LABELS);
    o.metadata = rest;
  }
  if (o.kind === 'Secret' && o.apiVersion === 'v1' && o.stringData) {
    o.data = { ...o.data };
    for (const [k, v] of Object.entries(o.stringData))
      o.data[k] = base64(String(v ?? ''));
    delete o.stringData;
  }
  return o;
}

/**
 * `metadata[field]` without the `noise` keys, copied only when it has one;
 * dropped when that leaves it empty (as it was when every value was
 * copied: a truthy value with no own keys, `{}`, `[]` or `true`, goes too).
 */
function withoutNoise(
  metadata: Record<string, any>,
  field: string,
  noise: string[],
) {
  let value = metadata[field];
  if (!value) return;
  if (typeof value === 'object' && noise.some(k => Object.hasOwn(value, k))) {
    value = Array.isArray(value) ? Object.assign([], value) : { ...value };
    for (const k of noise) delete value[k];
    metadata[field] = value;
  }
  if (Object.keys(value).length === 0) delete metadata[field];
}

/** The object kubectl last applied, from its annotation, if any. */
export function lastApplied(
  live: Partial<KubeObject> | undefined,
): Partial<KubeObject> | undefined {
  const text =
    live?.metadata?.annotations?.[
      'kubectl.kubernetes.io/last-applied-configuration'
    ];
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** UTF-8 then base64, without Node's Buffer: this runs in the browser too. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text))
    binary += String.fromCharCode(byte);
  return btoa(binary);
}
