import { ObjectStore } from '../kube/ObjectStore';
import {
  isDestinationPermitted,
  isGroupKindPermitted,
  isSourcePermitted,
  ProjectSpec,
} from './appProject';
import { ArgoCdStore } from './argoCdStore';
import { Destinations } from './destinations';

/**
 * An Application held to its AppProject, as ArgoCD holds it: sources and
 * destination before anything renders, every resource kind before anything
 * is applied. Problems are worded as ArgoCD words them.
 */
export class ApplicationProject {
  constructor(
    private readonly argo: ArgoCdStore,
    private readonly destinations: Destinations,
  ) {}

  /** The Application's project, as ArgoCD reads it (`default` when unset). */
  private project(app: any): { name: string; spec?: ProjectSpec } {
    const name: string = app.spec.project || 'default';
    try {
      const found = this.argo.store.get(
        this.argo.store.type('argoproj.io', 'appprojects')!,
        this.argo.namespace,
        name,
      );
      return { name, spec: found.spec ?? {} };
    } catch {
      return { name };
    }
  }

  /** Why the project forbids this Application's sources or destination, as ArgoCD words it; undefined when it permits them. */
  problem(app: any, sources: any[]): string | undefined {
    const { name, spec } = this.project(app);
    if (!spec)
      return `Application referencing project ${name} which does not exist`;
    for (const source of sources) {
      if (!isSourcePermitted(spec, source.repoURL ?? ''))
        return `application repo ${source.repoURL} is not permitted in project '${name}'`;
    }
    const cluster = this.destinations.cluster(app.spec.destination);
    const namespace = app.spec.destination?.namespace ?? '';
    if (cluster && !isDestinationPermitted(spec, cluster, namespace))
      return `application destination server '${cluster.server}' and namespace '${namespace}' do not match any of the allowed destinations in project '${name}'`;
    return undefined;
  }

  /** The first desired resource the project does not permit, as a sync error; nothing is applied then. */
  resourceProblem(
    app: any,
    store: ObjectStore,
    desired: any[],
  ): string | undefined {
    const { name, spec } = this.project(app);
    const cluster = this.destinations.cluster(app.spec.destination);
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
}
