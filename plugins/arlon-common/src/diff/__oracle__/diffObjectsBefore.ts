/**
 * diffObjects as it was before objectDiffer (commit 98a4bca^), kept as the
 * oracle the new one must agree with: see diffObjects.oracle.test.ts.
 */
import type { KubeObject } from '../../providers/renderCluster';
import { compareObjects, FieldChange } from '../compareObjects';
import { quantityFieldsFromCrds } from '../crdQuantityFields';
import { lastApplied, normalizedView } from '../normalize';
import { withoutServerAssigned } from '../serverAssigned';
import {
  annotationShowsSecret,
  maskSecretAnnotations,
} from '../secretAnnotations';
import {
  alignEquivalent,
  maskSecretPair,
  projectLive,
  unifiedYamlDiff,
} from '../unifiedDiff';

export type DiffAction = 'create' | 'update' | 'delete' | 'unchanged';

export interface ObjectDiff {
  /** `group/Kind/namespace/name` (`v1` kinds have an empty group). */
  key: string;
  group: string;
  kind: string;
  namespace?: string;
  name: string;
  /** The bundle the object comes from, when it was rendered from one. */
  bundle?: string;
  action: DiffAction;
  changes: FieldChange[];
  /** Unified YAML diff of live (projected onto desired's fields) against desired; Secret values masked. */
  unified: string;
}

/**
 * One object per identity, the last of each: applying a list in order leaves
 * the last of two manifests for the same object (see duplicateIdentities for
 * the note that says so).
 */
function lastOfEach(
  objects: Partial<KubeObject>[],
  identify: (o: Partial<KubeObject>) => { key: string },
): Partial<KubeObject>[] {
  return [...new Map(objects.map(o => [identify(o).key, o])).values()];
}

/** Identities (`group/Kind/namespace/name`) more than one of `objects` has. */
export function duplicateIdentities(
  objects: Partial<KubeObject>[],
  options: Pick<DiffOptions, 'defaultNamespace' | 'isNamespaced'>,
): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const o of objects) {
    const { key } = identifyObject(o, options);
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return [...twice];
}

export interface DiffOptions {
  /** Namespace given to namespaced objects that name none (the destination's). */
  defaultNamespace: string;
  /** Whether a kind is namespaced; from API discovery where available. */
  isNamespaced(group: string, kind: string): boolean;
  /** Live objects with no desired counterpart become deletes (ArgoCD's prune); otherwise they are left out. */
  prune?: boolean;
  /**
   * Every field counts, live-only ones too: for two states that are both
   * complete (a server-side dry-run's prediction, two live clusters, two
   * rendered bundles) rather than intent against live.
   */
  exact?: boolean;
  /**
   * Both sides are live clusters: the fields each cluster assigns itself
   * (a Service's cluster IP and node ports, a Job's selector; see
   * serverAssigned.ts) are left out, except where the declared object of
   * the same identity (the manifest both were applied from) sets them.
   */
  declared?: Partial<KubeObject>[];
}

export const MASK = '*** (masked)';

/** How many objects each action has. */
export type DiffSummary = Record<DiffAction, number>;

export function summarize(objects: Pick<ObjectDiff, 'action'>[]): DiffSummary {
  const summary: DiffSummary = {
    create: 0,
    update: 0,
    delete: 0,
    unchanged: 0,
  };
  for (const o of objects) summary[o.action]++;
  return summary;
}

/** The totals of several summaries (a report's sections, a cluster's profiles). */
export function addSummaries(summaries: DiffSummary[]): DiffSummary {
  const total: DiffSummary = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const s of summaries)
    for (const action of Object.keys(total) as DiffAction[])
      total[action] += s[action];
  return total;
}

/** Whether applying would change anything (what `kubectl diff` signals with exit code 1). */
export function hasChanges(summary: DiffSummary): boolean {
  return summary.create + summary.update + summary.delete > 0;
}

/**
 * Diffs desired objects against live ones: identity by group, kind,
 * namespace and name; normalisation; the three-way rule; equivalent values;
 * merge-key list matching. Secret values never appear in the result.
 */
