import {
  Fleet,
  FleetFiles,
  inlineBundleFolder,
  KIND_FOLDERS,
  Located,
} from '../model/Fleet';
import {
  definitionNameProblem,
  MAX_NAME_LENGTH,
  reservedClusterNameProblem,
} from '../model/names';
import { parseDocuments, SourceDocument } from '../model/parseDocuments';
import {
  ArlonKind,
  ArlonObject,
  BundleSourceKind,
  BundleValues,
  ClusterSpecSpec,
} from '../model/types';
import { findProvider, PROVIDERS } from '../providers/catalog';
import {
  providerFieldProblems,
  removedProvider,
} from '../providers/providerFields';
import { closeNames } from './closeNames';
import { formatFieldPath, Problem, sortProblems } from './Problem';
import { validateObject } from './validateObject';

/** The ways a bundle names its manifests, in the order problems list them. */
const SOURCE_KINDS: readonly BundleSourceKind[] = [
  'inline',
  'git',
  'helmRepository',
];

const DEFINITION =
  /^arlon\/(bundles|profiles|clusterspecs|clusters)\/[^/]+\.ya?ml$/;
/** The bootstrap Application's name: no cluster or bundle Application may take it. */
const BOOTSTRAP_APPLICATION = 'arlon-fleet';

/**
 * Validates a whole fleet repository and returns every problem at once, each
 * located at its file, line and field. Only definitions without problems of
 * their own make it into `fleet`, so the compiler never sees a broken one.
 */
