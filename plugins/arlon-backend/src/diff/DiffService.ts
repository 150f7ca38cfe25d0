import {
  InputError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import {
  bundlesOf,
  compareRendered,
  DiffReport,
  DiffSection,
  DiffTarget,
  PortalDiffTarget,
  describeTarget,
  Fleet,
  makeReport,
  mapLimit,
  Rendered,
  renderBundles,
  section,
  validateFleet,
} from '@internal/backstage-plugin-arlon-common';
import {
  ArlonLimits,
  compareClusters,
  DEFAULT_LIMITS,
  findAndCompare,
  FleetRepository,
  preflight,
} from '@internal/backstage-plugin-arlon-node';
import { workloadFailure } from '../workloadFailure';
import type { WorkloadClusters } from './WorkloadClusters';

export interface CompareRequest {
  left: PortalDiffTarget;
  right: PortalDiffTarget;
  /** For cluster against cluster: only this bundle's objects. */
  bundle?: string;
  /** Pre-flight with a server-side dry-run apply when the cluster allows it (default true). */
  serverSide?: boolean;
}

type Definition = Extract<DiffTarget, { kind: 'bundle' | 'profile' }>;
type ClusterTarget = Extract<DiffTarget, { kind: 'cluster' }>;

/**
 * Runs the comparisons users asked for, reading definitions from the fleet
 * repository's head and live state from the clusters: definition against
 * definition, pre-flight of a definition on a cluster (in either order), a
 * definition against every cluster, and cluster against cluster.
 */
export class DiffService {
  constructor(
    private readonly fleetRepository: FleetRepository,
    private readonly clusters: WorkloadClusters,
    private readonly now: () => Date = () => new Date(),
    /** How many clusters one comparison may read, and how many at a time (arlon.limits). */
    private readonly limits: Pick<
      ArlonLimits,
      'diffMaxClusters' | 'diffConcurrency'
    > = DEFAULT_LIMITS,
  ) {}

  async compare(request: CompareRequest): Promise<DiffReport> {
    const { left, right } = request;
    const snapshot = await this.fleetRepository.read();
    const { fleet } = validateFleet(snapshot.files);
    for (const t of [left, right]) requireDefined(fleet, t);
    const title = `${describeTarget(left)} → ${describeTarget(right)}`;
    const sections = await this.sections(fleet, request, title);
    return makeReport(left, right, sections, this.now());
  }

  private async sections(
    fleet: Fleet,
    { left, right, bundle, serverSide }: CompareRequest,
    title: string,
  ): Promise<DiffSection[]> {
    const render = (t: Definition) => this.render(fleet, t);
    if (isDefinition(left) && isDefinition(right))
      return [compareRendered(title, render(left), render(right))];
    if (left.kind === 'cluster' && right.kind === 'cluster')
      return [
        await this.clusterAgainstCluster(fleet, left, right, bundle, title),
      ];
    const definition = [left, right].find(isDefinition);
    const other = definition === left ? right : left;
    if (definition && other.kind === 'cluster')
      return [
        await this.preflight(fleet, definition, other.name, title, serverSide),
      ];
    if (definition && other.kind === 'allClusters') {
      const names = [...fleet.clusters.keys()].sort();
      const { diffMaxClusters, diffConcurrency } = this.limits;
      if (names.length > diffMaxClusters)
        throw new InputError(
          `right: comparing ${describeTarget(
            definition,
          )} with every cluster would read ${
            names.length
          } clusters, more than the ${diffMaxClusters} one comparison may read (arlon.limits.diffMaxClusters). Compare it with one cluster at a time, or ask an administrator to raise the limit.`,
        );
      const rendered = render(definition);
      // A bounded number of clusters at a time: each one is several requests.
      return mapLimit(names, diffConcurrency, name =>
        this.inEveryCluster(rendered, definition, name),
      );
    }
    throw new InputError(
      `Cannot compare ${describeTarget(left)} with ${describeTarget(
        right,
      )}: compare a bundle or profile with a bundle, a profile, a cluster or every cluster, or a cluster with a cluster`,
    );
  }

  private render(fleet: Fleet, target: Definition): Rendered {
    const bundles =
      target.kind === 'bundle' ? [target.name] : bundlesOf(fleet, target);
    return renderBundles(fleet, bundles, this.fleetRepository.config?.url);
  }

  private preflight(
    fleet: Fleet,
    definition: Definition,
    cluster: string,
    title: string,
    serverSide?: boolean,
  ) {
    const rendered = this.render(fleet, definition);
    const bundles = [...new Set(rendered.objects.map(r => r.bundle))];
    return reading(async () =>
      preflight(title, rendered, await this.clusters.get(cluster), {
        serverSide,
        tracked: this.clusters.tracked(cluster, bundles),
      }),
    );
  }

  /**
   * Live against live for the objects of `bundle`, or of every bundle either
   * cluster gets: those rendered from Git plus those ArgoCD tracks (so Helm
   * bundles, which are not rendered here, are compared too).
   */
  private clusterAgainstCluster(
    fleet: Fleet,
    left: ClusterTarget,
    right: ClusterTarget,
    bundle: string | undefined,
    title: string,
  ): Promise<DiffSection> {
    if (bundle && !fleet.bundles.has(bundle))
      throw new NotFoundError(
        `There is no bundle ${bundle} in the fleet repository`,
      );
    const bundles = bundle
      ? [bundle]
      : [...new Set([...bundlesOf(fleet, left), ...bundlesOf(fleet, right)])];
    const rendered = renderBundles(
      fleet,
      bundles,
      this.fleetRepository.config?.url,
    );
    const tracked = [left, right].flatMap(c =>
      this.clusters
        .tracked(c.name, bundles)
        .map(t => ({ bundle: t.bundle, object: t.ref as any })),
    );
    const refs: Rendered = {
      objects: [...rendered.objects, ...tracked],
      // Helm bundles ArgoCD tracks are compared through what it tracks.
      notes: tracked.length ? [] : rendered.notes,
    };
    return reading(async () =>
      compareClusters(
        title,
        refs,
        await this.clusters.get(left.name),
        await this.clusters.get(right.name),
      ),
    );
  }

  /** One cluster of many: one that cannot be read becomes a section with the error, not a failed report. */
  private async inEveryCluster(
    rendered: Rendered,
    definition: Definition,
    cluster: string,
  ): Promise<DiffSection> {
    const title = `${describeTarget(definition)} in cluster ${cluster}`;
    try {
      return await findAndCompare(
        title,
        rendered,
        await this.clusters.get(cluster),
      );
    } catch (error) {
      return section({
        title,
        cluster,
        method: 'client-side',
        notes: [],
        error: readFailure(error),
        objects: [],
      });
    }
  }
}

/** Reads live state; a cluster that fails to answer is a 503 that says which and why. */
async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBackstageError(error)) throw error;
    throw new ServiceUnavailableError(
      `A cluster could not be read: ${readFailure(error)}`,
    );
  }
}

/**
 * Why a cluster could not be read, in words a user can act on: status,
 * error code and our own refusals only, never what the server or the socket
 * said (workloadFailure).
 */
function readFailure(error: unknown): string {
  return workloadFailure(error);
}

function isBackstageError(error: unknown) {
  return error instanceof NotFoundError || error instanceof InputError;
}

function isDefinition(t: DiffTarget): t is Definition {
  return t.kind === 'bundle' || t.kind === 'profile';
}

function requireDefined(fleet: Fleet, t: PortalDiffTarget) {
  const known = {
    bundle: fleet.bundles,
    profile: fleet.profiles,
    cluster: fleet.clusters,
  };
  if (t.kind !== 'allClusters' && !known[t.kind].has(t.name))
    throw new NotFoundError(
      `There is no valid ${t.kind} named ${t.name} in the fleet repository`,
    );
}
