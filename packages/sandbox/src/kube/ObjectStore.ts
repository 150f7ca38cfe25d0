import { randomUUID } from 'node:crypto';
import { alreadyExists, invalid, notFound } from './errors';
import {
  apiVersionOf,
  BUILTIN_RESOURCES,
  ResourceType,
  typesFromCrd,
} from './resources';
import {
  FieldSelector,
  LabelSelector,
  matchesFields,
  matchesLabels,
} from './selectors';
import { validateObject } from './validation';
import { copyJson } from './jsonObject';
import { convertObject } from './conversion';
import { applyDefaults, serviceAllocator } from './defaults';
import { TypeRegistry, typeKeyOf } from './typeRegistry';
import { ChangeFeed, Watcher, WatchEvent, WatchEventType } from './changeFeed';
import {
  checkCrdName,
  checkReplacement,
  establishedCrdStatus,
  keepServerMetadata,
  nameObject,
  normalise,
  now,
  recordManagedFields,
  sameContent,
  WriteOptions,
} from './objectWrites';

export type { WatchEvent, WatchEventType, Watcher } from './changeFeed';
export type { WriteOptions } from './objectWrites';

/** How many changes are kept, by default, for watches that resume from a resourceVersion. */
const HISTORY = 20_000;

export { typeKeyOf } from './typeRegistry';
const objectKey = (namespace: string | undefined, name: string) =>
  `${namespace ?? ''}/${name}`;
const clone = <T>(o: T): T => copyJson(o);

/**
 * The API machinery of one sandbox cluster: typed object storage with
 * resourceVersions, optimistic concurrency, finalizers, namespaces that empty
 * before they go, CRDs that make kinds servable, and a change history that
 * feeds watches.
 */
export class ObjectStore {
  private readonly types = new TypeRegistry();
  private readonly objects = new Map<string, Map<string, any>>(); // typeKey -> key -> object
  private rv = 1;
  private readonly changes: ChangeFeed;
  /** Cluster IPs and node ports of this cluster's Services. */
  private readonly allocator = serviceAllocator();