export function validateFleet(files: FleetFiles): {
  fleet: Fleet;
  problems: Problem[];
} {
  const problems: Problem[] = [];
  const fleet: Fleet = {
    bundles: new Map(),
    profiles: new Map(),
    clusterSpecs: new Map(),
    clusters: new Map(),
    files,
  };
  const byKind: Record<ArlonKind, Map<string, Located<any>>> = {
    Bundle: fleet.bundles,
    Profile: fleet.profiles,
    ClusterSpec: fleet.clusterSpecs,
    Cluster: fleet.clusters,
  };

  const at = (
    source: SourceDocument,
    path: PropertyKey[],
    message: string,
    hint?: string,
  ): Problem => ({
    file: source.file,
    ...source.locate(path),
    field: formatFieldPath(path),
    message,
    hint,
  });

  // Names whose definitions exist but are broken: references to them are not
  // reported again (the definition's own problems say what is wrong).
  const brokenNames = new Set<string>();
  const isBroken = (kind: ArlonKind, name: string) =>
    brokenNames.has(`${kind}/${name}`);

  // 1. Each definition on its own: syntax, schema, folder.
  const candidates: Located<ArlonObject>[] = [];
  for (const file of Object.keys(files).sort()) {
    if (!DEFINITION.test(file)) {
      // YAML under arlon/ that is not where a kind lives would be silently
      // ignored: say so instead.
      if (/^arlon\/.*\.ya?ml$/.test(file))
        problems.push({
          file,
          line: 1,
          column: 1,
          field: '',
          message: `${file} is not where definitions live, so it is not read`,
          hint: `Definitions live directly in ${Object.values(
            KIND_FOLDERS,
          ).join('/, ')}/ as <name>.yaml; move it there, or remove it.`,
        });
      continue;
    }
    const parsed = parseDocuments(file, files[file]);
    const fileBase = /([^/]+)\.ya?ml$/.exec(file)![1];
    const baseProblem = definitionNameProblem(fileBase);
    if (baseProblem) {
      problems.push({
        file,
        line: 1,
        column: 1,
        field: '',
        message: `the file name "${fileBase}" is not a definition name: it ${baseProblem}`,
        hint: 'Name the file after the definition it holds, <metadata.name>.yaml.',
      });
    }
    problems.push(...parsed.problems);
    if (parsed.problems.length) {
      // Unreadable YAML: assume the file holds what its folder and name say.
      const [, folder, base] = /^arlon\/([^/]+)\/([^/]+)\.ya?ml$/.exec(file)!;
      const kind = (Object.keys(KIND_FOLDERS) as ArlonKind[]).find(
        k => KIND_FOLDERS[k] === `arlon/${folder}`,
      );
      if (kind) brokenNames.add(`${kind}/${base}`);
    }
    for (const source of parsed.documents) {
      const { object, problems: own } = validateObject(source);
      problems.push(...own);
      if (!object) {
        const v = source.value as any;
        if (
          typeof v?.kind === 'string' &&
          typeof v?.metadata?.name === 'string'
        ) {
          brokenNames.add(`${v.kind}/${v.metadata.name}`);
        }
        continue;
      }
      const folder = KIND_FOLDERS[object.kind];
      if (!file.startsWith(`${folder}/`)) {
        problems.push(
          at(
            source,
            ['kind'],
            `a ${object.kind} does not belong in ${file.slice(
              0,
              file.lastIndexOf('/'),
            )}/`,
            `Move it to ${folder}/.`,
          ),
        );
        continue;
      }
      if (
        !baseProblem &&
        parsed.documents.length === 1 &&
        object.metadata.name !== fileBase
      ) {
        problems.push(
          at(
            source,
            ['metadata', 'name'],
            `the ${object.kind} is named "${object.metadata.name}", but its file is ${fileBase}.yaml`,
            `Rename the file to ${folder}/${object.metadata.name}.yaml, or the definition to "${fileBase}".`,
          ),
        );
        continue;
      }
      if (object.kind === 'Cluster') {
        const reserved = reservedClusterNameProblem(object.metadata.name);
        if (reserved) {
          problems.push(
            at(
              source,
              ['metadata', 'name'],
              reserved,
              'Choose another name: a cluster names its root Application and its namespace on the management cluster.',
            ),
          );
          continue;
        }
      }
      candidates.push({ object, source });
    }
  }

  // 2. Names are unique per kind.
  for (const located of candidates) {
    const map = byKind[located.object.kind];
    const name = located.object.metadata.name;
    const first = map.get(name);
    if (first) {
      problems.push(
        at(
          located.source,
          ['metadata', 'name'],
          `a second ${located.object.kind} named "${name}"`,
          `${first.source.file}:${
            first.source.locate(['metadata', 'name']).line
          } already defines it; rename one of them.`,
        ),
      );
      continue;
    }
    map.set(name, located);
  }

  // 3. References between definitions, and rules that need the catalog.
  for (const { object, source } of fleet.bundles.values()) {
    const given: Record<string, unknown> = { ...object.spec.source };
    const named = SOURCE_KINDS.filter(kind => given[kind]);
    if (named.length > 1) {
      problems.push(
        at(
          source,
          ['spec', 'source'],
          `a bundle has one source, inline, git or helmRepository; this one names ${named.join(
            ' and ',
          )}`,
          `Keep one of ${named.map(k => `spec.source.${k}`).join(', ')}.`,
        ),
      );
    } else if (named.length === 0) {
      problems.push(
        at(
          source,
          ['spec', 'source'],
          'a bundle needs a source: inline, git or helmRepository',
          `Add spec.source.inline: {} with manifests in ${inlineBundleFolder(
            object.metadata.name,
          )}/, spec.source.git with repoUrl, path, revision and type, or spec.source.helmRepository with repoUrl, chart and version.`,
        ),
      );
    } else if ('inline' in object.spec.source && object.spec.source.inline) {
      const folder = `${inlineBundleFolder(object.metadata.name)}/`;
      if (
        !Object.keys(files).some(
          f => f.startsWith(folder) && /\.ya?ml$/.test(f),
        )
      ) {
        problems.push(
          at(
            source,
            ['spec', 'source', 'inline'],
            `inline bundle "${object.metadata.name}" has no manifests in ${folder}`,
            `Add the bundle's YAML manifests under ${folder}.`,
          ),
        );
      }
    }
    const seen = new Set<string>();
    (object.spec.parameters ?? []).forEach((p, i) => {
      if (seen.has(p.name))
        problems.push(
          at(
            source,
            ['spec', 'parameters', i, 'name'],
            `parameter "${p.name}" is declared twice`,
            'Remove one of them.',
          ),
        );
      seen.add(p.name);
    });
  }

  for (const { object, source } of fleet.profiles.values()) {
    const listed = new Set<string>();
    // A comma-separated string has no per-entry position: point at the field.
    const asList = Array.isArray((source.value as any)?.spec?.bundles);
    object.spec.bundles.forEach((bundle, i) => {
      const path = ['spec', 'bundles', ...(asList ? [i] : [])];
      if (bundle === '') {
        problems.push(
          at(
            source,
            path,
            `bundle entry ${i + 1} is empty`,
            'Remove the empty entry (look for a stray comma or dash).',
          ),
        );
      } else if (listed.has(bundle)) {
        problems.push(
          at(
            source,
            path,
            `bundle "${bundle}" is listed twice`,
            'List each bundle once.',
          ),
        );
      } else if (!fleet.bundles.has(bundle) && !isBroken('Bundle', bundle)) {
        problems.push(
          at(
            source,
            path,
            `bundle "${bundle}" does not exist`,
            hintForName(bundle, fleet.bundles, 'bundle', KIND_FOLDERS.Bundle),
          ),
        );
      }
      listed.add(bundle);
    });
    checkValues(
      object.spec.values,
      listed,
      `profile "${object.metadata.name}"`,
      source,
      fleet,
      problems,
      at,
    );
  }

  for (const { object, source } of fleet.clusterSpecs.values()) {
    checkClusterSpec(object.spec, source, ['spec'], problems, at);
  }

  for (const { object, source } of fleet.clusters.values()) {
    const spec = object.spec;
    if (spec.external && spec.clusterSpec) {
      problems.push(
        at(
          source,
          ['spec', 'external'],
          'a cluster is either external (imported) or built from a clusterSpec, not both',
          'Remove spec.external or spec.clusterSpec.',
        ),
      );
    } else if (!spec.external && !spec.clusterSpec) {
      problems.push(
        at(
          source,
          ['spec'],
          'a cluster needs spec.clusterSpec, or spec.external for an imported cluster',
          'Name the ClusterSpec it is built from.',
        ),
      );
    } else if (
      spec.clusterSpec &&
      !fleet.clusterSpecs.has(spec.clusterSpec) &&
      !isBroken('ClusterSpec', spec.clusterSpec)
    ) {
      problems.push(
        at(
          source,
          ['spec', 'clusterSpec'],
          `cluster spec "${spec.clusterSpec}" does not exist`,
          hintForName(
            spec.clusterSpec,
            fleet.clusterSpecs,
            'cluster spec',
            KIND_FOLDERS.ClusterSpec,
          ),
        ),
      );
    }
    if (spec.external && (spec.mode || spec.clonedFrom)) {
      problems.push(
        at(
          source,
          ['spec', spec.mode ? 'mode' : 'clonedFrom'],
          'an external cluster has no spec to link or clone',
          'Remove spec.mode and spec.clonedFrom.',
        ),
      );
    }
    if (spec.mode === 'cloned' && !spec.clonedFrom) {
      problems.push(
        at(
          source,
          ['spec', 'mode'],
          'a cloned cluster needs spec.clonedFrom (the revision and frozen copy of its spec)',
          'Clone it through the portal or `arlon`, which record both; or use mode: linked.',
        ),
      );
    }
    if (spec.clonedFrom && spec.mode !== 'cloned') {
      problems.push(
        at(
          source,
          ['spec', 'clonedFrom'],
          'spec.clonedFrom is only read for mode: cloned',
          'Set mode: cloned, or remove clonedFrom to follow the spec.',
        ),
      );
    }
    if (spec.clonedFrom)
      checkClusterSpec(
        spec.clonedFrom.spec,
        source,
        ['spec', 'clonedFrom', 'spec'],
        problems,
        at,
      );

    const bundles = new Set<string>();
    const bundleFrom = new Map<string, string>();
    const seenProfiles = new Set<string>();
    // A broken profile's bundles are unknown: its values cannot be checked yet.
    let profileUnknown = false;
    (spec.profiles ?? []).forEach((profile, i) => {
      if (seenProfiles.has(profile)) {
        problems.push(
          at(
            source,
            ['spec', 'profiles', i],
            `profile "${profile}" is listed twice`,
            'List each profile once.',
          ),
        );
      }
      seenProfiles.add(profile);
      const found = fleet.profiles.get(profile);
      if (!found && isBroken('Profile', profile)) {
        profileUnknown = true;
        return;
      }
      if (!found) {
        problems.push(
          at(
            source,
            ['spec', 'profiles', i],
            `profile "${profile}" does not exist`,
            hintForName(
              profile,
              fleet.profiles,
              'profile',
              KIND_FOLDERS.Profile,
            ),
          ),
        );
        return;
      }
      for (const b of found.object.spec.bundles) {
        const other = bundleFrom.get(b);
        if (other && other !== profile) {
          // Both ApplicationSets would emit the Application <cluster>-<bundle>.
          problems.push(
            at(
              source,
              ['spec', 'profiles', i],
              `bundle "${b}" comes from both profile "${other}" and profile "${profile}"`,
              'A cluster may get each bundle from one profile only; remove it from one of them.',
            ),
          );
        }
        bundleFrom.set(b, profile);
        bundles.add(b);
      }
    });
    if (!profileUnknown)
      checkValues(
        spec.values,
        bundles,
        `the profiles of cluster "${object.metadata.name}"`,
        source,
        fleet,
        problems,
        at,
      );
  }

  problems.push(...applicationNameProblems(fleet, at));

  // Drop definitions that have problems of their own, so compiling never sees them.
  const broken = new Set(problems.map(p => p.file));
  for (const map of Object.values(byKind)) {
    for (const [name, located] of map)
      if (broken.has(located.source.file)) map.delete(name);
  }
  return { fleet, problems: sortProblems(problems) };
}

