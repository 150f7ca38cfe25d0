import { FleetRepoReader } from '../git/FleetRepoReader';
import { mergePatch } from '../kube/patch';
import { checkOwnWrite } from './ownWrites';
import {
  applicationWithStatus,
  autoSyncOperation,
  operationPhase,
  StatusReport,
} from './applicationStatus';
import { healthOfResources, resourceStatus } from './resourceStatus';
import { chartWithoutRevision, unrenderedSource } from './unrenderedSources';
import {
  renderSource,
  UnrenderableSource,
} from '@arlon-backstage/plugin-arlon-common';
import { ArgoCdStore } from './argoCdStore';
import { Destinations } from './destinations';
import { ApplicationProject } from './applicationProject';
import { applyDesired, deleteLive, prune } from './applicationSync';
import { HealthFollower, TRACKING_LABEL } from './healthFollower';

const RESOURCES_FINALIZERS = [
  'resources-finalizer.argocd.argoproj.io',
  'resources-finalizer.argocd.argoproj.io/foreground',
  'resources-finalizer.argocd.argoproj.io/background',
];

/**
 * ArgoCD's application controller, one Application at a time: render its
 * source from the fleet repository, hold it to its project, sync it to its
 * destination (automated, or when an operation asks), report sync, health
 * and resources, and honour the resources finalizer on deletion.
 */
export class ApplicationReconciler {
  private readonly project: ApplicationProject;

  constructor(
    private readonly argo: ArgoCdStore,
    private readonly destinations: Destinations,
    private readonly health: HealthFollower,
    private readonly repo: { fleetRepoUrl: string; reader: FleetRepoReader },
  ) {
    this.project = new ApplicationProject(argo, destinations);
  }

  async reconcile(name: string) {
    const app = this.argo.find('applications', name);
    if (!app) return;
    const target = this.destinations.server(app.spec.destination);

    if (app.metadata.deletionTimestamp) {
      const finalizers: string[] = app.metadata.finalizers ?? [];
      if (target && finalizers.some(f => RESOURCES_FINALIZERS.includes(f))) {
        for (const r of app.status?.resources ?? [])
          deleteLive(target.store, r);
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
      this.setStatus(app, {
        condition: ['InvalidSpecError', 'the Application has no source'],
      });
      return;
    }
    const unversioned = chartWithoutRevision(main);
    if (unversioned) {
      this.setStatus(app, { condition: ['InvalidSpecError', unversioned] });
      return;
    }
    const project = this.project.problem(app, sources);
    if (project) {
      this.setStatus(app, { condition: ['InvalidSpecError', project] });
      return;
    }
    const unrendered = unrenderedSource(main, this.repo.fleetRepoUrl);
    if (unrendered) {
      this.setStatus(app, { condition: ['ComparisonError', unrendered] });
      return;
    }
    if (!target) {
      this.setStatus(app, {
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
      commit = await this.repo.reader.resolve(main.targetRevision ?? 'HEAD');
      desired = renderSource(
        await this.repo.reader.files(commit),
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
      this.setStatus(app, { condition: ['ComparisonError', message] });
      return;
    }

    this.health.follow(target.store);
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
        this.project.resourceProblem(app, target.store, desired) ??
        applyDesired(target.store, desired, destNs, app);
      if (!syncError && (automated?.prune || app.operation?.sync?.prune))
        prune(target.store, desired, app);
    }
    const resources = desired.map(o => resourceStatus(target.store, o));
    const synced = !syncError && resources.every(r => r.status === 'Synced');
    this.setStatus(app, {
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

  private setStatus(app: any, report: StatusReport) {
    const next = applicationWithStatus(app, report);
    if (next) this.update(next);
  }

  private write(app: any, patch: any) {
    this.update(mergePatch(app, patch));
  }

  /** Writes an Application of this controller's, checked against the upstream CRD first. */
  private update(next: any) {
    const type = this.argo.type('applications');
    checkOwnWrite(type, next);
    this.argo.store.update(type, this.argo.namespace, next.metadata.name, {
      ...next,
      metadata: { ...next.metadata, resourceVersion: undefined },
    });
  }
}
