import { NotFoundError } from '@backstage/errors';
import {
  ArlonKind,
  chooseCapiVersion,
  compileOptionsOfGenerated,
  CompileOptions,
  type ManagementClusterNames,
  DefinitionView,
  FleetEdit,
  type FleetValidationCache,
  planFleetEdit,
  ServedKinds,
  unservedClusterKinds,
} from '@arlon-backstage/plugin-arlon-common';
import type {
  FleetChange,
  FleetChangeResult,
  FleetRepository,
} from './FleetRepository';
import type { FileChanges, FleetSnapshot } from './FleetCheckout';
import { InvalidDefinitionError } from './InvalidDefinitionError';
import { DefinitionWrites } from '../operations/DefinitionWrites';
import type { DefinitionOp } from '../operations/DefinitionWrites.plan';

export interface WriteRequest {
  message: string;
  author: { name: string; email: string };
  dryRun?: boolean;
  /**
   * Runs on the head the change is planned on, before the edits (and again
   * if another writer wins): the place for permission checks that depend on
   * what the fleet holds, e.g. the owner of the definition being changed.
   */
  check?: (files: Record<string, string>) => void;
  /** Commit or propose whatever `writeMode` says, and from which branch (FleetChange). */
  mode?: FleetChange['mode'];
  branch?: string;
}

/**
 * What a change plans on the head it is committed on: its edits, or its
 * edits and a value the caller gets back with the result (e.g. the clusters
 * a selector matched on that head).
 *
 * @public
 */
export type FleetPlan<T = void> = (
  files: Record<string, string>,
  commit: string,
) => FleetEdit[] | { edits: FleetEdit[]; value: T };

/**
 * Bundles, profiles, cluster specs and clusters as the fleet repository holds
 * them. Every write is validated against the whole fleet, compiled, checked
 * against what the management clusters serve, and committed as one change
 * with what it generates.
 */
export class FleetDefinitions {
  constructor(
    private readonly repository: FleetRepository,
    /**
     * The Cluster API kinds the management clusters building the fleet
     * serve (see ServedClusterKinds): a cluster whose manifests need another
     * is refused before it is committed, not failed by Cluster API later.
     */
    private readonly servedKinds: () => Promise<ServedKinds[]> = async () => [],
    /**
     * The configured management clusters (ManagementClusters.placementNames):
     * every write checks `spec.managementCluster` against them.
     */
    private readonly managementClusters?: ManagementClusterNames,
  ) {}

  /** Where ArgoCD reads the fleet: what every compile of it is given. */
  get compileOptions(): CompileOptions {
    const config = this.repository.config!;
    return {
      repoUrl: config.url,
      revision: config.branch,
      ...(this.managementClusters
        ? { managementClusters: this.managementClusters }
        : {}),
    };
  }

  /**
   * What `files` are compiled with: where ArgoCD reads the fleet, and the
   * Cluster API version the management clusters building it serve (v1beta2
   * when all that answer do), or, when none answers, the version the tree
   * was last compiled with (docs/decisions.md, "Cluster API v1beta2").
   */
  compileOptionsFor(
    files: Record<string, string>,
    served: ServedKinds[],
  ): CompileOptions {
    return {
      ...this.compileOptions,
      // What profiles' `<library>/<bundle>` are validated and compiled against.
      ...(this.repository.libraries
        ? { libraries: this.repository.libraries.catalog() }
        : {}),
      capiVersion: chooseCapiVersion(
        served.map(s => s.served),
        compileOptionsOfGenerated(files).options?.capiVersion,
      ),
    };
  }

  /** compileOptionsFor with what the management clusters serve now. */
  async currentCompileOptions(
    files: Record<string, string>,
  ): Promise<CompileOptions> {
    return this.compileOptionsFor(files, await this.servedKinds());
  }

  /**
   * The repository's validation cache, for plans that validate the head
   * themselves (e.g. to match a selector): the same result as without it,
   * and files unchanged since the last validation are not parsed again.
   */
  get validationCache(): FleetValidationCache | undefined {
    return this.repository.validationContext?.().cache;
  }

