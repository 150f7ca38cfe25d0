import fc from 'fast-check';
import { stringify } from 'yaml';
import { KIND_FOLDERS, type FleetFiles } from '../model/Fleet';
import type {
  ArlonObject,
  Bundle,
  BundleValues,
  Cluster,
  ClusterSpec,
  ClusterSpecSpec,
  ParameterValue,
  Profile,
} from '../model/types';
import { PROVIDERS } from '../providers/catalog';
import { exampleClusterSpec } from '../providers/examples';

/**
 * Arbitraries for fleet repositories that validate without a problem, built
 * so every reference resolves: profiles list existing bundles (each bundle in
 * at most one profile, so a cluster never gets one bundle twice), values name
 * declared parameters, clusters name existing specs and profiles. Cluster
 * names have no '-' and bundle Applications always do, so generated
 * Application names never collide (validateFleet's rule), and stay short.
 */

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = `${LOWER}0123456789`;
const char = (set: string) => fc.constantFrom(...set.split(''));

/** An RFC 1123 label of 1..max characters. */
export const dnsLabel = (max = 20): fc.Arbitrary<string> =>
  fc
    .tuple(
      char(LOWER),
      fc.string({ unit: char(`${ALNUM}-`), maxLength: max - 2 }),
      char(ALNUM),
    )
    .map(([first, middle, last]) =>
      max === 1 ? first : `${first}${middle}${last}`,
    );

/** A cluster name: no '-' and starting with 'c', so never a reserved name (they have a '-', or are argocd/default). */
const clusterName = fc
  .tuple(char(LOWER), fc.string({ unit: char(ALNUM), maxLength: 10 }))
  .map(([a, b]) => `c${a}${b}`);

/** A Helm value path such as replicaCount or image.tag. */
export const valuePath = fc
  .array(
    fc
      .tuple(
        char(`${LOWER}_ABCXYZ`),
        fc.string({ unit: char(`${ALNUM}_-`), maxLength: 8 }),
      )
      .map(([a, b]) => a + b)
      // `constructor` and friends are refused as segments.
      .filter(s => !['constructor', 'prototype'].includes(s)),
    { minLength: 1, maxLength: 3 },
  )
  .map(segments => segments.join('.'));

export const parameterValue: fc.Arbitrary<ParameterValue> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer({ min: -1000, max: 100000 }),
  fc.boolean(),
);

const kubernetesVersion = fc
  .tuple(fc.nat(40), fc.nat(20))
  .map(([minor, patch]) => `v1.${minor}.${patch}`);

const description = fc.option(fc.string({ maxLength: 60 }), {
  nil: undefined,
});
const tags = fc.option(
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  {
    nil: undefined,
  },
);

/** Drops undefined fields, as a hand-written definition would not have them. */
function clean<T extends object>(o: T): T {
  return JSON.parse(JSON.stringify(o));
}

const bundleSource = fc.oneof(
  fc.constant({ inline: {} }),
  fc.record({
    git: fc.record({
      repoUrl: fc.constantFrom(
        'https://github.com/acme/charts.git',
        'ssh://git@git.example.com/platform/bundles.git',
        'git@github.com:acme/manifests.git',
      ),
      path: fc.constantFrom('.', 'charts/podinfo', 'deploy/base', 'a_b/c-d.e'),
      revision: fc.constantFrom(
        'main',
        'HEAD',
        'v1.2.3',
        '6.5.4',
        'release/1.x',
      ),
      type: fc.constantFrom('directory', 'kustomize', 'helm'),
    }),
  }),
  fc.record({
    helmRepository: fc.record({
      repoUrl: fc.constantFrom(
        'https://charts.jetstack.io',
        'https://charts.example.com:8443/stable',
      ),
      chart: fc.constantFrom('cert-manager', 'podinfo', 'ingress_nginx.x'),
      version: fc.constantFrom('v1.21.1', '6.5.4', '1.0.0-rc.1+build.7'),
    }),
  }),
);

const bundle = (name: string): fc.Arbitrary<Bundle> =>
  fc
    .record({
      description,
      tags,
      source: bundleSource,
      parameters: fc.uniqueArray(
        fc.record({
          name: valuePath,
          default: fc.option(parameterValue, { nil: undefined }),
          description,
        }),
        { maxLength: 3, selector: p => p.name },
      ),
    })
    .map(spec =>
      clean({
        apiVersion: 'core.arlon.io/v1' as const,
        kind: 'Bundle' as const,
        metadata: { name },
        spec: spec as Bundle['spec'],
      }),
    );

