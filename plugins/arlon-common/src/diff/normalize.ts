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
 * server would, so desired and live compare like for like.
 */
export function normalizeObject<T extends Partial<KubeObject>>(object: T): T {
  // What is dropped is left out before copying, not copied then deleted:
  // managedFields and status are most of a live object, and a pre-flight
  // normalises thousands.
  const { status: _status, ...kept } = object as any;
  const metadata = kept.metadata;
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const rest = { ...metadata };
    for (const k of NOISE_METADATA) delete rest[k];
    kept.metadata = rest;
  }
  const o: any = structuredClone(kept);
  if (o.metadata) {
    for (const k of NOISE_METADATA) delete o.metadata[k];
    for (const k of NOISE_ANNOTATIONS)
      if (o.metadata.annotations) delete o.metadata.annotations[k];
    for (const k of NOISE_LABELS)
      if (o.metadata.labels) delete o.metadata.labels[k];
    for (const k of ['annotations', 'labels'])
      if (o.metadata[k] && Object.keys(o.metadata[k]).length === 0)
        delete o.metadata[k];
  }
  if (o.kind === 'Secret' && o.apiVersion === 'v1' && o.stringData) {
    o.data = { ...o.data };
    for (const [k, v] of Object.entries(o.stringData))
      o.data[k] = base64(String(v ?? ''));
    delete o.stringData;
  }
  return o;
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
