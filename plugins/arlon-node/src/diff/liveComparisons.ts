import { ApiException } from '@kubernetes/client-node';
import {
  attachBundles,
  diffObjects,
  DiffSection,
  groupOf,
  identifyObject,
  KubeObject,
  mapLimit,
  normalizedView,
  objectDiffer,
  ObjectDiff,
  ObjectDiffer,
  Rendered,
  RenderedObject,
  scopeFromObjects,
  section,
} from '@arlon-backstage/plugin-arlon-common';
import type { LiveCluster, ObjectRef } from '../live/LiveCluster';

/** Statuses that mean "this server or this caller cannot dry-run apply", not "this object is wrong". */
const NO_SERVER_SIDE_APPLY = new Set([403, 405, 415]);
/**
 * Dry runs in flight at once, as streams of one connection: what `bench:diff`
 * measures. Eight left the client idle between answers (about 0.1 s more for
 * 2,000 objects); sixteen is a small share of an API server's default
 * --max-mutating-requests-inflight (200).
 */
const DRY_RUNS_IN_FLIGHT = 16;

export interface PreflightOptions {
  /** Try a server-side dry-run apply first (default true). */
  serverSide?: boolean;
  /** Objects ArgoCD tracks for these bundles now: those no longer rendered would be pruned. */
  tracked?: Array<{ bundle: string; ref: ObjectRef }>;
  /** Dry-run requests in flight at once (default 16). */
  concurrency?: number;
}

/**
 * Dry-run predictions compared with their live objects as they arrive. The
 * comparison needs the lists (live objects, keys): predictions that come
 * before them wait, and are compared when `start` brings them.
 */
class ExactComparisons {
  /** Each object's exact comparison, with the position of the manifest it is of. */
  readonly byKey = new Map<string, { index: number; diff: ObjectDiff }>();
  /** Answers that named another object: `[asked, answered]` keys. */
  readonly misanswered: Array<[string, string]> = [];
  private readonly waiting: Array<[number, KubeObject]> = [];
  private compare?: (index: number, prediction: KubeObject) => void;

  constructor(private readonly served: KubeObject[]) {}

  /** The prediction for `served[index]`. */
  arrived(index: number, prediction: KubeObject) {
    if (this.compare) this.compare(index, prediction);
    else this.waiting.push([index, prediction]);
  }

  start(
    keyOf: (o: KubeObject) => string,
    liveByKey: Map<string, KubeObject>,
    differ: ObjectDiffer,
  ) {
    this.compare = (index, prediction) => {
      const key = keyOf(this.served[index]);
      // An answer for another object (a broken server or proxy) predicts
      // nothing about this one: it is compared client-side, as a rejected one.
      const answered = keyOf(prediction);
      if (answered !== key) {
        this.misanswered.push([key, answered]);
        return;
      }
      const counterpart = liveByKey.get(key);
      // No live counterpart: a create, compared client-side with the rest.
      if (!counterpart) return;
      // Two manifests for one object: applying in order leaves the last.
      if ((this.byKey.get(key)?.index ?? -1) > index) return;
      this.byKey.set(key, {
        index,
        diff: differ.diff(prediction, counterpart),
      });
    };
    for (const [index, prediction] of this.waiting.splice(0))
      this.compare(index, prediction);
  }
}

/**
 * What applying `rendered` to `cluster` would change: the pre-flight. Uses
 * the API server's dry-run server-side apply (ArgoCD's field manager) for
 * exact results where it can, and the client-side three-way comparison
 * otherwise, saying which and why in the section's notes.
 */
