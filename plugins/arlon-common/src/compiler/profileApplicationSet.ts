// Profile ApplicationSets: one per profile, emitting an Application per bundle on each labelled cluster.
import {
  bundleOfEntry,
  generatedBundleName,
  Library,
} from '../library/library';
import { Fleet, inlineBundleFolder } from '../model/Fleet';
import type { Bundle, Profile } from '../model/types';
import type { KubeObject } from '../providers/renderCluster';
import {
  BUNDLES_PROJECT,
  CompileOptions,
  RESOURCES_FINALIZER,
} from './generatedTree';
import { helmTemplatePatch } from './helmTemplatePatch';
import { profileLabels } from './profileLabels';

export function profileApplicationSet(
  fleet: Fleet,
  profile: Profile,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const name = profile.metadata.name;
  const automated = (profile.spec.updatePolicy ?? 'auto') === 'auto';
  // A bundle validation dropped (broken in its own file) is left out, not
  // dereferenced: the fleet validateFleet keeps of a broken commit compiles.
  const elements = profile.spec.bundles.flatMap(b => {
    const found = bundleOfEntry(fleet, b);
    return found
      ? [
          {
            ...bundleElement(found.bundle, options, found.library),
            bundle: generatedBundleName(b),
          },
        ]
      : [];
  });
  const syncPolicy = {
    ...(automated ? { automated: { prune: true, selfHeal: true } } : {}),
    syncOptions: ['CreateNamespace=true'],
  };
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: {
      name: `profile-${name}`,
      namespace: ns,
      labels: { 'arlon.io/kind': 'profile', 'arlon.io/profile': name },
    },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [
        {
          matrix: {
            generators: [
              {
                clusters: {
                  selector: {
                    matchLabels: profileLabels([name]),
                  },
                },
              },
              { list: { elements } },
            ],
          },
        },
      ],
      template: {
        metadata: {
          name: '{{ .name }}-{{ .bundle }}',
          labels: {
            'arlon.io/kind': 'bundle',
            'arlon.io/cluster': '{{ .name }}',
            'arlon.io/profile': name,
            'arlon.io/bundle': '{{ .bundle }}',
          },
          finalizers: [RESOURCES_FINALIZER],
        },
        spec: {
          project: BUNDLES_PROJECT,
          source: {
            repoURL: '{{ .repoURL }}',
            targetRevision: '{{ .revision }}',
            path: '{{ .path }}',
          },
          destination: { server: '{{ .server }}', namespace: '{{ .bundle }}' },
          syncPolicy,
        },
      },
      templatePatch: helmTemplatePatch(options),
      syncPolicy: { preserveResourcesOnDeletion: false },
    },
  };
}

/**
 * Where ArgoCD reads one bundle. A library's inline bundle is read from the
 * library at the commit the portal resolved (docs/decisions.md, "Library
 * repositories"), never from a branch that could move without a commit here.
 */
function bundleElement(
  bundle: Bundle,
  options: CompileOptions,
  library?: Library,
) {
  const source = bundle.spec.source;
  if ('helmRepository' in source && source.helmRepository) {
    // `path` stays, empty: the template reads .path for every element
    // (missingkey=error), and the patch replaces this source with a chart one.
    return {
      bundle: bundle.metadata.name,
      repoURL: source.helmRepository.repoUrl,
      chart: source.helmRepository.chart,
      path: '',
      revision: source.helmRepository.version,
      type: 'chart',
    };
  }
  if ('git' in source && source.git) {
    return {
      bundle: bundle.metadata.name,
      repoURL: source.git.repoUrl,
      path: source.git.path,
      revision: source.git.revision,
      type: source.git.type,
    };
  }
  return {
    bundle: bundle.metadata.name,
    repoURL: library ? library.url : options.repoUrl,
    path: inlineBundleFolder(bundle.metadata.name),
    revision: library ? library.commit! : options.revision,
    type: 'directory',
  };
}
