import type { Profile } from '@arlon-backstage/plugin-arlon-common';

/**
 * A profile's bundle names. The REST API hands definitions as the fleet
 * repository holds them, and Arlon's comma-separated form
 * (`bundles: guestbook, calico`) is valid there, so the list may arrive as
 * one string; it is split the way validation normalises it.
 */
export function profileBundles(profile: Profile): string[] {
  const bundles = profile.spec.bundles as string[] | string | undefined;
  if (typeof bundles === 'string')
    return bundles
      .split(',')
      .map(b => b.trim())
      .filter(Boolean);
  return bundles ?? [];
}
