// Application names: the Applications the compiler will generate are unique, fit a label, and spare the bootstrap's name.
import { generatedBundleName } from '../../library/library';
import type { Fleet } from '../../model/Fleet';
import { MAX_NAME_LENGTH } from '../../model/names';
import type { SourceDocument } from '../../model/parseDocuments';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

/** The bootstrap Application's name: no cluster or bundle Application may take it. */
const BOOTSTRAP_APPLICATION = 'arlon-fleet';

/** Where a generated Application comes from: a cluster's root, or a bundle of one of its profiles. */
interface Origin {
  cluster: string;
  source: SourceDocument;
  /** The profile's place in `spec.profiles`; -1 for the cluster's root Application. */
  profileIndex: number;
  profile?: string;
  bundle?: string;
}

/** Which generated object: the same bundle from two profiles is one (reported on its own). */
const idOf = (o: Origin) =>
  o.profileIndex < 0 ? `root/${o.cluster}` : `bundle/${o.cluster}/${o.bundle}`;

const what = (o: Origin) =>
  o.profileIndex < 0
    ? `the root Application of cluster "${o.cluster}"`
    : `the Application of bundle "${o.bundle}" (profile "${o.profile}") on cluster "${o.cluster}"`;

const pathOf = (o: Origin): PropertyKey[] =>
  o.profileIndex < 0
    ? ['metadata', 'name']
    : ['spec', 'profiles', o.profileIndex];

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
  // Runs for every Application of the fleet (30,000 at 10,000 clusters) on
  // every commit: each name keeps only its first origin, a plain record, and
  // lists are made (and words built) only for the few names that collide.
  const first = new Map<string, Origin>();
  const collided = new Map<string, Origin[]>();
  const add = (app: string, origin: Origin) => {
    const known = first.get(app);
    if (known === undefined) first.set(app, origin);
    else {
      const list = collided.get(app);
      if (list) list.push(origin);
      else collided.set(app, [known, origin]);
    }
  };

  for (const { object, source } of fleet.clusters.values()) {
    const cluster = object.metadata.name;
    if (!object.spec.external)
      add(cluster, { cluster, source, profileIndex: -1 });
    const profiles = object.spec.profiles ?? [];
    for (let i = 0; i < profiles.length; i++) {
      const profile = profiles[i];
      for (const bundle of fleet.profiles.get(profile)?.object.spec.bundles ??
        []) {
        if (!bundle) continue;
        const app = `${cluster}-${generatedBundleName(bundle)}`;
        if (app.length > MAX_NAME_LENGTH) {
          problems.push(
            at(
              source,
              ['spec', 'profiles', i],
              `the Application "${app}" (cluster "${cluster}", bundle "${bundle}" of profile "${profile}") is ${app.length} characters; ArgoCD needs at most ${MAX_NAME_LENGTH}`,
              'Shorten the cluster or the bundle name.',
            ),
          );
        }
        add(app, { cluster, source, profileIndex: i, profile, bundle });
      }
    }
  }
  if (collided.size === 0 && !first.has(BOOTSTRAP_APPLICATION)) return problems;
  // In the order the names were first generated, as every problem list is.
  for (const [app, origin] of first) {
    const list = collided.get(app) ?? [origin];
    if (app === BOOTSTRAP_APPLICATION) {
      for (const o of list)
        problems.push(
          at(
            o.source,
            pathOf(o),
            `${what(
              o,
            )} would be named "${app}", the fleet's bootstrap Application`,
            'Rename the cluster or the bundle.',
          ),
        );
      continue;
    }
    if (list.length < 2 || new Set(list.map(idOf)).size < 2) continue;
    // Two ids at least, so every origin has another to name.
    for (const o of list) {
      const others = [
        ...new Set(list.filter(x => idOf(x) !== idOf(o)).map(what)),
      ];
      problems.push(
        at(
          o.source,
          pathOf(o),
          `${what(o)} and ${others.join(
            ' and ',
          )} would both be the ArgoCD Application "${app}"`,
          'Rename one of the clusters or bundles: generated Application names must be unique.',
        ),
      );
    }
  }
  return problems;
}
