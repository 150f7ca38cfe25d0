import { MASK, type KubeObject } from '@arlon-backstage/plugin-arlon-common';
import { stringify } from 'yaml';

/** kubectl's copy of what it applied: for a Secret, its values in plain JSON. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * Pure: a Secret with every value masked as the diff masks them
 * (docs/security.md): each key of `data` and `stringData`, and any
 * annotation that copies them (kubectl's last-applied configuration, or
 * JSON naming `data`/`stringData`). Other objects are returned unchanged.
 */
export function maskSecret(object: KubeObject): KubeObject {
  if (object.kind !== 'Secret') return object;
  const o: Record<string, any> = { ...object };
  for (const field of ['data', 'stringData'])
    if (o[field] && typeof o[field] === 'object')
      o[field] = Object.fromEntries(Object.keys(o[field]).map(k => [k, MASK]));
  const annotations = o.metadata?.annotations;
  if (annotations && typeof annotations === 'object')
    o.metadata = {
      ...o.metadata,
      annotations: Object.fromEntries(
        Object.entries(annotations).map(([k, v]) => [
          k,
          k === LAST_APPLIED ||
          (typeof v === 'string' && /"(data|stringData)"\s*:/.test(v))
            ? MASK
            : v,
        ]),
      ),
    };
  return o as KubeObject;
}

/** `apps/v1 Deployment web/frontend`, as the notes name an object. */
export function objectName(o: KubeObject): string {
  const ns = o.metadata.namespace ? `${o.metadata.namespace}/` : '';
  return `${o.apiVersion} ${o.kind} ${ns}${o.metadata.name}`;
}

/**
 * Pure: the rendered objects that have no live counterpart. A live object
 * of a cluster-scoped kind has no namespace though the renderer may have
 * given one, so the namespace counts only when the live object has one.
 */
export function missingObjects(
  rendered: KubeObject[],
  live: KubeObject[],
): KubeObject[] {
  return rendered.filter(
    r =>
      !live.some(
        l =>
          l.apiVersion === r.apiVersion &&
          l.kind === r.kind &&
          l.metadata.name === r.metadata.name &&
          (l.metadata.namespace === undefined ||
            l.metadata.namespace === r.metadata.namespace),
      ),
  );
}

export interface SnapshotInput {
  /** `profile apps`, `bundle guestbook`. */
  what: string;
  context: string;
  live: KubeObject[];
  missing: KubeObject[];
  /** The renderer's notes and the kinds the cluster does not serve. */
  notes: string[];
  takenAt: Date;
}

/**
 * Pure: the snapshot file: one `kind: List` as `kubectl get -o yaml` writes
 * it, objects sorted so two snapshots of the same state are the same file
 * but for the time, with what was not found in a leading comment (never
 * invented as objects), Secret values masked.
 */
export function snapshotYaml(input: SnapshotInput): string {
  const items = [...input.live]
    .map(maskSecret)
    .sort((a, b) => objectName(a).localeCompare(objectName(b)));
  const comment = [
    `arlon snapshot of ${input.what} on context ${
      input.context
    }, ${input.takenAt.toISOString()}`,
    `Live state: compare it with arlon diff <this file> <manifests>. Secret values are masked (${MASK}).`,
    ...(input.missing.length
      ? [
          `Not on the cluster (${input.missing.length}), left out:`,
          ...input.missing.map(o => `  ${objectName(o)}`),
        ]
      : []),
    ...input.notes.map(n => `Note: ${n}`),
  ]
    // A line break in a name or note must not end the comment.
    .flatMap(line => line.split(/\r?\n|\r/))
    .map(line => `# ${line}`.trimEnd());
  return `${comment.join('\n')}\n${stringify(
    {
      apiVersion: 'v1',
      kind: 'List',
      metadata: { resourceVersion: '' },
      items,
    },
    { aliasDuplicateObjects: false, lineWidth: 0 },
  )}`;
}
