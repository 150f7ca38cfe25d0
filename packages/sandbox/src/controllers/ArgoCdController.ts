import { FleetRepoReader } from '../git/FleetRepoReader';
import { KubeApiServer } from '../kube/KubeApiServer';
import { ObjectStore, WatchEvent } from '../kube/ObjectStore';
import { mergePatch } from '../kube/patch';
import { admissionFor } from '../kube/customResources';
import { checkOwnWrite } from './ownWrites';
import {
  applicationWithStatus,
  autoSyncOperation,
  now,
  operationPhase,
  StatusReport,
  stripTime,
} from './applicationStatus';
import {
  decode,
  generateParams,
  renderApplication,
} from './applicationSetGenerators';
import { healthOfResources, resourceStatus } from './resourceStatus';
import { chartWithoutRevision, unrenderedSource } from './unrenderedSources';
import {
  DestinationCluster,
  isDestinationPermitted,
  isGroupKindPermitted,
  isSourcePermitted,
  ProjectSpec,
} from './appProject';
import {
  renderSource,
  UnrenderableSource,
} from '@arlon-backstage/plugin-arlon-common';

export const IN_CLUSTER = 'https://kubernetes.default.svc';
const TRACKING_LABEL = 'app.kubernetes.io/instance';
const RESOURCES_FINALIZERS = [
  'resources-finalizer.argocd.argoproj.io',
  'resources-finalizer.argocd.argoproj.io/foreground',
  'resources-finalizer.argocd.argoproj.io/background',
];

export interface ArgoCdControllerOptions {
  namespace: string;
  /** The fleet repository's clone URL and the bare repository behind it. */
  fleetRepoUrl: string;
  reader: FleetRepoReader;
  /** The management cluster's API server (destination `in-cluster`). */
  management: KubeApiServer;
  /** API servers by URL: how cluster Secrets' `server` reaches a workload cluster. */
  servers: Map<string, KubeApiServer>;
  /** How often to look for new commits and re-check every Application. */
  resyncMs: number;
  /**
   * A write of this controller's own that the API server refused (an
   * Application or ApplicationSet it could not create or update): a bug
   * here, which real ArgoCD would log. The sandbox records it in its EventLog.
   */
  onRefused?(kind: string, name: string, error: unknown): void;
}

/**
 * A stand-in for ArgoCD's application and ApplicationSet controllers. It
 * turns ApplicationSets (list, clusters and matrix generators) into
 * Applications, renders Applications whose source is a plain YAML directory or
 * a kustomization in the fleet repository, applies them to their destination
 * with automated sync and prune, reports sync, health and resources, and
 * honours the resources finalizer on deletion. Like ArgoCD, it holds every
 * Application to its AppProject: a source repository, destination or
 * resource kind the project does not permit is an InvalidSpecError (or a
 * failed sync) and nothing is applied. What it cannot render (Helm charts,
 * from Git or from a Helm repository, and other repositories) is applied
 * not at all and gets an honest ComparisonError condition, sync and health
 * Unknown.
 */
export class ArgoCdController {
  private readonly queue = new Set<string>();
  private readonly appsets = new Set<string>();
  private running = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void> = [];
  private lastHead = '';
  /** Destinations whose changes this controller follows (store → stop). */
  private readonly followed = new Map<ObjectStore, () => void>();

  constructor(private readonly options: ArgoCdControllerOptions) {}

  private get store(): ObjectStore {
    return this.options.management.store;
  }

  start() {
    const watch = (typeKey: string, send: (e: WatchEvent) => void) =>
      this.unsubscribe.push(
        this.store.watch(
          {
            typeKey,
            namespace: this.options.namespace,
            labels: [],
            fields: [],
            send,
          },
          undefined,
        ),
      );
    watch(
      'argoproj.io/applications',
      e => e.type !== 'DELETED' && this.enqueueApp(e.object.metadata.name),
    );
    watch('argoproj.io/applicationsets', e =>
      this.enqueueAppSet(e.object.metadata.name),
    );
    // A project that appears or changes may permit (or forbid) Applications.
    watch('argoproj.io/appprojects', () => this.enqueueAll());
    watch('/secrets', e => {
      if (
        e.object.metadata.labels?.['argocd.argoproj.io/secret-type'] ===
        'cluster'
      )
        this.enqueueAll();
    });
    this.enqueueAll();
    this.timer = setInterval(() => void this.resync(), this.options.resyncMs);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach(u => u());
    this.followed.forEach(stop => stop());
    this.followed.clear();
  }

