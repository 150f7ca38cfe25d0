import type { FleetHealth } from '../health';
import type { VerifyResult } from '../model/verify';
import type { LastKnownGoodReport } from '../validation/breakingCommits';
import type { PortalVersion } from '../model/portalVersion';

// GET /health, /verify and /version take no input: only their answers are
// written here.

/**
 * `GET /health`: the fleet repository's and each management cluster's health.
 *
 * @public
 */
export type HealthResponse = FleetHealth;

/**
 * `GET /verify`: each management cluster's checks, and what is held at last known good.
 *
 * @public
 */
export interface VerifyResponse {
  managementClusters: VerifyResult[];
  /** Definitions held at last known good (absent from older backends). */
  lastKnownGood?: LastKnownGoodReport;
}

/**
 * `GET /version`: this backend's version and the fleet format it writes.
 *
 * @public
 */
export type VersionResponse = PortalVersion;