export async function preflight(
  title: string,
  rendered: Rendered,
  cluster: LiveCluster,
  options: PreflightOptions = {},
): Promise<DiffSection> {
  const notes = [...rendered.notes];
  const desired = rendered.objects.map(r => r.object);
  const tracked = options.tracked ?? [];
  // Pipelined: the dry runs go out while the lists are read (both need only
  // discovery, asked once per kind and shared), and each prediction is
  // compared as it arrives, once the lists are in: the comparisons run while
  // the client waits on the API server, not after its last answer (see
  // docs/scale.md for what that did and did not change on two cores).
  const servedKinds = await servedOf(cluster, desired);
  const served = desired.filter(o => servedKinds.has(kindOf(o)));
  const exact = new ExactComparisons(served);
  const dryRuns =
    options.serverSide !== false && served.length
      ? dryRunAll(
          cluster,
          served,
          options.concurrency ?? DRY_RUNS_IN_FLIGHT,
          (i, p) => exact.arrived(i, p),
        )
      : undefined;
  const reading = cluster
    .read([...desired, ...tracked.map(t => t.ref)])
    .then(async ({ live, unserved }) => {
      const identity = await identityOn(cluster, [...desired, ...live]);
      // Each object's key is asked for several times below: worked out once.
      const keys = new WeakMap<KubeObject, string>();
      const keyOf = (o: KubeObject) => {
        let key = keys.get(o);
        if (key === undefined) {
          key = identifyObject(o, identity).key;
          keys.set(o, key);
        }
        return key;
      };
      const liveByKey = new Map(live.map(o => [keyOf(o), o]));
      exact.start(
        keyOf,
        liveByKey,
        objectDiffer({ ...identity, exact: true }, [...served, ...live]),
      );
      return { live, unserved, identity, keyOf, liveByKey };
    });
  const [{ live, unserved, identity, keyOf, liveByKey }, dryRun] =
    await Promise.all([reading, dryRuns]);
  for (const kind of unserved)
    notes.push(
      `${kind} is not served by cluster ${cluster.name}: applying would fail until its CRD is installed`,
    );

  // New objects are dry-run too: the server says whether it would accept them.
  let method: DiffSection['method'] = 'client-side';
  if (dryRun) {
    notes.push(...dryRunNotes(cluster, dryRun, keyOf));
    for (const [asked, answered] of exact.misanswered.sort())
      notes.push(
        `${asked}: the API server answered its dry run for ${answered}; compared client-side`,
      );
    if (dryRun.refused) {
      exact.byKey.clear();
      notes.push(
        `cluster ${cluster.name} refused a server-side dry-run apply (${dryRun.refused}); compared client-side instead: fields only the cluster sets are ignored, as ArgoCD's three-way diff does`,
      );
    } else method = 'server-side-dry-run';
  }

  const clientSide = desired.filter(o => !exact.byKey.has(keyOf(o)));
  const desiredKeys = new Set(desired.map(keyOf));
  const pruned = tracked
    .map(t => liveByKey.get(keyOf(t.ref as KubeObject)))
    .filter((o): o is KubeObject => !!o && !desiredKeys.has(keyOf(o)));
  const objects: ObjectDiff[] = [
    ...[...exact.byKey.values()].map(e => e.diff),
    ...diffObjects(clientSide, live, identity),
    ...diffObjects([], pruned, { ...identity, prune: true }),
  ].sort((a, b) => a.key.localeCompare(b.key));
  if (pruned.length)
    notes.push(
      `${pruned.length} object(s) ArgoCD tracks are no longer rendered: they are deleted if the application prunes`,
    );
  const origins: RenderedObject[] = [
    ...rendered.objects,
    ...tracked.map(t => ({ bundle: t.bundle, object: t.ref as KubeObject })),
  ];
  return section({
    title,
    cluster: cluster.name,
    method,
    notes,
    objects: attachBundles(objects, origins, identity),
  });
}

/**
 * One cluster's live objects against another's, for the objects `refs`
 * name (a bundle's, a profile's, or everything both clusters get). Both
 * sides are complete live state, so every field counts, except those each
 * cluster assigns itself (cluster IPs, node ports, a Job's selector) where
 * the rendered manifest does not set them.
 */
export async function compareClusters(
  title: string,
  refs: Rendered,
  left: LiveCluster,
  right: LiveCluster,
): Promise<DiffSection> {
  const objects = refs.objects.map(r => r.object);
  const [l, r] = await Promise.all([left.read(objects), right.read(objects)]);
  const identity = await identityOn(left, [...objects, ...l.live, ...r.live]);
  const diffs = diffObjects(r.live, l.live, {
    ...identity,
    exact: true,
    prune: true,
    declared: objects,
  });
  const present = new Set(diffs.map(d => d.key));
  const absent = objects.filter(
    o => !present.has(identifyObject(o, identity).key),
  ).length;
  return section({
    title,
    method: 'exact',
    notes: [
      ...refs.notes,
      ...(absent
        ? [
            `${absent} object(s) exist on neither cluster ${left.name} nor ${right.name}`,
          ]
        : []),
    ],
    objects: attachBundles(diffs, refs.objects, identity),
  });
}

/**
 * A bundle against a cluster that may run it anywhere: each rendered object
 * is compared with the objects of the same kind and name in whichever
 * namespace they are (creates where there are none).
 */
export async function findAndCompare(
  title: string,
  rendered: Rendered,
  cluster: LiveCluster,
): Promise<DiffSection> {
  const desired = rendered.objects;
  const found = await cluster.findAnywhere(desired.map(r => r.object));
  const identity = await identityOn(cluster, [
    ...desired.map(r => r.object),
    ...found,
  ]);
  const sameKindAndName = (a: KubeObject, b: KubeObject) =>
    groupOf(a.apiVersion) === groupOf(b.apiVersion) &&
    a.kind === b.kind &&
    a.metadata.name === b.metadata.name;
  const objects: ObjectDiff[] = [];
  for (const { bundle, object } of desired) {
    const matches = found.filter(o => sameKindAndName(o, object));
    if (!matches.length) {
      objects.push(
        ...diffObjects([object], [], identity).map(d => ({ ...d, bundle })),
      );
      continue;
    }
    for (const match of matches) {
      const placed = {
        ...object,
        metadata: { ...object.metadata, namespace: match.metadata.namespace },
      };
      objects.push(
        ...diffObjects([placed], [match], identity).map(d => ({
          ...d,
          bundle,
        })),
      );
    }
  }
  return section({
    title,
    cluster: cluster.name,
    method: 'client-side',
    notes: [...rendered.notes],
    objects: objects.sort((a, b) => a.key.localeCompare(b.key)),
  });
}

