import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  ArlonKind,
  checkDefinitionName,
  chooseCapiVersion,
  compileOptionsOfGenerated,
  CompileOptions,
  DefinitionView,
  definitionViews,
  FleetEdit,
  planFleetEdit,
  ServedKinds,
  unservedClusterKinds,
} from '@arlon-backstage/plugin-arlon-common';
import type {
  FleetChange,
  FleetChangeResult,
  FleetRepository,
} from './FleetRepository';
import { InvalidDefinitionError } from './InvalidDefinitionError';

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
  ) {}

  /** Where ArgoCD reads the fleet: what every compile of it is given. */
  get compileOptions() {
    const config = this.repository.config!;
    return { repoUrl: config.url, revision: config.branch };
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

  /** Creates (must not exist), updates (must exist) or deletes a definition. */
  async write(
    op: 'create' | 'update' | 'delete',
    kind: ArlonKind,
    name: string,
    yaml: string | undefined,
    request: WriteRequest,
  ): Promise<FleetChangeResult> {
    // Before the repository is read or any path is built (a 400 naming the field).
    checkDefinitionName(name, 'metadata.name');
    return this.change(request, files => {
      const exists = definitionViews(files).some(
        v => v.kind === kind && v.name === name,
      );
      if (op === 'create' && exists)
        throw new ConflictError(
          `A ${kind} named "${name}" already exists; update it instead`,
        );
      if (op !== 'create' && !exists)
        throw new NotFoundError(
          `No ${kind} named "${name}" in the fleet repository`,
        );
      return [
        op === 'delete'
          ? { op: 'delete', kind, name }
          : { op: 'put', kind, name, yaml: yaml! },
      ];
    });
  }

  /** Applies a planned list of edits as one commit (e.g. a profile applied to many clusters). */
  async change(
    request: WriteRequest,
    /** Plans the edits on the head they will be committed on (replanned if another writer wins). */
    edits: (files: Record<string, string>, commit: string) => FleetEdit[],
  ): Promise<FleetChangeResult> {
    // Read before the repository's lock is taken: planning itself is synchronous.
    const served = await this.servedKinds();
    return this.repository.change(
      {
        message: request.message,
        author: request.author,
        mode: request.mode,
        branch: request.branch,
        plan: snapshot => {
          request.check?.(snapshot.files);
          const plan = planFleetEdit(
            snapshot.files,
            edits(snapshot.files, snapshot.commit),
            this.compileOptionsFor(snapshot.files, served),
          );
          if (plan.missing.length)
            throw new NotFoundError(
              `Not in the fleet repository: ${plan.missing.join(', ')}`,
            );
          const problems = plan.problems.length
            ? plan.problems
            : unservedClusterKinds(plan.changes, snapshot.files, served);
          if (problems.length) throw new InvalidDefinitionError(problems);
          return plan.changes;
        },
      },
      { dryRun: request.dryRun },
    );
  }
}
