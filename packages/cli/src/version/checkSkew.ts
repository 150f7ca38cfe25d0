import {
  FLEET_FORMAT_VERSION,
  fleetFormatOfGenerated,
  type RecordedFleetFormat,
} from '@arlon-backstage/plugin-arlon-common';
import type { Output } from '../Output';
import { readGeneratedTree } from '../readGeneratedTree';
import { cliVersion } from './cliVersion';
import {
  fetchPortalVersion,
  parsePortalUrl,
  PortalAnswer,
} from './fetchPortalVersion';
import { fleetSkew, portalSkew } from './skew';

/** Where to look for skew: a fleet checkout, a portal, or both. */
export interface SkewTargets {
  /** A fleet checkout whose generated/ records the format it was written in. */
  fleetDir?: string;
  /** Only warn about a tree written by a newer Arlon (before regenerating it). */
  onlyNewerFleet?: boolean;
  /** The portal's base URL, already parsed. */
  portal?: URL;
  /** Its token (ARLON_PORTAL_TOKEN). */
  token?: string;
}

export interface SkewReport {
  portal?: PortalAnswer;
  fleet?: RecordedFleetFormat;
  warnings: string[];
}

/** Compares this CLI with the fleet checkout and the portal; never throws. */
export async function checkSkew(targets: SkewTargets): Promise<SkewReport> {
  const warnings: string[] = [];
  let fleet: RecordedFleetFormat | undefined;
  if (targets.fleetDir !== undefined) {
    // A missing or unreadable checkout is the command's to report, not this check's.
    const tree = await readGeneratedTree(targets.fleetDir).catch(
      () => undefined,
    );
    if (tree) {
      fleet = fleetFormatOfGenerated(tree.files);
      if (
        !targets.onlyNewerFleet ||
        (fleet.status === 'recorded' && fleet.version > FLEET_FORMAT_VERSION)
      )
        warnings.push(...fleetSkew(targets.fleetDir, fleet));
    }
  }
  let portal: PortalAnswer | undefined;
  if (targets.portal) {
    portal = await fetchPortalVersion(targets.portal, targets.token);
    if (portal.ok)
      warnings.push(...portalSkew(cliVersion().version, portal.version));
    else warnings.push(`cannot compare with the portal: ${portal.reason}`);
  }
  return { portal, fleet, warnings };
}

/** Writes each warning to stderr; a warning never changes the exit code. */
export function printWarnings(warnings: string[], io: Output): void {
  for (const warning of warnings) io.err(`warning: ${warning}\n`);
}

/**
 * The portal named by the environment (ARLON_PORTAL_URL), for commands that
 * check skew on the side: a bad URL there is a warning, not a failure.
 */
export function portalFromEnvironment(env: NodeJS.ProcessEnv): {
  portal?: URL;
  token?: string;
  warning?: string;
} {
  const text = env.ARLON_PORTAL_URL;
  if (!text) return {};
  const parsed = parsePortalUrl(text);
  if (!parsed.url) return { warning: parsed.error };
  return { portal: parsed.url, token: env.ARLON_PORTAL_TOKEN || undefined };
}
