import type { Entity } from '@backstage/catalog-model';
import {
  ENTITY_TYPES,
  libraryBundleEntityName,
} from '@arlon-backstage/plugin-arlon-common';
import type { LibraryStatus } from '@arlon-backstage/plugin-arlon-node';
import { publicHttpUrl } from './fleetLinks';

/**
 * Pure: a Bundle entity for every bundle of every library read at least
 * once, named `bundle-<library>.<bundle>` (never a fleet bundle's name) and
 * saying where it comes from: the library, its URL, what it is pinned to
 * and the commit it was read at. A library that cannot be read now keeps
 * its entities at the last known good commit, marked unreachable.
 */
export function libraryEntities(
  libraries: ReadonlyArray<LibraryStatus>,
  options: { fleet: string; defaultOwner: string },
): Entity[] {
  return libraries.flatMap(({ library, pin }) => {
    if (!library.commit) return [];
    // The configured URL carries no credentials (readLibrariesConfig); checked again for the page.
    const url = (publicHttpUrl(library.url)?.href ?? '').replace(/\/+$/, '');
    if (!url) return [];
    return [...library.bundles.values()].map(({ object, source }) => {
      const annotations: Record<string, string> = {
        'arlon.io/fleet': options.fleet,
        'arlon.io/kind': 'Bundle',
        'arlon.io/library': library.name,
        'arlon.io/library-url': url,
        'arlon.io/library-revision': library.commit!,
        'arlon.io/library-pin':
          'branch' in pin ? `branch ${pin.branch}` : `revision ${pin.revision}`,
        'arlon.io/source-file': source.file,
        'backstage.io/managed-by-location': `url:${url}`,
        'backstage.io/managed-by-origin-location': `url:${url}`,
      };
      if (library.unreachable)
        annotations['arlon.io/library-unreachable'] = library.unreachable;
      const name = object.metadata.name;
      return {
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Resource',
        metadata: {
          name: libraryBundleEntityName({
            library: library.name,
            bundle: name,
          }),
          namespace: 'default',
          title: `${library.name}/${name}`,
          ...(object.spec.description
            ? { description: object.spec.description }
            : {}),
          tags: (object.spec.tags ?? [])
            .map(t => t.toLowerCase().replace(/[^a-z0-9:+#-]/g, '-'))
            .filter(Boolean),
          annotations,
          links: [{ url, title: `Library "${library.name}"` }],
        },
        spec: {
          type: ENTITY_TYPES.Bundle,
          owner:
            object.metadata.annotations?.['arlon.io/owner'] ??
            options.defaultOwner,
        },
      };
    });
  });
}