  /** `historyLimit`: changes kept for resuming watches; older ones answer 410 Gone, as after etcd compaction. */
  constructor(historyLimit = HISTORY) {
    this.changes = new ChangeFeed(historyLimit);
    for (const t of BUILTIN_RESOURCES) this.register(t);
    for (const ns of ['default', 'kube-system', 'kube-public']) {
      this.create(this.type('', 'namespaces')!, undefined, {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: ns },
      });
    }
  }

  get resourceVersion(): string {
    return String(this.rv);
  }

  /** The oldest resourceVersion a watch may resume from. */
  get oldestResumable(): number {
    return this.changes.oldestResumable(this.rv);
  }

  allTypes(): ResourceType[] {
    return this.types.all();
  }

  type(
    group: string,
    plural: string,
    version?: string,
  ): ResourceType | undefined {
    return this.types.get(group, plural, version);
  }

  typeForKind(apiVersion: string, kind: string): ResourceType | undefined {
    return this.types.forKind(apiVersion, kind);
  }

  get(type: ResourceType, namespace: string | undefined, name: string): any {
    const obj = this.bucket(type).get(
      objectKey(this.ns(type, namespace), name),
    );
    if (!obj) throw notFound(type.plural, type.group, name);
    return this.view(type, obj);
  }

  /** Whether the object exists: what get answers, without copying it out. */
  has(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
  ): boolean {
    return this.bucket(type).has(objectKey(this.ns(type, namespace), name));
  }

  list(
    type: ResourceType,
    namespace: string | undefined,
    labels: LabelSelector = [],
    fields: FieldSelector = [],
  ): any[] {
    const items: any[] = [];
    for (const obj of this.bucket(type).values()) {
      if (type.namespaced && namespace && obj.metadata.namespace !== namespace)
        continue;
      if (
        !matchesLabels(labels, obj.metadata.labels) ||
        !matchesFields(fields, obj)
      )
        continue;
      items.push(this.view(type, obj));
    }
    return items.sort((a, b) =>
      objectKey(a.metadata.namespace, a.metadata.name).localeCompare(
        objectKey(b.metadata.namespace, b.metadata.name),
      ),
    );
  }

  create(
    type: ResourceType,
    namespace: string | undefined,
    body: any,
    options: WriteOptions = {},
  ): any {
    const obj = clone(body ?? {});
    obj.apiVersion = apiVersionOf(type);
    obj.kind = type.kind;
    obj.metadata = obj.metadata ?? {};
    const ns = this.ns(type, namespace ?? obj.metadata.namespace);
    if (type.namespaced) {
      this.requireNamespace(ns!);
      obj.metadata.namespace = ns;
    } else delete obj.metadata.namespace;
    nameObject(type, obj);
    normalise(type, obj);
    const uid = randomUUID();
    applyDefaults(type, obj, { uid, allocate: this.allocator });
    const causes = validateObject(type, obj);
    if (causes.length)
      throw invalid(type.kind, type.group, obj.metadata.name, causes);
    const key = objectKey(ns, obj.metadata.name);
    if (this.bucket(type).has(key))
      throw alreadyExists(type.plural, type.group, obj.metadata.name);
    if (type.kind === 'CustomResourceDefinition') checkCrdName(obj);

    Object.assign(obj.metadata, {
      uid,
      creationTimestamp: now(),
      generation: 1,
    });
    delete obj.metadata.deletionTimestamp;
    delete obj.metadata.resourceVersion;
    if (type.kind === 'Namespace') obj.status = { phase: 'Active' };
    if (type.kind === 'CustomResourceDefinition')
      obj.status = establishedCrdStatus(obj);
    recordManagedFields(type, undefined, obj, options);
    if (options.dryRun)
      return this.view(type, {
        ...obj,
        metadata: { ...obj.metadata, resourceVersion: this.resourceVersion },
      });

    this.store(type, key, obj, 'ADDED');
    if (type.kind === 'CustomResourceDefinition')
      for (const t of typesFromCrd(obj)) this.register(t);
    return this.view(type, obj);
  }

  /** PUT: replace, with optimistic concurrency on `metadata.resourceVersion`. */
  update(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    body: any,
    options: WriteOptions & { subresource?: 'status' } = {},
  ): any {
    const ns = this.ns(type, namespace);
    const key = objectKey(ns, name);
    // In the version written now, so what is kept (status, metadata) and
    // what is sent have one shape (conversion.ts).
    const current = this.convert(this.bucket(type).get(key), type);
    if (!current) throw notFound(type.plural, type.group, name);
    const incoming = clone(body ?? {});
    checkReplacement(type, name, incoming, current);
    let next: any;
    if (options.subresource === 'status') {
      next = { ...clone(current), status: incoming.status };
    } else {
      next = incoming;
      next.metadata = next.metadata ?? {};
      if (type.statusSubresource) next.status = clone(current.status);
    }
    return this.replace(type, key, current, next, options);
  }

  /** Writes `next` over `current`, keeping what clients may not change. */
  replace(
    type: ResourceType,
    key: string,
    current: any,
    next: any,
    options: WriteOptions = {},
  ): any {
    next.apiVersion = apiVersionOf(type);
    next.kind = type.kind;
    keepServerMetadata(type, current, next);
    normalise(type, next);
    applyDefaults(type, next, {
      uid: current.metadata.uid,
      previous: current,
      allocate: this.allocator,
    });
    const causes = validateObject(type, next);
    if (causes.length)
      throw invalid(type.kind, type.group, current.metadata.name, causes);
    if (JSON.stringify(next.spec) !== JSON.stringify(current.spec)) {
      next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    }
    recordManagedFields(type, current, next, options);
    // A write that changes nothing is a no-op, as on a real API server: no
    // new resourceVersion, no watch event (controllers that re-apply their
    // desired state every round would otherwise wake each other forever).
    if (sameContent(next, current)) return this.view(type, current);
    if (options.dryRun)
      return this.view(type, {
        ...next,
        metadata: {
          ...next.metadata,
          resourceVersion: current.metadata.resourceVersion,
        },
      });

    // Removing the last finalizer of an object being deleted completes the deletion.
    if (next.metadata.deletionTimestamp && !next.metadata.finalizers?.length) {
      this.remove(type, key, next);
      return this.view(type, next);
    }
    this.store(type, key, next, 'MODIFIED');
    return this.view(type, next);
  }

  /** DELETE: immediate without finalizers; otherwise marked with deletionTimestamp until they are gone. */
  delete(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    options: WriteOptions = {},
  ): any {
    const ns = this.ns(type, namespace);
    const key = objectKey(ns, name);
    const current = this.bucket(type).get(key);
    if (!current) throw notFound(type.plural, type.group, name);
    if (options.dryRun) return this.view(type, current);
    if (type.kind === 'Namespace')
      return this.deleteNamespace(type, key, current);
    if (current.metadata.finalizers?.length) {
      if (!current.metadata.deletionTimestamp) {
        const next = clone(current);
        next.metadata.deletionTimestamp = now();
        next.metadata.deletionGracePeriodSeconds = 0;
        this.store(type, key, next, 'MODIFIED');
        return this.view(type, next);
      }
      return this.view(type, current);
    }
    this.remove(type, key, current);
    return this.view(type, current);
  }

  /** Calls `observer` with every change of every type, as it is made (the sandbox's event log). */
  observe(observer: (event: WatchEvent) => void): () => void {
    return this.changes.observe(observer);
  }

  watch(watcher: Watcher, fromResourceVersion: number | undefined): () => void {
    return this.changes.watch(watcher, fromResourceVersion);
  }

  // ---- internals ----

  private deleteNamespace(type: ResourceType, key: string, current: any) {
    const name = current.metadata.name;
    const next = clone(current);
    if (!next.metadata.deletionTimestamp) {
      next.metadata.deletionTimestamp = now();
      next.status = { phase: 'Terminating' };
      this.store(type, key, next, 'MODIFIED');
    }
    for (const t of this.allTypes()) {
      if (!t.namespaced) continue;
      for (const obj of [...this.bucket(t).values()]) {
        if (obj.metadata.namespace === name)
          this.delete(t, name, obj.metadata.name);
      }
    }
    this.finishNamespace(name);
    return this.view(type, next);
  }

  /** A terminating namespace goes once nothing is left in it. */
  private finishNamespace(name: string) {
    const nsType = this.type('', 'namespaces')!;
    const ns = this.bucket(nsType).get(objectKey(undefined, name));
    if (!ns?.metadata.deletionTimestamp) return;
    const empty = this.allTypes().every(
      t =>
        !t.namespaced ||
        ![...this.bucket(t).values()].some(o => o.metadata.namespace === name),
    );
    if (empty) this.remove(nsType, objectKey(undefined, name), ns);
  }

  private remove(type: ResourceType, key: string, obj: any) {
    this.bucket(type).delete(key);
    const gone = clone(obj);
    gone.metadata.resourceVersion = String(++this.rv);
    this.record(type, 'DELETED', gone);
    if (type.kind === 'CustomResourceDefinition') {
      for (const t of typesFromCrd(obj)) {
        for (const o of [...this.bucket(t).values()])
          this.remove(t, objectKey(o.metadata.namespace, o.metadata.name), o);
        this.types.remove(typeKeyOf(t));
        this.objects.delete(typeKeyOf(t));
      }
    }
    if (type.namespaced) this.finishNamespace(obj.metadata.namespace);
  }

  private store(
    type: ResourceType,
    key: string,
    obj: any,
    eventType: WatchEventType,
  ) {
    obj.metadata.resourceVersion = String(++this.rv);
    this.bucket(type).set(key, obj);
    this.record(type, eventType, clone(obj));
  }

  private record(type: ResourceType, eventType: WatchEventType, object: any) {
    this.changes.record({
      type: eventType,
      object,
      rv: this.rv,
      typeKey: typeKeyOf(type),
    });
  }

  private register(type: ResourceType) {
    this.types.register(type);
    const key = typeKeyOf(type);
    if (!this.objects.has(key)) this.objects.set(key, new Map());
  }

  private bucket(type: ResourceType): Map<string, any> {
    return this.objects.get(typeKeyOf(type)) ?? new Map();
  }

  private ns(
    type: ResourceType,
    namespace: string | undefined,
  ): string | undefined {
    return type.namespaced ? namespace || 'default' : undefined;
  }

  private requireNamespace(name: string) {
    const nsType = this.type('', 'namespaces')!;
    if (!this.bucket(nsType).has(objectKey(undefined, name)))
      throw notFound('namespaces', '', name);
  }

  /** Objects are handed out as copies, so callers can never change the store. */
  private view(type: ResourceType, obj: any) {
    return this.convert(clone(obj), type);
  }

  /**
   * An object as `type`'s version serves it: objects are stored in the
   * version they were last written in and converted on the way out
   * (conversion.ts; the sandbox has no conversion webhooks).
   */
  convert(obj: any, type: ResourceType): any {
    return convertObject(obj, apiVersionOf(type), (group, kind) =>
      this.types.latestVersion(group, kind),
    );
  }
}