  /** The library repositories as last read (arlon.libraries); undefined when none are configured. */
  libraryCatalog() {
    return this.repository.libraries?.catalog();
  }

  /** The head of the fleet repository: its commit and files. */
  read() {
    return this.repository.read();
  }

  async list(
    kind: ArlonKind,
  ): Promise<{ commit: string; items: DefinitionView[] }> {
    // Held definitions (broken at the head) are shown from their last good
    // commit with what holds them, so a typo does not make a cluster vanish.
    const { snapshot, views } = await this.repository.lastKnownGood();
    return {
      commit: snapshot.commit,
      items: views.filter(v => v.kind === kind),
    };
  }

  async get(kind: ArlonKind, name: string): Promise<DefinitionView> {
    const { items } = await this.list(kind);
    const found = items.find(i => i.name === name);
    if (!found)
      throw new NotFoundError(
        `No ${kind} named "${name}" in the fleet repository`,
      );
    return found;
  }

  /**
   * Creates (must not exist), updates (must exist) or deletes a definition:
   * the operation DefinitionWrites holds, for callers that have only this.
   */
  async write(
    op: DefinitionOp,
    kind: ArlonKind,
    name: string,
    yaml: string | undefined,
    request: WriteRequest,
  ): Promise<FleetChangeResult> {
    return new DefinitionWrites(this).write(op, kind, name, yaml, request);
  }

  /**
   * Applies a planned list of edits as one commit (e.g. a profile applied to
   * many clusters). The plan may return a value with its edits (the clusters
   * it matched, the cluster it built): the result carries the value of the
   * plan that was committed, replanned if another writer won.
   */
  async change<T = void>(
    request: WriteRequest,
    /** Plans the edits on the head they will be committed on (replanned if another writer wins). */
    plan: FleetPlan<T>,
  ): Promise<FleetChangeResult & { value: T }> {
    // Read before the repository's lock is taken: planning itself is synchronous.
    const served = await this.servedKinds();
    // The value of the last plan run: the one on the head that was committed.
    let value!: T;
    const result = await this.repository.change(
      {
        message: request.message,
        author: request.author,
        mode: request.mode,
        branch: request.branch,
        plan: snapshot => {
          const planned = this.planOn(snapshot, plan, served, request.check);
          value = planned.value;
          return planned.changes;
        },
      },
      { dryRun: request.dryRun },
    );
    return { ...result, value };
  }

  /**
   * Validates and compiles planned edits against the head without
   * committing (the same checks as `change`, one fetch, no commit): what an
   * operation asks before it does something outside Git, such as registering
   * a cluster in ArgoCD. Throws as `change` would; returns the plan's value
   * and the commit it was checked on.
   */
  async check<T = void>(
    request: Pick<WriteRequest, 'check'>,
    plan: FleetPlan<T>,
  ): Promise<{ parent: string; value: T }> {
    const served = await this.servedKinds();
    const snapshot = await this.repository.read();
    const { value } = this.planOn(snapshot, plan, served, request.check);
    return { parent: snapshot.commit, value };
  }

  /** The file changes of a plan on one head: checked, validated, compiled, served. */
  private planOn<T>(
    snapshot: FleetSnapshot,
    plan: FleetPlan<T>,
    served: ServedKinds[],
    check: WriteRequest['check'],
  ): { changes: FileChanges; value: T } {
    check?.(snapshot.files);
    const planned = plan(snapshot.files, snapshot.commit);
    const { edits, value } = Array.isArray(planned)
      ? { edits: planned, value: undefined as T }
      : planned;
    const compiled = planFleetEdit(
      snapshot.files,
      edits,
      this.compileOptionsFor(snapshot.files, served),
      // Shared with last known good and the profile labels: validating the
      // plan parses only the files it edits, and validating the commit it
      // becomes parses none.
      this.validationCache,
    );
    if (compiled.missing.length)
      throw new NotFoundError(
        `Not in the fleet repository: ${compiled.missing.join(', ')}`,
      );
    const problems = compiled.problems.length
      ? compiled.problems
      : unservedClusterKinds(compiled.changes, snapshot.files, served);
    if (problems.length) throw new InvalidDefinitionError(problems);
    return { changes: compiled.changes, value };
  }
}
