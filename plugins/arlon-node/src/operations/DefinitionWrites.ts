import {
  ArlonKind,
  ArlonObject,
  checkDefinitionName,
  FleetEdit,
} from '@arlon-backstage/plugin-arlon-common';
import type { FleetDefinitions, WriteRequest } from '../fleet/FleetDefinitions';
import type { FleetChangeResult } from '../fleet/FleetRepository';
import {
  DefinitionOp,
  planCreateOnce,
  planDefinitionWrite,
  SameDefinition,
} from './DefinitionWrites.plan';

/**
 * A definition a create plans on the head (a clone reads its source there).
 *
 * @public
 */
export interface DefinitionToCreate<T extends ArlonObject> {
  /** The definition to write, as it should read in the repository. */
  definition: T;
  /** Whether an existing definition counts as this one (default: deep equality). */
  same?: SameDefinition;
  /** Edits that go with the definition, planned on the same head (a bundle's inline manifests). */
  with?: (files: Record<string, string>) => FleetEdit[];
}

/**
 * Creating, updating and deleting bundles, profiles, cluster specs and
 * clusters: the one operation the REST routes (definitionsRouter) and the
 * software templates' create and clone actions both call. Permission checks
 * stay with the caller (they differ in who asks), and run before this is
 * called or, for what depends on the head, as `request.check`.
 *
 * @public
 */
export class DefinitionWrites {
  constructor(private readonly definitions: FleetDefinitions) {}

  /** Creates (must not exist), updates (must exist) or deletes a definition given as YAML. */
  async write(
    op: DefinitionOp,
    kind: ArlonKind,
    name: string,
    yaml: string | undefined,
    request: WriteRequest,
  ): Promise<FleetChangeResult> {
    // Before the repository is read or any path is built (a 400 naming the field).
    checkDefinitionName(name, 'metadata.name');
    return this.definitions.change(request, files =>
      planDefinitionWrite(files, op, kind, name, yaml),
    );
  }

  /**
   * Creates a definition so that running the same create again is no
   * change (a template's step may be re-run); a different definition under
   * its name is a conflict. Returns the definition as planned on the head
   * the change was committed on (replanned if another writer won).
   */
  async createOnce<T extends ArlonObject>(
    request: WriteRequest,
    plan: (
      files: Record<string, string>,
      commit: string,
    ) => DefinitionToCreate<T>,
  ): Promise<FleetChangeResult & { definition: T }> {
    const { value: definition, ...result } = await this.definitions.change(
      request,
      (files, commit) => {
        const planned = plan(files, commit);
        return {
          edits: [
            ...planCreateOnce(files, planned.definition, planned.same),
            ...(planned.with?.(files) ?? []),
          ],
          value: planned.definition,
        };
      },
    );
    return { ...result, definition };
  }
}
