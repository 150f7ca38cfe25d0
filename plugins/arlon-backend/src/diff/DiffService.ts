import {
  InputError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import {
  arlonResourceOf,
  bundlesOf,
  type CompareRequest,
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
} from '@arlon-backstage/plugin-arlon-common';
import {
  ArlonLimits,
  compareClusters,
  DEFAULT_LIMITS,
  DefinitionDecision,
  findAndCompare,
  FleetRepository,
  preflight,
} from '@arlon-backstage/plugin-arlon-node';
import { workloadFailure } from '../workloadFailure';
import type { WorkloadClusters } from '@arlon-backstage/plugin-arlon-node';

/**
 * Who compares: the policy's answer to `arlon.definition.read` (conditions
 * included) and the owner of definitions that name none. A comparison reads
 * definitions, so it shows only what the caller may read.
 */
export interface DefinitionReader {
  read: DefinitionDecision;
  defaultOwner: string;
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

  async compare(
    request: CompareRequest,
    reader: DefinitionReader,
  ): Promise<DiffReport> {
    const { left, right, bundle } = request;
    const snapshot = await this.fleetRepository.read();
    const { fleet } = validateFleet(snapshot.files, {
      libraries: this.fleetRepository.libraries?.catalog(),
    });
    for (const t of [left, right]) requireDefined(fleet, t);
    // Owners as committed in the snapshot compared: no window between the
    // check and the read.
    reader.read.require(
      [
        ...[left, right].flatMap(t => resourcesOf(fleet, t, reader)),
        ...(bundle && fleet.bundles.has(bundle)
          ? [resourceOf(fleet.bundles.get(bundle)!.object, reader)]
          : []),
      ],
      'compare definitions you may not read',
    );
    const title = `${describeTarget(left)} → ${describeTarget(right)}`;
    const sections = await this.sections(fleet, request, title, reader);
    return makeReport(left, right, sections, this.now());
  }

  private async sections(
    fleet: Fleet,
    { left, right, bundle, serverSide }: CompareRequest,
    title: string,
    reader: DefinitionReader,
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
      // Clusters the caller may not read are left out, as the lists leave
      // them out, and a section says how many (never which).
      const all = [...fleet.clusters];
      const names = all
        .filter(([, c]) => reader.read.allows(resourceOf(c.object, reader)))
        .map(([name]) => name)
        .sort();
      const hidden = all.length - names.length;
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
      const sections = await mapLimit(names, diffConcurrency, name =>
        this.inEveryCluster(rendered, definition, name),
      );
      return hidden
        ? [...sections, leftOut(hidden, reader.read.permission.name)]
        : sections;
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
        error: workloadFailure(error),
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
      `A cluster could not be read: ${workloadFailure(error)}`,
    );
  }
}

function isBackstageError(error: unknown) {
  return error instanceof NotFoundError || error instanceof InputError;
}

/** The section that says how many clusters an every-cluster comparison left out. */
function leftOut(count: number, permission: string): DiffSection {
  const clusters = count === 1 ? '1 cluster' : `${count} clusters`;
  return section({
    title: `${clusters} you may not read`,
    method: 'client-side',
    notes: [
      `${clusters} of the fleet ${
        count === 1 ? 'was' : 'were'
      } left out: you may not read ${
        count === 1 ? 'it' : 'them'
      } (permission ${permission}); ask an owner or an Arlon admin`,
    ],
    objects: [],
  });
}

function resourceOf(
  object: Parameters<typeof arlonResourceOf>[0],
  { defaultOwner }: DefinitionReader,
) {
  return arlonResourceOf(object, defaultOwner);
}

/** The definition a named target reads (every cluster is filtered, not required). */
function resourcesOf(
  fleet: Fleet,
  t: PortalDiffTarget,
  reader: DefinitionReader,
) {
  const known = {
    bundle: fleet.bundles,
    profile: fleet.profiles,
    cluster: fleet.clusters,
  };
  if (t.kind === 'allClusters') return [];
  const located = known[t.kind].get(t.name);
  return located ? [resourceOf(located.object, reader)] : [];
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
