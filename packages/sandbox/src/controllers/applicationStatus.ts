/** What one reconcile found for an Application, as its status reports it. */
export interface StatusReport {
  sync?: string;
  health?: string;
  revision?: string;
  resources?: any[];
  condition?: [string, string];
  operated?: 'Succeeded' | 'Failed';
  operation?: object;
  clearOperation?: boolean;
}

/**
 * The Application to write for `report`, or undefined when its status
 * already says the same (times aside): an unchanged status is not written,
 * so a reconcile woken by its own write settles.
 */
export function applicationWithStatus(
  app: any,
  s: StatusReport,
): any | undefined {
  const status = {
    sync: {
      status: s.sync ?? 'Unknown',
      ...(s.revision ? { revision: s.revision } : {}),
      comparedTo: {
        source: app.spec.source ?? app.spec.sources?.[0],
        destination: app.spec.destination,
      },
    },
    health: { status: s.health ?? 'Unknown' },
    resources: s.resources ?? [],
    conditions: s.condition
      ? [{ type: s.condition[0], message: s.condition[1] }]
      : [],
    ...operationStateOf(s, app.status?.operationState),
  };
  const comparable = (x: any) =>
    JSON.stringify({
      ...x,
      reconciledAt: undefined,
      conditions: x?.conditions?.map(stripTime),
      operationState: x?.operationState && {
        ...x.operationState,
        startedAt: undefined,
        finishedAt: undefined,
      },
    });
  if (!s.clearOperation && comparable(app.status) === comparable(status))
    return undefined;
  const stamp = now();
  const next = {
    ...app,
    status: {
      ...status,
      reconciledAt: stamp,
      conditions: status.conditions.map(c => ({
        ...c,
        lastTransitionTime: stamp,
      })),
      ...(status.operationState && s.operated
        ? {
            operationState: {
              ...status.operationState,
              startedAt: stamp,
              finishedAt: stamp,
            },
          }
        : {}),
    },
  };
  if (s.clearOperation) delete next.operation;
  return next;
}

export function stripTime(c: any) {
  return { ...c, lastTransitionTime: undefined };
}

/** Now, as Kubernetes writes a time (seconds, no fraction). */
export function now() {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The operation ArgoCD's automated sync runs (appcontroller.go autoSync):
 * the compared source(s) at the resolved revision, the policy's prune and
 * sync options, initiated by automation, retried up to 5 times by default.
 */
export function autoSyncOperation(app: any, revision: string) {
  const policy = app.spec.syncPolicy ?? {};
  return {
    sync: {
      ...(app.spec.sources
        ? { sources: app.spec.sources, revisions: [revision] }
        : { source: app.spec.source, revision }),
      prune: !!policy.automated?.prune,
      ...(policy.syncOptions ? { syncOptions: policy.syncOptions } : {}),
    },
    initiatedBy: { automated: true },
    retry: policy.retry ?? { limit: 5 },
  };
}

export function operationPhase(
  syncError: string | undefined,
): 'Succeeded' | 'Failed' {
  return syncError ? 'Failed' : 'Succeeded';
}

/** The last sync operation: the one just run, else the previous one. */
function operationStateOf(s: StatusReport, previous: unknown) {
  if (s.operated) {
    const message =
      s.operated === 'Succeeded'
        ? 'successfully synced (all tasks run)'
        : s.condition?.[1] ?? 'sync failed';
    return {
      operationState: {
        operation: s.operation,
        phase: s.operated,
        message,
        syncResult: { revision: s.revision },
      } as any,
    };
  }
  return previous ? { operationState: previous as any } : {};
}