/** Values for some of `bundles`, each naming only parameters the bundle declares. */
function valuesFor(bundles: Bundle[]): fc.Arbitrary<BundleValues | undefined> {
  const withParams = bundles.filter(b => b.spec.parameters?.length);
  if (!withParams.length) return fc.constant(undefined);
  return fc
    .subarray(withParams)
    .chain(chosen =>
      fc.tuple(
        ...chosen.map(b =>
          fc
            .subarray(
              b.spec.parameters!.map(p => p.name),
              { minLength: 1 },
            )
            .chain(names =>
              fc
                .tuple(...names.map(() => parameterValue))
                .map(vals => [
                  b.metadata.name,
                  Object.fromEntries(names.map((n, i) => [n, vals[i]])),
                ]),
            ),
        ),
      ),
    )
    .map(entries =>
      entries.length ? Object.fromEntries(entries as any) : undefined,
    );
}

/** A valid cluster spec body for one of the catalog's providers and cluster types. */
export const clusterSpecSpec: fc.Arbitrary<ClusterSpecSpec> = fc
  .record({
    choice: fc.constantFrom(
      ...PROVIDERS.flatMap(p =>
        Object.keys(p.clusterTypes).map(type => [p.id, type] as const),
      ),
    ),
    kubernetesVersion,
    replicas: fc.nat(9),
    controlPlane: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    description,
    updatePolicy: fc.option(fc.constantFrom('auto', 'manual') as any, {
      nil: undefined,
    }),
  })
  .map(({ choice: [provider, type], replicas, controlPlane, ...rest }) => {
    const spec = exampleClusterSpec(provider, type);
    spec.nodePools.forEach(pool => {
      pool.replicas = pool.autoscaling
        ? Math.min(pool.autoscaling.max, pool.autoscaling.min + replicas)
        : replicas;
    });
    return clean({
      ...spec,
      ...rest,
      ...(controlPlane === undefined
        ? {}
        : { controlPlane: { replicas: controlPlane } }),
      kubernetesVersion: rest.kubernetesVersion,
    }) as ClusterSpecSpec;
  });

/** The definitions of a valid fleet, and its inline bundles' manifests. */
export interface FleetModel {
  bundles: Bundle[];
  profiles: Profile[];
  clusterSpecs: ClusterSpec[];
  clusters: Cluster[];
}

export const fleetModel: fc.Arbitrary<FleetModel> = fc
  .record({
    bundleNames: fc.uniqueArray(
      dnsLabel(12).map(n => `b${n}`),
      { minLength: 1, maxLength: 5 },
    ),
    profileNames: fc.uniqueArray(dnsLabel(20), { maxLength: 3 }),
    specNames: fc.uniqueArray(dnsLabel(20), { maxLength: 3 }),
    clusterNames: fc.uniqueArray(clusterName, { maxLength: 4 }),
  })
  .chain(({ bundleNames, profileNames, specNames, clusterNames }) =>
    fc
      .record({
        bundles: fc.tuple(...bundleNames.map(bundle)),
        // Which profile (index) each bundle belongs to, or none.
        owner: fc.tuple(
          ...bundleNames.map(() =>
            fc.integer({ min: -1, max: profileNames.length - 1 }),
          ),
        ),
        specs: fc.tuple(...specNames.map(() => clusterSpecSpec)),
      })
      .chain(({ bundles, owner, specs }) => {
        const inProfile = profileNames.map((_, p) =>
          bundles.filter((_b, i) => owner[i] === p),
        );
        return fc
          .record({
            profiles: fc.tuple(
              ...profileNames.map((name, p) =>
                fc
                  .record({
                    description,
                    tags,
                    values: valuesFor(inProfile[p]),
                    updatePolicy: fc.option(fc.constantFrom('auto', 'manual'), {
                      nil: undefined,
                    }),
                    commaSeparated: fc.boolean(),
                  })
                  .map(({ commaSeparated, ...spec }) => {
                    const names = inProfile[p].map(b => b.metadata.name);
                    return clean({
                      apiVersion: 'core.arlon.io/v1' as const,
                      kind: 'Profile' as const,
                      metadata: { name },
                      spec: {
                        ...spec,
                        bundles: (commaSeparated && names.length
                          ? names.join(',')
                          : names) as any,
                      },
                    }) as Profile;
                  }),
              ),
            ),
            clusters: fc.tuple(
              ...clusterNames.map(name =>
                cluster(name, specNames, specs, profileNames, inProfile),
              ),
            ),
          })
          .map(({ profiles, clusters }) => ({
            bundles,
            profiles,
            clusterSpecs: specNames.map((name, i) => ({
              apiVersion: 'core.arlon.io/v1' as const,
              kind: 'ClusterSpec' as const,
              metadata: { name },
              spec: specs[i],
            })),
            clusters,
          }));
      }),
  );