  /**
   * Health follows the live status of what was applied, as ArgoCD's cluster
   * cache does: any change to an object carrying an Application's tracking
   * label in a destination (a workload controller's status write, a hand
   * edit, a deletion) re-checks that Application. Writes that change nothing
   * raise no event, so this settles.
   */
  private follow(store: ObjectStore) {
    if (this.followed.has(store)) return;
    this.followed.set(
      store,
      store.observe(e => {
        const app = e.object?.metadata?.labels?.[TRACKING_LABEL];
        if (app) this.enqueueApp(app);
      }),
    );
  }

  /** Resolves once nothing is queued or running: for tests and `startSandbox`. */
  async idle(): Promise<void> {
    while (this.running || this.queue.size || this.appsets.size)
      await new Promise(r => setTimeout(r, 10));
  }

  private async resync() {
    try {
      const head = await this.options.reader.resolve('HEAD');
      if (head !== this.lastHead) {
        this.lastHead = head;
        this.enqueueAll();
      }
    } catch {
      // an empty repository: nothing to do
    }
  }

  private enqueueAll() {
    for (const a of this.list('applicationsets'))
      this.enqueueAppSet(a.metadata.name);
    for (const a of this.list('applications')) this.enqueueApp(a.metadata.name);
  }

  private enqueueApp(name: string) {
    this.queue.add(name);
    this.kick();
  }

  private enqueueAppSet(name: string) {
    this.appsets.add(name);
    this.kick();
  }