export function diffObjects(
  desiredObjects: Partial<KubeObject>[],
  liveObjects: Partial<KubeObject>[],
  options: DiffOptions,
): ObjectDiff[] {
  const identify = (o: Partial<KubeObject>) => identifyObject(o, options);
  const declaredByKey = new Map(
    (options.declared ?? []).map(o => [identify(o).key, o]),
  );
  const comparable = (o: Partial<KubeObject>) =>
    options.declared
      ? withoutServerAssigned(o, declaredByKey.get(identify(o).key))
      : o;
  // A bundle that ships its CRDs says which of its custom resources' fields are quantities.
  const crdFields = quantityFieldsFromCrds([...desiredObjects, ...liveObjects]);
  const desired = lastOfEach(desiredObjects, identify).map(comparable);
  const live = lastOfEach(liveObjects, identify).map(comparable);
  const liveByKey = new Map(live.map(o => [identify(o).key, o]));
  const results: ObjectDiff[] = [];
  const seen = new Set<string>();
  for (const d of desired) {
    const id = identify(d);
    seen.add(id.key);
    const l = liveByKey.get(id.key);
    // Both sides carry the namespace identity gave them, so only real differences remain.
    const withNamespace = (o: Partial<KubeObject>) =>
      normalizedView({
        ...o,
        metadata: {
          ...o.metadata,
          ...(id.namespace ? { namespace: id.namespace } : {}),
        } as KubeObject['metadata'],
      });
    const normalizedDesired = withNamespace(d);
    if (!l) {
      results.push({
        ...strip(id),
        action: 'create',
        changes: owned(
          mask(id.kind, [{ path: '', kind: 'added', to: normalizedDesired }]),
        ),
        unified: unifiedYamlDiff(
          id.key,
          undefined,
          maskSecretAnnotations(
            maskSecretPair(undefined, normalizedDesired)[1],
          ),
        ),
      });
      continue;
    }
    const normalizedLive = withNamespace(l);
    const applied = options.exact ? l : lastApplied(l);
    const changes = compareObjects(
      normalizedDesired,
      normalizedLive,
      applied && withNamespace(applied),
      crdFields,
    );
    if (!changes.length) {
      // The text diff of an unchanged object is empty: live is not projected.
      results.push({
        ...strip(id),
        action: 'unchanged',
        changes: [],
        unified: '',
      });
      continue;
    }
    const [maskedLive, maskedDesired] = maskSecretPair(
      alignEquivalent(
        options.exact
          ? normalizedLive
          : projectLive(normalizedLive, normalizedDesired),
        normalizedDesired,
        crdFields,
      ),
      normalizedDesired,
    );
    results.push({
      ...strip(id),
      action: 'update',
      changes: owned(mask(id.kind, changes)),
      unified: unifiedYamlDiff(
        id.key,
        maskSecretAnnotations(maskedLive),
        maskSecretAnnotations(maskedDesired),
      ),
    });
  }
  if (options.prune) {
    for (const l of live) {
      const id = identify(l);
      if (seen.has(id.key)) continue;
      const normalizedLive = normalizedView(l);
      results.push({
        ...strip(id),
        action: 'delete',
        changes: owned(
          mask(id.kind, [{ path: '', kind: 'removed', from: normalizedLive }]),
        ),
        unified: unifiedYamlDiff(
          id.key,
          maskSecretAnnotations(maskSecretPair(normalizedLive, undefined)[0]),
          undefined,
        ),
      });
    }
  }
  return results.sort((a, b) => a.key.localeCompare(b.key));
}

/** An object's identity: group, kind, namespace (defaulted for namespaced kinds) and name. */
export function identifyObject(
  o: Partial<KubeObject>,
  options: Pick<DiffOptions, 'defaultNamespace' | 'isNamespaced'>,
) {
  // A manifest from Git may say anything (`apiVersion: {}`, `namespace:
  // {toString: ""}`): a field that is not a string is treated as absent.
  const apiVersion = text(o.apiVersion) ?? '';
  const [group, version] = apiVersion.includes('/')
    ? apiVersion.split('/')
    : ['', apiVersion];
  const kind = text(o.kind) ?? '';
  const namespace = options.isNamespaced(group, kind)
    ? text(o.metadata?.namespace) ?? options.defaultNamespace
    : undefined;
  const name = text(o.metadata?.name) ?? '';
  return {
    key: `${group}/${kind}/${namespace ?? ''}/${name}`,
    group,
    version,
    kind,
    namespace,
    name,
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function strip(id: {
  key: string;
  group: string;
  kind: string;
  namespace?: string;
  name: string;
}) {
  const { key, group, kind, namespace, name } = id;
  return { key, group, kind, ...(namespace ? { namespace } : {}), name };
}

/**
 * The changes as values of their own: compared objects are normalised
 * without copying (normalizedView), so a change's `from` and `to` would
 * otherwise share parts with the caller's objects.
 */
function owned(changes: FieldChange[]): FieldChange[] {
  return structuredClone(changes);
}

/**
 * Secret values are replaced wherever they would show: whole objects,
 * `data`/`stringData` fields, and annotations that copy them (kubectl's
 * last-applied configuration, should normalisation ever keep it).
 */
function mask(kind: string, changes: FieldChange[]): FieldChange[] {
  if (kind !== 'Secret') return changes;
  const hide = (value: unknown, path: string): unknown => {
    if (/^(data|stringData)(\.|$)/.test(path)) {
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.keys(value).map(k => [k, MASK]));
      return MASK;
    }
    if (path === '' && value && typeof value === 'object') {
      const o: any = { ...(value as object) };
      for (const f of ['data', 'stringData'])
        if (o[f])
          o[f] = Object.fromEntries(Object.keys(o[f]).map(k => [k, MASK]));
      return maskSecretAnnotations(o);
    }
    return hideMetadata(value, path);
  };
  return changes.map(c => ({
    ...c,
    ...('from' in c ? { from: hide(c.from, c.path) } : {}),
    ...('to' in c ? { to: hide(c.to, c.path) } : {}),
  }));
}

/** A change under a Secret's metadata, with the annotations that show its values masked. */
function hideMetadata(value: unknown, path: string): unknown {
  const asSecret = (metadata: unknown) =>
    maskSecretAnnotations({ kind: 'Secret', metadata } as any).metadata;
  if (path === 'metadata') return asSecret(value);
  if (path === 'metadata.annotations')
    return asSecret({ annotations: value }).annotations;
  const key = /^metadata\.annotations\.(.+)$/.exec(path)?.[1];
  return key && annotationShowsSecret(key, value) ? MASK : value;
}
