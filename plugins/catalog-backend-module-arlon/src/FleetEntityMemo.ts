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
  private remembered = new Map<string, Remembered>();
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
    const seen = new Set<string>();
    const next = new Map<string, Remembered>();
    const result: Array<Remembered | undefined> = [];
    const missed: number[] = [];
    // The inputs of each view missed, kept for what is remembered of it.
    const missedInputs: unknown[][] = [];
    named.forEach((view, i) => {
      const key = `${view.file}\0${view.kind}\0${view.name}`;
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
        const view = named[i];
        const entity = built[j];
        const made: Remembered = {
          entity,
          json: JSON.stringify(entity),
          inputs: missedInputs[j],
        };
        result[i] = made;
        const key = `${view.file}\0${view.kind}\0${view.name}`;
        if (!next.has(key)) next.set(key, made);
      });
    }
    this.remembered = next;
    return result.map(r => ({ entity: r!.entity, json: r!.json }));
  }
}

/** What an entity is made from, compared item by item with `===`. */
function inputsOf(
  view: DefinitionView,
  specs: Map<string, unknown>,
  facts: (cluster: string) => ClusterFacts | undefined,
): unknown[] {
  const inputs: unknown[] = [
    view.line,
    view.definition,
    JSON.stringify(view.problems),
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
