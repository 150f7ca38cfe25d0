import {
  FLEET_FORMAT_VERSION,
  type PortalVersion,
  type RecordedFleetFormat,
} from '@arlon-backstage/plugin-arlon-common';
import semver from 'semver';

/**
 * Pure: what to warn about when the portal's Arlon backend is another
 * release than this CLI. Versions are compared up to minor (a patch release
 * never changes what the compiler writes); a different fleet format is the
 * one that matters, as both then write different generated trees.
 */
export function portalSkew(cli: string, portal: PortalVersion): string[] {
  const warnings: string[] = [];
  const ours = semver.coerce(cli);
  const theirs = semver.coerce(portal.version);
  if (
    ours &&
    theirs &&
    semver.major(ours) === semver.major(theirs) &&
    semver.minor(ours) === semver.minor(theirs)
  ) {
    // Same release line.
  } else if (ours && theirs) {
    const newer = semver.gt(theirs, ours);
    warnings.push(
      newer
        ? `the portal runs ${portal.name} ${portal.version}, newer than this CLI (${cli}): upgrade the CLI to ${portal.version} so both validate and compile the fleet alike`
        : `the portal runs ${portal.name} ${portal.version}, older than this CLI (${cli}): upgrade the portal, or use the CLI of its release (${portal.version}), so both validate and compile the fleet alike`,
    );
  }
  if (portal.fleetFormatVersion !== FLEET_FORMAT_VERSION)
    warnings.push(
      `the portal's compiler writes fleet format ${portal.fleetFormatVersion}, this CLI's writes ${FLEET_FORMAT_VERSION}: each would rewrite the other's generated/ tree; use one release for both`,
    );
  return warnings;
}

/**
 * Pure: what to warn about when a fleet repository's generated tree was
 * written in another fleet format than this CLI writes. Nothing when there is
 * no tree: there is nothing to disagree with.
 */
export function fleetSkew(
  dir: string,
  recorded: RecordedFleetFormat,
): string[] {
  if (recorded.status === 'missing') return [];
  if (recorded.status === 'unrecorded')
    return [
      `${dir}: generated/ records no fleet format version (written by Arlon for Backstage 0.1.0 or earlier); this CLI writes format ${FLEET_FORMAT_VERSION}: \`arlon regenerate\` records it, once the portal is upgraded too`,
    ];
  if (recorded.version > FLEET_FORMAT_VERSION)
    return [
      `${dir}: generated/ was written by a newer Arlon (fleet format ${recorded.version}; this CLI writes ${FLEET_FORMAT_VERSION}): upgrade the CLI before regenerating, or it rewrites the tree in the older format`,
    ];
  if (recorded.version < FLEET_FORMAT_VERSION)
    return [
      `${dir}: generated/ was written by an older Arlon (fleet format ${recorded.version}; this CLI writes ${FLEET_FORMAT_VERSION}): \`arlon regenerate\` rewrites it, once the portal is upgraded too`,
    ];
  return [];
}