function cluster(
  name: string,
  specNames: string[],
  specs: ClusterSpecSpec[],
  profileNames: string[],
  inProfile: Bundle[][],
): fc.Arbitrary<Cluster> {
  const built = specNames.length
    ? [
        fc.record({
          spec: fc.nat(specNames.length - 1),
          how: fc.constantFrom('linked', 'implicit', 'cloned'),
          revision: fc.stringMatching(/^[0-9a-f]{40}$/),
        }),
      ]
    : [];
  return fc
    .record({
      origin: fc.oneof(
        fc.record({
          host: dnsLabel(10),
          port: fc.integer({ min: 1, max: 65535 }),
        }),
        ...built,
      ),
      profiles: fc.subarray(profileNames.map((_, i) => i)),
      labels: fc.option(
        fc.dictionary(dnsLabel(8), dnsLabel(8), { maxKeys: 2 }),
        {
          nil: undefined,
        },
      ),
      description,
    })
    .chain(({ origin, profiles, labels, description: d }) =>
      valuesFor(profiles.flatMap(p => inProfile[p])).map(values => {
        const spec: Cluster['spec'] =
          'host' in origin
            ? {
                external: {
                  server: `https://${origin.host}.example.com:${origin.port}`,
                },
              }
            : {
                clusterSpec: specNames[origin.spec],
                ...(origin.how === 'implicit'
                  ? {}
                  : { mode: origin.how as any }),
                ...(origin.how === 'cloned'
                  ? {
                      clonedFrom: {
                        revision: origin.revision,
                        spec: specs[origin.spec],
                      },
                    }
                  : {}),
              };
        return clean({
          apiVersion: 'core.arlon.io/v1' as const,
          kind: 'Cluster' as const,
          metadata: { name, labels },
          spec: {
            description: d,
            ...spec,
            profiles: profiles.map(p => profileNames[p]),
            values,
          },
        }) as Cluster;
      }),
    );
}

/** A manifest an inline bundle deploys. */
const inlineManifest = (bundleName: string) =>
  stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${bundleName}-settings` },
    data: { owner: bundleName },
  });

/** Where a definition lives in the repository. */
export const definitionFile = (object: ArlonObject, ext = 'yaml') =>
  `${KIND_FOLDERS[object.kind]}/${object.metadata.name}.${ext}`;

/** The fleet repository's files for a model: each definition as YAML, inline bundles' manifests. */
export function modelFiles(model: FleetModel): FleetFiles {
  const files: FleetFiles = {};
  for (const object of [
    ...model.bundles,
    ...model.profiles,
    ...model.clusterSpecs,
    ...model.clusters,
  ])
    files[definitionFile(object)] = stringify(object);
  for (const b of model.bundles)
    if ('inline' in b.spec.source)
      files[`bundles/${b.metadata.name}/settings.yaml`] = inlineManifest(
        b.metadata.name,
      );
  return files;
}

/** A valid fleet repository's files. */
export const validFleetFiles: fc.Arbitrary<FleetFiles> =
  fleetModel.map(modelFiles);

/** The same files with their keys in another order (as another file system or Git would list them). */
export function reordered(files: FleetFiles, order: number[]): FleetFiles {
  const keys = Object.keys(files);
  const ranked = keys.map((k, i) => ({
    k,
    rank: order[i % order.length] ?? i,
  }));
  ranked.sort((a, b) => a.rank - b.rank);
  return Object.fromEntries(ranked.map(({ k }) => [k, files[k]]));
}