/** Identity options from the cluster's discovery, with what the objects themselves say for kinds it does not serve. */
async function identityOn(cluster: LiveCluster, objects: KubeObject[]) {
  const fallback = scopeFromObjects(objects);
  const scopes = new Map<string, boolean>();
  await Promise.all(
    objects.map(async o => {
      const scope = await cluster.scope(o.apiVersion, o.kind);
      scopes.set(
        `${groupOf(o.apiVersion)}/${o.kind}`,
        scope
          ? scope === 'namespaced'
          : fallback(groupOf(o.apiVersion), o.kind),
      );
    }),
  );
  return {
    defaultNamespace: 'default',
    isNamespaced: (group: string, kind: string) =>
      scopes.get(`${group}/${kind}`) ?? fallback(group, kind),
  };
}

/** The kinds among `objects` the cluster serves (`apiVersion kind`), from its discovery. */
async function servedOf(cluster: LiveCluster, objects: KubeObject[]) {
  const firstOfKind = new Map(objects.map(o => [kindOf(o), o]));
  const served = await Promise.all(
    [...firstOfKind].map(async ([kind, o]) =>
      (await cluster.scope(o.apiVersion, o.kind)) ? kind : undefined,
    ),
  );
  return new Set(served.filter(kind => kind !== undefined));
}

/** `apiVersion kind`, as notes name a kind. */
function kindOf(o: { apiVersion: string; kind: string }) {
  return `${o.apiVersion} ${o.kind}`;
}

interface DryRuns {
  /** Why the server refused dry runs altogether, if it did. */
  refused?: string;
  /** Objects the server rejected on their own merits, with their position among those sent. */
  rejected: Array<{ object: KubeObject; index: number; reason: string }>;
  missingNamespaces: Set<string>;
}

/**
 * Dry-run applies every object, at most `concurrency` at a time, and hands
 * each prediction (the server's answer for `objects[index]`) to
 * `predicted` as it arrives. A refusal of dry runs altogether stops the
 * rest; an object the server rejects on its own merits is recorded and
 * compared client-side.
 */
async function dryRunAll(
  cluster: LiveCluster,
  objects: KubeObject[],
  concurrency: number,
  predicted: (index: number, prediction: KubeObject) => void,
): Promise<DryRuns> {
  const result: DryRuns = {
    rejected: [],
    missingNamespaces: new Set(),
  };
  await mapLimit(
    objects.map((object, i) => ({ object, i })),
    concurrency,
    async ({ object, i }) => {
      if (result.refused) return;
      let answer: KubeObject;
      try {
        answer = await cluster.dryRunApply(object);
      } catch (error) {
        if (!(error instanceof ApiException)) throw error;
        const status = statusOf(error);
        const reason = `HTTP ${error.code}: ${status.message ?? 'no message'}`;
        if (NO_SERVER_SIDE_APPLY.has(error.code)) result.refused ??= reason;
        else if (error.code === 404 && status.details?.kind === 'namespaces')
          result.missingNamespaces.add(status.details.name ?? '');
        else result.rejected.push({ object, index: i, reason });
        return;
      }
      // Read as the comparison reads it: managedFields and status, most of
      // an answer, are garbage at once instead of living through the run.
      predicted(i, normalizedView(answer));
    },
  );
  // In the order of the manifests, not of the answers: the same bundle and
  // cluster give the same section.
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}

/** The notes the dry runs leave: objects the server would reject, namespaces it lacks. */
function dryRunNotes(
  cluster: LiveCluster,
  dryRun: DryRuns,
  keyOf: (o: KubeObject) => string,
): string[] {
  return [
    ...dryRun.rejected.map(
      ({ object, reason }) =>
        `${keyOf(object)}: the API server would reject this object (${reason})`,
    ),
    ...[...dryRun.missingNamespaces]
      .sort()
      .map(
        ns =>
          `namespace ${ns} does not exist on cluster ${cluster.name} yet (ArgoCD creates it on sync), so the server could not check the objects that go in it`,
      ),
  ];
}

/** The Kubernetes Status an API error carries, as far as it can be read. */
function statusOf(error: ApiException<unknown>): {
  message?: string;
  details?: { kind?: string; name?: string };
} {
  try {
    const body =
      typeof error.body === 'string' ? JSON.parse(error.body) : error.body;
    return (body as any) ?? {};
  } catch {
    return { message: String(error.body).slice(0, 200) };
  }
}
