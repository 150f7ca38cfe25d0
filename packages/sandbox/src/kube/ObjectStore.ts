import { randomUUID } from 'node:crypto';
import { alreadyExists, ApiError, conflict, invalid, notFound } from './errors';
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
import { convertObject } from './conversion';
import { applyDefaults, serviceAllocator } from './defaults';
import {
  managedFieldsAfterUpdate,
  ManagedFieldsEntry,
  validateManagedFields,
} from './serverSideApply';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';
export interface WatchEvent {
  type: WatchEventType;
  object: any;
  /** resourceVersion of the change, as a number. */
  rv: number;
  typeKey: string;
}

export interface Watcher {
  typeKey: string;
  namespace?: string;
  labels: LabelSelector;
  fields: FieldSelector;
  send(event: WatchEvent): void;
}

export interface WriteOptions {
  dryRun?: boolean;
  fieldManager?: string;
  /** Managed fields computed by server-side apply: stored as given instead of tracked as an Update. */
  managedFields?: ManagedFieldsEntry[];
}

/** How many changes are kept, by default, for watches that resume from a resourceVersion. */
const HISTORY = 20_000;

export const typeKeyOf = (t: Pick<ResourceType, 'group' | 'plural'>) =>
  `${t.group}/${t.plural}`;
const objectKey = (namespace: string | undefined, name: string) =>
  `${namespace ?? ''}/${name}`;
const clone = <T>(o: T): T => structuredClone(o);

/**
 * The API machinery of one sandbox cluster: typed object storage with
 * resourceVersions, optimistic concurrency, finalizers, namespaces that empty
 * before they go, CRDs that make kinds servable, and a change history that
 * feeds watches.
 */
export class ObjectStore {
  private readonly types = new Map<string, ResourceType[]>(); // typeKey -> versions
  private readonly objects = new Map<string, Map<string, any>>(); // typeKey -> key -> object
  private readonly history: WatchEvent[] = [];
  private readonly watchers = new Set<Watcher>();
  private rv = 1;
  private readonly pending: WatchEvent[] = [];
  private delivering = false;
  private readonly observers = new Set<(event: WatchEvent) => void>();
  /** Cluster IPs and node ports of this cluster's Services. */
  private readonly allocator = serviceAllocator();

  /** `historyLimit`: changes kept for resuming watches; older ones answer 410 Gone, as after etcd compaction. */
  constructor(private readonly historyLimit = HISTORY) {
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
    return this.history.length ? this.history[0].rv - 1 : this.rv;
  }

  allTypes(): ResourceType[] {
    return [...this.types.values()].flat();
  }

  type(
    group: string,
    plural: string,
    version?: string,
  ): ResourceType | undefined {
    const versions = this.types.get(`${group}/${plural}`);
    return version ? versions?.find(v => v.version === version) : versions?.[0];
  }

  typeForKind(apiVersion: string, kind: string): ResourceType | undefined {
    return this.allTypes().find(
      t => apiVersionOf(t) === apiVersion && t.kind === kind,
    );
  }

