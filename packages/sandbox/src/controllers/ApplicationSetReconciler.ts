import { checkOwnWrite } from './ownWrites';
import { now, stripTime } from './applicationStatus';
import { generateParams, renderApplication } from './applicationSetGenerators';
import { ArgoCdStore } from './argoCdStore';

/**
 * ArgoCD's ApplicationSet controller, one ApplicationSet at a time: its
 * generators' parameter sets become owned Applications (created, updated,
 * and deleted when no longer generated), and the outcome is its conditions.
 */
export class ApplicationSetReconciler {
  constructor(private readonly argo: ArgoCdStore) {}

  reconcile(name: string) {
    const { argo } = this;
    const appset = argo.find('applicationsets', name);
    const appType = argo.type('applications');
    const owned = argo
      .list('applications')
      .filter(a =>
        a.metadata.ownerReferences?.some(
          (o: any) => o.kind === 'ApplicationSet' && o.name === name,
        ),
      );
    if (!appset || appset.metadata.deletionTimestamp) {
      for (const app of owned)
        argo.store.delete(appType, argo.namespace, app.metadata.name);
      return;
    }
    const goTemplate = !!appset.spec.goTemplate;
    let desired: any[];
    try {
      desired = generateParams(appset.spec.generators ?? [], () =>
        argo.clusterSecrets(),
      ).map(params =>
        renderApplication(appset, params, goTemplate, argo.namespace),
      );
    } catch (error) {
      this.setStatus(
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
      this.setStatus(
        appset,
        'False',
        'UpdateApplicationError',
        (error as Error).message,
      );
      return;
    }
    for (const app of owned)
      if (!names.has(app.metadata.name))
        argo.store.delete(appType, argo.namespace, app.metadata.name);
    this.setStatus(
      appset,
      'True',
      'ApplicationSetUpToDate',
      `All applications have been generated successfully (${desired.length})`,
    );
  }

  private createOrUpdate(app: any) {
    const { argo } = this;
    const appType = argo.type('applications');
    const existing = argo.find('applications', app.metadata.name);
    if (!existing) {
      checkOwnWrite(appType, app);
      argo.store.create(appType, argo.namespace, app);
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
      argo.store.update(appType, argo.namespace, app.metadata.name, next);
    }
  }

  private setStatus(
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
    const type = this.argo.type('applicationsets');
    checkOwnWrite(type, next);
    // Status is a subresource of ApplicationSets: a main-resource write would keep the old one.
    this.argo.store.update(
      type,
      this.argo.namespace,
      appset.metadata.name,
      next,
      { subresource: 'status' },
    );
  }
}