  private kick() {
    if (this.running || this.stopped) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain() {
    try {
      while (!this.stopped && (this.appsets.size || this.queue.size)) {
        for (const name of [...this.appsets]) {
          this.appsets.delete(name);
          try {
            this.reconcileAppSet(name);
          } catch (error) {
            this.options.onRefused?.('ApplicationSet', name, error);
          }
        }
        for (const name of [...this.queue]) {
          this.queue.delete(name);
          await this.reconcileApp(name).catch(error =>
            this.options.onRefused?.('Application', name, error),
          );
        }
      }
    } finally {
      this.running = false;
    }
  }

  // ---- ApplicationSets ----

  private reconcileAppSet(name: string) {
    const appset = this.find('applicationsets', name);
    const appType = this.type('applications');
    const owned = this.list('applications').filter(a =>
      a.metadata.ownerReferences?.some(
        (o: any) => o.kind === 'ApplicationSet' && o.name === name,
      ),
    );
    if (!appset || appset.metadata.deletionTimestamp) {
      for (const app of owned)
        this.store.delete(appType, this.options.namespace, app.metadata.name);
      return;
    }
    const goTemplate = !!appset.spec.goTemplate;
    let desired: any[];
    try {
      desired = generateParams(appset.spec.generators ?? [], () =>
        this.clusterSecrets(),
      ).map(params =>
        renderApplication(appset, params, goTemplate, this.options.namespace),
      );
    } catch (error) {
      this.setAppSetStatus(
        appset,
        'False',
        'ApplicationGenerationFromParamsError',
        (error as Error).message,
      );
      return;
    }
    const names = new Set(desired.map(a => a.metadata.name));
    try {
      for (const app of desired) this.createOrUpdate(app);
    } catch (error) {
      // An Application the API server refuses (an invalid name from a
      // parameter, say): ArgoCD says so on the ApplicationSet.
      this.setAppSetStatus(
        appset,
        'False',
        'UpdateApplicationError',
        (error as Error).message,
      );
      return;
    }
    for (const app of owned)
      if (!names.has(app.metadata.name))
        this.store.delete(appType, this.options.namespace, app.metadata.name);
    this.setAppSetStatus(
      appset,
      'True',
      'ApplicationSetUpToDate',
      `All applications have been generated successfully (${desired.length})`,
    );
  }

  private createOrUpdate(app: any) {
    const appType = this.type('applications');
    const existing = this.find('applications', app.metadata.name);
    if (!existing) {
      checkOwnWrite(appType, app);
      this.store.create(appType, this.options.namespace, app);
    } else if (
      JSON.stringify(existing.spec) !== JSON.stringify(app.spec) ||
      JSON.stringify(existing.metadata.labels) !==
        JSON.stringify(app.metadata.labels)
    ) {
      const next = {
        ...existing,
        metadata: { ...existing.metadata, labels: app.metadata.labels },
        spec: app.spec,
      };
      checkOwnWrite(appType, next);
      this.store.update(
        appType,
        this.options.namespace,
        app.metadata.name,
        next,
      );
    }
  }

  private setAppSetStatus(
    appset: any,
    status: 'True' | 'False',
    reason: string,
    message: string,
  ) {
    // As the ApplicationSet controller sets them: an error is ErrorOccurred
    // True and ResourcesUpToDate False, with the same reason and message.
    const conditions =
      status === 'True'
        ? [{ type: 'ResourcesUpToDate', status, reason, message }]
        : [
            { type: 'ErrorOccurred', status: 'True', reason, message },
            { type: 'ResourcesUpToDate', status: 'False', reason, message },
          ];
    if (
      JSON.stringify(appset.status?.conditions?.map(stripTime)) ===
      JSON.stringify(conditions)
    )
      return;
    const stamped = conditions.map(c => ({ ...c, lastTransitionTime: now() }));
    const next = { ...appset, status: { conditions: stamped } };
    checkOwnWrite(this.type('applicationsets'), next);
    // Status is a subresource of ApplicationSets: a main-resource write would keep the old one.
    this.store.update(
      this.type('applicationsets'),
      this.options.namespace,
      appset.metadata.name,
      next,
      { subresource: 'status' },
    );
  }

  // ---- Applications ----

  private async reconcileApp(name: string) {
    const app = this.find('applications', name);
    if (!app) return;
    const target = this.destination(app.spec.destination);

    if (app.metadata.deletionTimestamp) {
      const finalizers: string[] = app.metadata.finalizers ?? [];
      if (target && finalizers.some(f => RESOURCES_FINALIZERS.includes(f))) {
        for (const r of app.status?.resources ?? [])
          this.deleteLive(target.store, r);
      }
      const rest = finalizers.filter(f => !RESOURCES_FINALIZERS.includes(f));
      // Another controller's finalizer holds the Application: nothing to write
      // (writing anyway would wake this reconcile again, forever).
      if (rest.length !== finalizers.length)
        this.write(app, { metadata: { finalizers: rest } });
      return;
    }

    const sources: any[] =
      app.spec.sources ?? (app.spec.source ? [app.spec.source] : []);
    const main = sources.find(s => !s.ref);
    if (!main) {
      this.setAppStatus(app, {
        condition: ['InvalidSpecError', 'the Application has no source'],
      });
      return;
    }
    const unversioned = chartWithoutRevision(main);
    if (unversioned) {
      this.setAppStatus(app, { condition: ['InvalidSpecError', unversioned] });
      return;
    }
    const project = this.projectProblem(app, sources);
    if (project) {
      this.setAppStatus(app, { condition: ['InvalidSpecError', project] });
      return;
    }
    const unrendered = unrenderedSource(main, this.options.fleetRepoUrl);
    if (unrendered) {
      this.setAppStatus(app, { condition: ['ComparisonError', unrendered] });
      return;
    }
    if (!target) {
      this.setAppStatus(app, {
        condition: [
          'InvalidSpecError',
          `Unable to find destination cluster: ${
            app.spec.destination?.name ?? app.spec.destination?.server
          }`,
        ],
      });
      return;
    }

    let commit: string;
    let desired: any[];
    try {
      commit = await this.options.reader.resolve(main.targetRevision ?? 'HEAD');
      desired = renderSource(
        await this.options.reader.files(commit),
        main.path ?? '',
        !!main.directory?.recurse,
      );
    } catch (error) {
      const message =
        error instanceof UnrenderableSource
          ? error.message
          : `unable to resolve '${main.targetRevision}': ${
              (error as Error).message.split('\n')[0]
            }`;
      this.setAppStatus(app, { condition: ['ComparisonError', message] });
      return;
    }

    this.follow(target.store);
    const destNs: string = app.spec.destination?.namespace ?? 'default';
    for (const o of desired) {
      const type = target.store.typeForKind(o.apiVersion, o.kind);
      if (type?.namespaced && !o.metadata.namespace)
        o.metadata.namespace = destNs;
      o.metadata.labels = {
        ...o.metadata.labels,
        [TRACKING_LABEL]: app.metadata.name,
      };
    }
    const automated = app.spec.syncPolicy?.automated;
    const requested = !!app.operation?.sync;
    let syncError: string | undefined;
    if (automated || requested) {
      syncError =
        this.resourceProblem(app, target.store, desired) ??
        this.apply(target.store, desired, destNs, app);
      if (!syncError && (automated?.prune || app.operation?.sync?.prune))
        this.prune(target.store, desired, app);
    }
    const resources = desired.map(o => resourceStatus(target.store, o));
    const synced = !syncError && resources.every(r => r.status === 'Synced');
    this.setAppStatus(app, {
      sync: synced ? 'Synced' : 'OutOfSync',
      health: healthOfResources(resources),
      revision: commit,
      resources,
      condition: syncError ? ['SyncError', syncError] : undefined,
      operated: automated || requested ? operationPhase(syncError) : undefined,
      // What ran, as ArgoCD records it (the CRD requires it in operationState).
      operation: requested ? app.operation : autoSyncOperation(app, commit),
      clearOperation: requested,
    });
  }

  /** The Application's project, as ArgoCD reads it (`default` when unset). */
  private project(app: any): { name: string; spec?: ProjectSpec } {
    const name: string = app.spec.project || 'default';
    try {
      const found = this.store.get(
        this.store.type('argoproj.io', 'appprojects')!,
        this.options.namespace,
        name,
      );
      return { name, spec: found.spec ?? {} };
    } catch {
      return { name };
    }
  }

  /** Why the project forbids this Application's sources or destination, as ArgoCD words it; undefined when it permits them. */
  private projectProblem(app: any, sources: any[]): string | undefined {
    const { name, spec } = this.project(app);
    if (!spec)
      return `Application referencing project ${name} which does not exist`;
    for (const source of sources) {
      if (!isSourcePermitted(spec, source.repoURL ?? ''))
        return `application repo ${source.repoURL} is not permitted in project '${name}'`;
    }
    const cluster = this.destinationCluster(app.spec.destination);
    const namespace = app.spec.destination?.namespace ?? '';
    if (cluster && !isDestinationPermitted(spec, cluster, namespace))
      return `application destination server '${cluster.server}' and namespace '${namespace}' do not match any of the allowed destinations in project '${name}'`;
    return undefined;
  }

  /** The first desired resource the project does not permit, as a sync error; nothing is applied then. */
  private resourceProblem(
    app: any,
    store: ObjectStore,
    desired: any[],
  ): string | undefined {
    const { name, spec } = this.project(app);
    const cluster = this.destinationCluster(app.spec.destination);
    if (!spec || !cluster) return undefined;
    for (const o of desired) {
      const group = o.apiVersion.includes('/')
        ? o.apiVersion.split('/')[0]
        : '';
      const namespaced = store.typeForKind(o.apiVersion, o.kind)?.namespaced;
      if (
        !isGroupKindPermitted(spec, group, o.kind, !!namespaced) ||
        (namespaced &&
          !isDestinationPermitted(spec, cluster, o.metadata.namespace))
      )
        return `resource ${group}:${o.kind} ${o.metadata.namespace ?? ''}/${
          o.metadata.name
        } is not permitted in project ${name}`;
    }
    return undefined;
  }

  /** Creates or updates every desired object; returns an error message, or undefined. */
  private apply(
    store: ObjectStore,
    desired: any[],
    destNs: string,
    app: any,
  ): string | undefined {
    if (
      (app.spec.syncPolicy?.syncOptions ?? []).includes('CreateNamespace=true')
    ) {
      const nsType = store.type('', 'namespaces')!;
      for (const ns of new Set([
        destNs,
        ...desired.map(o => o.metadata.namespace).filter(Boolean),
      ])) {
        try {
          store.create(nsType, undefined, { metadata: { name: ns } });
        } catch {
          // exists
        }
      }
    }
    for (const o of desired) {
      const type = store.typeForKind(o.apiVersion, o.kind);
      if (!type)
        return `The Kubernetes API could not find ${o.kind}.${
          o.apiVersion.split('/')[0]
        } for requested resource ${o.metadata.namespace ?? ''}/${
          o.metadata.name
        }. Make sure the CRD is installed on the destination cluster.`;
      // ArgoCD applies as kubectl does: the server validates, strictly unless Validate=false
      let admitted: any;
      try {
        admitted = admissionFor(store).admit(
          type,
          o,
          (app.spec.syncPolicy?.syncOptions ?? []).includes('Validate=false')
            ? 'Ignore'
            : 'Strict',
        ).object;
      } catch (error: any) {
        return `${o.kind} ${o.metadata.name}: ${error.message}`;
      }
      try {
        const live = store.get(type, o.metadata.namespace, o.metadata.name);
        const next = mergePatch(live, admitted) as any;
        if (JSON.stringify(next) !== JSON.stringify(live))
          store.update(type, o.metadata.namespace, o.metadata.name, {
            ...next,
            metadata: { ...next.metadata, resourceVersion: undefined },
          });
      } catch (error: any) {
        if (error?.code !== 404)
          return `${o.kind} ${o.metadata.name}: ${error.message}`;
        try {
          store.create(type, o.metadata.namespace, admitted);
        } catch (createError: any) {
          return `${o.kind} ${o.metadata.name}: ${createError.message}`;
        }
      }
    }
    return undefined;
  }

  private prune(store: ObjectStore, desired: any[], app: any) {
    const want = new Set(desired.map(key));
    for (const r of app.status?.resources ?? []) {
      if (
        !want.has(
          key({
            apiVersion: r.group ? `${r.group}/${r.version}` : r.version,
            kind: r.kind,
            metadata: { namespace: r.namespace, name: r.name },
          }),
        )
      )
        this.deleteLive(store, r);
    }
  }

  private deleteLive(store: ObjectStore, r: any) {
    const type = store.typeForKind(
      r.group ? `${r.group}/${r.version}` : r.version,
      r.kind,
    );
    if (!type) return;
    try {
      store.delete(type, r.namespace, r.name);
    } catch {
      // already gone
    }
  }

  private setAppStatus(app: any, report: StatusReport) {
    const next = applicationWithStatus(app, report);
    if (next) this.updateApp(next);
  }

  private write(app: any, patch: any) {
    this.updateApp(mergePatch(app, patch));
  }

  /** Writes an Application of this controller's, checked against the upstream CRD first. */
  private updateApp(next: any) {
    checkOwnWrite(this.type('applications'), next);
    this.store.update(
      this.type('applications'),
      this.options.namespace,
      next.metadata.name,
      { ...next, metadata: { ...next.metadata, resourceVersion: undefined } },
    );
  }

  /** The destination's server and name as ArgoCD knows the cluster, for project checks. */
  private destinationCluster(dest: any): DestinationCluster | undefined {
    if (dest?.server === IN_CLUSTER || dest?.name === 'in-cluster')
      return { server: IN_CLUSTER, name: 'in-cluster' };
    const data = this.destinationSecret(dest);
    return data && { server: data.server ?? '', name: data.name ?? '' };
  }

  /** A destination by server URL or by cluster name, through ArgoCD's cluster Secrets. */
  private destination(dest: any): KubeApiServer | undefined {
    const { management, servers } = this.options;
    if (dest?.server === IN_CLUSTER || dest?.name === 'in-cluster')
      return management;
    const data = this.destinationSecret(dest);
    if (!data) return undefined;
    const server = servers.get(data.server);
    const token = safeJson(data.config)?.bearerToken;
    return server && server.acceptsToken(token) ? server : undefined;
  }

  /** The decoded data of the cluster Secret a destination names (by server URL, else by name). */
  private destinationSecret(dest: any): Record<string, any> | undefined {
    for (const secret of this.clusterSecrets()) {
      const data = decode(secret.data);
      if (dest?.server ? data.server === dest.server : data.name === dest?.name)
        return data;
    }
    return undefined;
  }

  private clusterSecrets(): any[] {
    return this.store.list(
      this.store.type('', 'secrets')!,
      this.options.namespace,
      [{ op: 'eq', key: 'argocd.argoproj.io/secret-type', value: 'cluster' }],
    );
  }

  private type(plural: 'applications' | 'applicationsets') {
    return this.store.type('argoproj.io', plural)!;
  }

  private list(plural: 'applications' | 'applicationsets'): any[] {
    return this.store.list(this.type(plural), this.options.namespace);
  }

  private find(
    plural: 'applications' | 'applicationsets',
    name: string,
  ): any | undefined {
    try {
      return this.store.get(this.type(plural), this.options.namespace, name);
    } catch {
      return undefined;
    }
  }
}

function safeJson(text: string | undefined): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function key(o: any) {
  return `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}/${
    o.metadata.name
  }`;
}