/**
 * The Applications the compiler will generate must not share a name: a
 * built cluster's root Application is `<cluster>`, and every bundle a
 * cluster gets from its profiles becomes `<cluster>-<bundle>` (so cluster
 * `a-b` and cluster `a` with bundle `b` would fight over one Application).
 * ArgoCD puts the Application's name in a label on everything it deploys,
 * so it must also fit a label value: 63 characters.
 */
function applicationNameProblems(fleet: Fleet, at: At): Problem[] {
  const problems: Problem[] = [];
  const origins = new Map<
    string,
    Array<{
      /** Which generated object: the same bundle from two profiles is one (reported on its own). */
      id: string;
      what: string;
      source: SourceDocument;
      path: PropertyKey[];
    }>
  >();
  const add = (
    app: string,
    id: string,
    what: string,
    source: SourceDocument,
    path: PropertyKey[],
  ) =>
    origins.set(app, [...(origins.get(app) ?? []), { id, what, source, path }]);

  for (const { object, source } of fleet.clusters.values()) {
    const cluster = object.metadata.name;
    if (!object.spec.external)
      add(
        cluster,
        `root/${cluster}`,
        `the root Application of cluster "${cluster}"`,
        source,
        ['metadata', 'name'],
      );
    (object.spec.profiles ?? []).forEach((profile, i) => {
      for (const bundle of fleet.profiles.get(profile)?.object.spec.bundles ??
        []) {
        if (!bundle) continue;
        const app = `${cluster}-${bundle}`;
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
            `${o.what} would be named "${app}", the fleet's bootstrap Application`,
            'Rename the cluster or the bundle.',
          ),
        );
      continue;
    }
    if (new Set(list.map(o => o.id)).size < 2) continue;
    for (const o of list) {
      const others = [
        ...new Set(list.filter(x => x.id !== o.id).map(x => x.what)),
      ];
      if (others.length === 0) continue;
      problems.push(
        at(
          o.source,
          o.path,
          `${o.what} and ${others.join(
            ' and ',
          )} would both be the ArgoCD Application "${app}"`,
          'Rename one of the clusters or bundles: generated Application names must be unique.',
        ),
      );
    }
  }
  return problems;
}