  get(type: ResourceType, namespace: string | undefined, name: string): any {
    const obj = this.bucket(type).get(
      objectKey(this.ns(type, namespace), name),
    );
    if (!obj) throw notFound(type.plural, type.group, name);
    return this.view(type, obj);
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
    if (!obj.metadata.name && obj.metadata.generateName) {
      obj.metadata.name = `${obj.metadata.generateName}${randomSuffix()}`;
    }
    if (!obj.metadata.name) {
      throw invalid(type.kind, type.group, '', [
        {
          field: 'metadata.name',
          message: 'Required value: name or generateName is required',
        },
      ]);
    }
    normalise(type, obj);
    const uid = randomUUID();
    applyDefaults(type, obj, { uid, allocate: this.allocator });
    const causes = validateObject(type, obj);
    if (causes.length)
      throw invalid(type.kind, type.group, obj.metadata.name, causes);
    const key = objectKey(ns, obj.metadata.name);
    if (this.bucket(type).has(key))
      throw alreadyExists(type.plural, type.group, obj.metadata.name);
    if (type.kind === 'CustomResourceDefinition') this.checkCrd(obj);

    Object.assign(obj.metadata, {
      uid,
      creationTimestamp: now(),
      generation: 1,
    });
    delete obj.metadata.deletionTimestamp;
    delete obj.metadata.resourceVersion;
    if (type.kind === 'Namespace') obj.status = { phase: 'Active' };
    if (type.kind === 'CustomResourceDefinition') {
      obj.status = {
        conditions: [
          {
            type: 'Established',
            status: 'True',
            reason: 'InitialNamesAccepted',
            lastTransitionTime: now(),
          },
        ],
        acceptedNames: obj.spec.names,
      };
    }
    this.recordManagedFields(type, undefined, obj, options);
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
    if (incoming.metadata?.name && incoming.metadata.name !== name) {
      throw new ApiError(
        400,
        'BadRequest',
        `the name of the object (${incoming.metadata.name}) does not match the name on the URL (${name})`,
      );
    }
    if (
      incoming.metadata?.resourceVersion &&
      incoming.metadata.resourceVersion !== current.metadata.resourceVersion
    ) {
      throw conflict(type.plural, type.group, name);
    }
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
    next.metadata = {
      ...next.metadata,
      name: current.metadata.name,
      namespace: current.metadata.namespace,
      uid: current.metadata.uid,
      creationTimestamp: current.metadata.creationTimestamp,
      generation: current.metadata.generation,
      ...(current.metadata.deletionTimestamp
        ? { deletionTimestamp: current.metadata.deletionTimestamp }
        : {}),
    };
    if (!type.namespaced) delete next.metadata.namespace;
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
    this.recordManagedFields(type, current, next, options);
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
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  watch(watcher: Watcher, fromResourceVersion: number | undefined): () => void {
    if (fromResourceVersion !== undefined) {
      for (const event of this.history) {
        if (event.rv > fromResourceVersion && this.wants(watcher, event))
          watcher.send(event);
      }
    }
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
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
        this.types.delete(typeKeyOf(t));
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
    const event: WatchEvent = {
      type: eventType,
      object,
      rv: this.rv,
      typeKey: typeKeyOf(type),
    };
    this.history.push(event);
    // Before delivery to watchers: what a controller writes in response is logged after this.
    for (const observer of this.observers) observer(event);
    if (this.history.length > this.historyLimit)
      this.history.splice(0, this.history.length - this.historyLimit);
    // A watcher may write in response (controllers do); queue those events so
    // every watcher still sees all events in resourceVersion order.
    this.pending.push(event);
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let next = this.pending.shift(); next; next = this.pending.shift()) {
        for (const watcher of [...this.watchers])
          if (this.wants(watcher, next)) watcher.send(next);
      }
    } finally {
      this.delivering = false;
    }
  }

  private wants(watcher: Watcher, event: WatchEvent): boolean {
    const meta = event.object.metadata;
    return (
      watcher.typeKey === event.typeKey &&
      (!watcher.namespace || meta.namespace === watcher.namespace) &&
      matchesLabels(watcher.labels, meta.labels) &&
      matchesFields(watcher.fields, event.object)
    );
  }

  private register(type: ResourceType) {
    const key = typeKeyOf(type);
    const versions = (this.types.get(key) ?? []).filter(
      v => v.version !== type.version,
    );
    this.types.set(key, [...versions, type]);
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

  private checkCrd(crd: any) {
    const spec = crd.spec ?? {};
    const expected = `${spec.names?.plural}.${spec.group}`;
    if (crd.metadata.name !== expected) {
      throw invalid(
        'CustomResourceDefinition',
        'apiextensions.k8s.io',
        crd.metadata.name,
        [
          {
            field: 'metadata.name',
            message: `Invalid value: "${crd.metadata.name}": must be spec.names.plural+"."+spec.group`,
          },
        ],
      );
    }
  }

  /**
   * Sets `obj.metadata.managedFields`: as server-side apply computed them, or
   * tracked as an Update by `options.fieldManager`. Malformed entries a client
   * sent are a 422 before anything is written.
   */
  private recordManagedFields(
    type: ResourceType,
    current: any,
    obj: any,
    options: WriteOptions & { subresource?: 'status' },
  ) {
    const sent = obj.metadata.managedFields;
    const causes = validateManagedFields(sent);
    if (causes.length)
      throw invalid(type.kind, type.group, obj.metadata.name, causes);
    const managedFields =
      options.managedFields ??
      managedFieldsAfterUpdate({
        type,
        before: current,
        after: obj,
        sent,
        manager: options.fieldManager,
        apiVersion: obj.apiVersion,
        subresource: options.subresource,
        time: now(),
      });
    if (managedFields) obj.metadata.managedFields = managedFields;
    else delete obj.metadata.managedFields;
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
    return convertObject(obj, apiVersionOf(type), (group, kind) => {
      const versions = this.allTypes().filter(
        t => t.group === group && t.kind === kind,
      );
      return versions[versions.length - 1]?.version;
    });
  }
}

/** Secrets take `stringData` as a convenience: it is folded into base64 `data`, as the real API server does. */
function normalise(type: ResourceType, obj: any) {
  if (type.kind === 'Secret' && obj.stringData) {
    obj.data = { ...obj.data };
    for (const [k, v] of Object.entries<string>(obj.stringData))
      obj.data[k] = Buffer.from(String(v)).toString('base64');
    delete obj.stringData;
  }
}

/** Equal objects, whatever their key order, resourceVersion aside. */
function sameContent(a: any, b: any): boolean {
  const canonical = (v: any): any => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.keys(v)
        .filter(k => v[k] !== undefined)
        .sort()
        .map(k => [k, canonical(v[k])]),
    );
  };
  const strip = (o: any) => ({
    ...o,
    metadata: { ...o.metadata, resourceVersion: undefined },
  });
  return (
    JSON.stringify(canonical(strip(a))) === JSON.stringify(canonical(strip(b)))
  );
}

function now() {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function randomSuffix() {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  return Array.from(
    { length: 5 },
    () => alphabet[Math.floor(Math.random() * alphabet.length)],
  ).join('');
}
