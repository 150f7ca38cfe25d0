import {
  FLEET_FORMAT_VERSION,
  type RecordedFleetFormat,
} from '@arlon-backstage/plugin-arlon-common';
import type { Output } from '../Output';
import { checkSkew, printWarnings } from '../version/checkSkew';
import { cliVersion } from '../version/cliVersion';
import { parsePortalUrl } from '../version/fetchPortalVersion';

/**
 * `arlon version [dir] [--portal <url>]`: this CLI's version and the fleet
 * format its compiler writes; with a fleet checkout, the format its
 * generated/ records; with a portal, the portal's. Skew is a warning on
 * stderr: the exit code is 0 unless the arguments are wrong (2).
 */
export async function version(
  options: {
    json: boolean;
    fleetDir?: string;
    portal?: string;
    env: NodeJS.ProcessEnv;
  },
  io: Output,
): Promise<number> {
  const portalText = options.portal ?? options.env.ARLON_PORTAL_URL;
  let portal: URL | undefined;
  if (portalText) {
    const parsed = parsePortalUrl(portalText);
    if (!parsed.url) {
      io.err(`${parsed.error}\n`);
      return 2;
    }
    portal = parsed.url;
  }
  const cli = cliVersion();
  const report = await checkSkew({
    fleetDir: options.fleetDir,
    portal,
    token: options.env.ARLON_PORTAL_TOKEN || undefined,
  });
  if (options.json) {
    io.out(
      `${JSON.stringify(
        {
          ...cli,
          fleetFormatVersion: FLEET_FORMAT_VERSION,
          ...(report.fleet ? { fleet: report.fleet } : {}),
          ...(report.portal?.ok ? { portal: report.portal.version } : {}),
          warnings: report.warnings,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    io.out(
      `${cli.name} ${cli.version}\nfleet format ${FLEET_FORMAT_VERSION}\n`,
    );
    if (options.fleetDir !== undefined && report.fleet)
      io.out(`${options.fleetDir}: ${describeRecorded(report.fleet)}\n`);
    if (report.portal?.ok)
      io.out(
        `portal: ${report.portal.version.name} ${report.portal.version.version}, fleet format ${report.portal.version.fleetFormatVersion}\n`,
      );
  }
  printWarnings(report.warnings, io);
  return 0;
}

function describeRecorded(recorded: RecordedFleetFormat): string {
  switch (recorded.status) {
    case 'recorded':
      return `generated/ records fleet format ${recorded.version}`;
    case 'unrecorded':
      return 'generated/ records no fleet format (0.1.0 or earlier)';
    default:
      return 'no generated/ tree';
  }
}