type At = (
  source: SourceDocument,
  path: PropertyKey[],
  message: string,
  hint?: string,
) => Problem;

function checkValues(
  values: BundleValues | undefined,
  bundles: Set<string>,
  owner: string,
  source: SourceDocument,
  fleet: Fleet,
  problems: Problem[],
  at: At,
) {
  for (const [bundle, params] of Object.entries(values ?? {})) {
    if (!bundles.has(bundle)) {
      problems.push(
        at(
          source,
          ['spec', 'values', bundle],
          `values for bundle "${bundle}", which is not in ${owner}`,
          `Add "${bundle}" to the profile's bundles, or remove these values.`,
        ),
      );
      continue;
    }
    const declared = fleet.bundles
      .get(bundle)
      ?.object.spec.parameters?.map(p => p.name);
    if (!declared) continue; // the bundle itself is reported missing
    for (const param of Object.keys(params)) {
      if (!declared.includes(param)) {
        problems.push(
          at(
            source,
            ['spec', 'values', bundle, param],
            `bundle "${bundle}" declares no parameter "${param}"`,
            declared.length
              ? `Its parameters are: ${declared.join(', ')}.`
              : `Declare it under spec.parameters of bundle "${bundle}" first.`,
          ),
        );
      }
    }
  }
}

function checkClusterSpec(
  spec: ClusterSpecSpec,
  source: SourceDocument,
  base: PropertyKey[],
  problems: Problem[],
  at: At,
) {
  const provider = findProvider(spec.provider);
  const removed = provider ? undefined : removedProvider(spec.provider);
  if (removed) {
    problems.push(
      at(source, [...base, 'provider'], removed.message, removed.hint),
    );
  } else if (!provider) {
    problems.push(
      at(
        source,
        [...base, 'provider'],
        `unknown provider "${spec.provider}"`,
        `Use one of ${PROVIDERS.map(p => p.id).join(
          ', ',
        )} (see \`arlon providers\`).`,
      ),
    );
  } else {
    const type = provider.clusterTypes[spec.type];
    if (!type) {
      problems.push(
        at(
          source,
          [...base, 'type'],
          `provider "${spec.provider}" has no cluster type "${spec.type}"`,
          `Use one of ${Object.keys(provider.clusterTypes).join(', ')}.`,
        ),
      );
    } else {
      // Each at its field's line (or the nearest line above a missing one).
      for (const p of providerFieldProblems(spec, provider, spec.type, type))
        problems.push(at(source, [...base, ...p.path], p.message, p.hint));
    }
  }
  const workerless = !!provider?.clusterTypes[spec.type]?.noNodePools;
  if (spec.nodePools.length === 0 && !workerless) {
    problems.push(
      at(
        source,
        [...base, 'nodePools'],
        'a cluster spec needs at least one node pool',
        'Add a pool with name, machineType and replicas.',
      ),
    );
  }
  const names = new Set<string>();
  spec.nodePools.forEach((pool, i) => {
    if (names.has(pool.name))
      problems.push(
        at(
          source,
          [...base, 'nodePools', i, 'name'],
          `node pool "${pool.name}" is defined twice`,
          'Give each pool its own name.',
        ),
      );
    names.add(pool.name);
    if (pool.autoscaling && pool.autoscaling.min > pool.autoscaling.max) {
      problems.push(
        at(
          source,
          [...base, 'nodePools', i, 'autoscaling', 'min'],
          `autoscaling min (${pool.autoscaling.min}) is above max (${pool.autoscaling.max})`,
          'Make min at most max.',
        ),
      );
    }
    if (
      pool.autoscaling &&
      (pool.replicas < pool.autoscaling.min ||
        pool.replicas > pool.autoscaling.max)
    ) {
      problems.push(
        at(
          source,
          [...base, 'nodePools', i, 'replicas'],
          `replicas (${pool.replicas}) is outside autoscaling min..max (${pool.autoscaling.min}..${pool.autoscaling.max})`,
          'Start the pool within its autoscaling range.',
        ),
      );
    }
  });
}

function hintForName(
  name: string,
  existing: Map<string, unknown>,
  what: string,
  folder: string,
): string {
  const close = closeNames(name, existing.keys());
  if (close.length)
    return `Did you mean ${close.map(c => `"${c}"`).join(' or ')}?`;
  return `Create the ${what} in ${folder}/, or check the name.`;
}
