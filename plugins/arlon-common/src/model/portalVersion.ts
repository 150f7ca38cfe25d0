/**
 * GET /api/arlon/version: what a CLI compares itself with. Versions only,
 * nothing about the fleet, so any signed-in user may read it.
 *
 * @public
 */
export interface PortalVersion {
  /** The package answering: `@arlon-backstage/plugin-arlon-backend`. */
  name: string;
  /** Its version (semver). */
  version: string;
  /** The fleet format version its compiler writes (`FLEET_FORMAT_VERSION`). */
  fleetFormatVersion: number;
}
