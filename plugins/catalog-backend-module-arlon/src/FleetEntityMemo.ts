import type { Entity } from '@backstage/catalog-model';
import {
  ClusterSpec,
  DefinitionView,
  isDefinitionName,
  Cluster,
} from '@arlon-backstage/plugin-arlon-common';
import {
  ClusterFacts,
  fleetEntities,
  FleetEntityOptions,
} from './fleetEntities';

/** An entity with the JSON the provider compares to find what changed. */
export interface BuiltEntity {
  entity: Entity;
  json: string;
  /** entityRefOf(entity), made once per entity built. */
  ref: string;
}

interface Remembered extends BuiltEntity {
  inputs: unknown[];
}

/**
 * fleetEntities, rebuilding only the entities whose inputs changed since the
 * last build: a commit that changes one definition of 13,000 builds one
 * entity. An entity is a pure function of its view, its cluster spec (for a
 * cluster), its live facts and the options; a view's definition is the very
 * object parsed from its file's text (FleetValidationCache), so an unchanged
 * file gives the same object and `===` says "unchanged" without comparing.
 * Results equal fleetEntities' (FleetEntityMemo.test.ts checks it over
 * random histories).
 */
export class FleetEntityMemo {
  /**
   * By the view's definition object: the parse of its file's text, the same
   * object while the file is unchanged. Keyed by identity, so a build of
   * 13,000 views makes no key strings to hash.
   */
  private remembered = new Map<object, Remembered>();
  private options?: FleetEntityOptions;

  build(
    views: DefinitionView[],
    facts: (cluster: string) => ClusterFacts | undefined,
    options: FleetEntityOptions,
  ): BuiltEntity[] {
    // Other options (a new repository URL, a second ArgoCD): start over.
    if (options !== this.options) this.remembered.clear();
    this.options = options;
    // One answer per cluster per build, for the inputs and the entity alike.
    const known = new Map<string, ClusterFacts | undefined>();
    const factsOf = (name: string) => {
      if (!known.has(name)) known.set(name, facts(name));
      return known.get(name);
    };
    const specViews = views.filter(v => v.kind === 'ClusterSpec');
    // The spec fleetEntities gives a cluster: the last view of that name.
    const specs = new Map(specViews.map(v => [v.name, v.definition]));
    const named = views.filter(v => isDefinitionName(v.name));
    const next = new Map<object, Remembered>();
    const seen = new Set<object>();
    const result: Array<Remembered | undefined> = [];
    const missed: number[] = [];
    // The inputs of each view missed, kept for what is remembered of it.
    const missedInputs: unknown[][] = [];
    named.forEach((view, i) => {
      const key = view.definition as object;
      const inputs = inputsOf(view, specs, factsOf);
      const before = seen.has(key) ? undefined : this.remembered.get(key);
      seen.add(key);
      if (before && sameInputs(before.inputs, inputs)) {
        result.push(before);
        next.set(key, before);
      } else {
        result.push(undefined);
        missed.push(i);
        missedInputs.push(inputs);
      }
    });
    if (missed.length) {
      // Every cluster spec rides along, so clusters see the specs they would.
      const built = fleetEntities(
        [...missed.map(i => named[i]), ...specViews],
        factsOf,
        options,
      );
      missed.forEach((i, j) => {
        const entity = built[j];
        const made: Remembered = {
          entity,
          json: JSON.stringify(entity),
          ref: entityRefOf(entity),
          inputs: missedInputs[j],
        };
        result[i] = made;
        const key = named[i].definition as object;
        if (!next.has(key)) next.set(key, made);
      });
    }
    this.remembered = next;
    return result.map(r => ({ entity: r!.entity, json: r!.json, ref: r!.ref }));
  }
}

/** The ref the provider keys what the catalog has from it by. */
export function entityRefOf(e: Entity) {
  return `resource:${e.metadata.namespace ?? 'default'}/${e.metadata.name}`;
}

/** What an entity is made from, compared item by item with `===`. */
function inputsOf(
  view: DefinitionView,
  specs: Map<string, unknown>,
  facts: (cluster: string) => ClusterFacts | undefined,
): unknown[] {
  const inputs: unknown[] = [
    view.file,
    view.kind,
    view.name,
    view.line,
    view.definition,
    view.problems.length ? JSON.stringify(view.problems) : '',
    JSON.stringify(view.held),
  ];
  if (view.kind === 'Cluster') {
    const clusterSpec = (view.definition as Cluster).spec?.clusterSpec;
    inputs.push(
      clusterSpec ? (specs.get(clusterSpec) as ClusterSpec) : undefined,
      JSON.stringify(facts(view.name)),
    );
  }
  return inputs;
}

function sameInputs(a: unknown[], b: unknown[]) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
