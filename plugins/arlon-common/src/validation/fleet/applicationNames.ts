// Application names: the Applications the compiler will generate are unique, fit a label, and spare the bootstrap's name.
import { generatedBundleName } from '../../library/library';
import type { Fleet } from '../../model/Fleet';
import { MAX_NAME_LENGTH } from '../../model/names';
import type { SourceDocument } from '../../model/parseDocuments';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

/** The bootstrap Application's name: no cluster or bundle Application may take it. */
const BOOTSTRAP_APPLICATION = 'arlon-fleet';

/**
 * The Applications the compiler will generate must not share a name: a
 * built cluster's root Application is `<cluster>`, and every bundle a
 * cluster gets from its profiles becomes `<cluster>-<bundle>` (so cluster
 * `a-b` and cluster `a` with bundle `b` would fight over one Application).
 * ArgoCD puts the Application's name in a label on everything it deploys,
 * so it must also fit a label value: 63 characters.
 */
export function applicationNameProblems(fleet: Fleet): Problem[] {
  const problems: Problem[] = [];
  const origins = new Map<
    string,
    Array<{
      /** Which generated object: the same bundle from two profiles is one (reported on its own). */
      id: string;
      what: () => string;
      source: SourceDocument;
      path: PropertyKey[];
    }>
  >();
  // Runs for every Application of the fleet (30,000 at 10,000 clusters) on
  // every commit: the words are only built for the few that collide.
  const add = (
    app: string,
    id: string,
    what: () => string,
    source: SourceDocument,
    path: PropertyKey[],
  ) => {
    const list = origins.get(app);
    const origin = { id, what, source, path };
    if (list) list.push(origin);
    else origins.set(app, [origin]);
  };

  for (const { object, source } of fleet.clusters.values()) {
    const cluster = object.metadata.name;
    if (!object.spec.external)
      add(
        cluster,
        `root/${cluster}`,
        () => `the root Application of cluster "${cluster}"`,
        source,
        ['metadata', 'name'],
      );
    (object.spec.profiles ?? []).forEach((profile, i) => {
      for (const bundle of fleet.profiles.get(profile)?.object.spec.bundles ??
        []) {
        if (!bundle) continue;
        const app = `${cluster}-${generatedBundleName(bundle)}`;
        const path = ['spec', 'profiles', i];
        if (app.length > MAX_NAME_LENGTH) {
          problems.push(
            at(
              source,
              path,
              `the Application "${app}" (cluster "${cluster}", bundle "${bundle}" of profile "${profile}") is ${app.length} characters; ArgoCD needs at most ${MAX_NAME_LENGTH}`,
              'Shorten the cluster or the bundle name.',
            ),
          );
        }
        add(
          app,
          `bundle/${cluster}/${bundle}`,
          () =>
            `the Application of bundle "${bundle}" (profile "${profile}") on cluster "${cluster}"`,
          source,
          path,
        );
      }
    });
  }
  for (const [app, list] of origins) {
    if (app === BOOTSTRAP_APPLICATION) {
      for (const o of list)
        problems.push(
          at(
            o.source,
            o.path,
            `${o.what()} would be named "${app}", the fleet's bootstrap Application`,
            'Rename the cluster or the bundle.',
          ),
        );
      continue;
    }
    if (list.length < 2 || new Set(list.map(o => o.id)).size < 2) continue;
    // Two ids at least, so every origin has another to name.
    for (const o of list) {
      const others = [
        ...new Set(list.filter(x => x.id !== o.id).map(x => x.what())),
      ];
      problems.push(
        at(
          o.source,
          o.path,
          `${o.what()} and ${others.join(
            ' and ',
          )} would both be the ArgoCD Application "${app}"`,
          'Rename one of the clusters or bundles: generated Application names must be unique.',
        ),
      );
    }
  }
  return problems;
}
