import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import {
  LibraryConfig,
  readLibrariesConfig,
} from '../library/readLibrariesConfig';

export interface FleetRepoConfig {
  url: string;
  branch: string;
  writeMode: 'commit' | 'pullRequest';
  /** What to do when `generated/` is stale at a valid head; `writeMode` when absent. */
  regenerate?: 'commit' | 'pullRequest' | 'off';
}

export interface ManagementClusterConfig {
  name: string;
  url: string;
  serviceAccountToken?: string;
  caData?: string;
  skipTLSVerify: boolean;
  argocdNamespace: string;
  /**
   * Builds the clusters that name no management cluster
   * (`spec.managementCluster`); absent on all, the first configured does.
   */
  default?: boolean;
}

export interface ArlonConfig {
  /** Absent when `arlon.fleetRepo` is not configured. */
  fleetRepo?: FleetRepoConfig;
  managementClusters: ManagementClusterConfig[];
  /** `arlon.libraries`: read-only repositories of bundles (none when absent). */
  libraries: LibraryConfig[];
}

/**
 * Reads and checks the `arlon` config. Mistakes fail at start-up with the key
 * that is wrong, rather than later as a confusing connection error.
 */
export function readArlonConfig(root: Config): ArlonConfig {
  const arlon = root.getOptionalConfig('arlon');
  const repo = arlon?.getOptionalConfig('fleetRepo');
  const writeMode = repo && readWriteMode(repo.getOptionalString('writeMode'));
  const fleetRepo = repo && {
    url: checkUrl(repo.getString('url'), 'arlon.fleetRepo.url'),
    branch: repo.getOptionalString('branch') ?? 'main',
    writeMode: writeMode!,
    regenerate: readRegenerate(
      repo.getOptionalString('regenerate'),
      writeMode!,
    ),
  };

  const managementClusters = (
    arlon?.getOptionalConfigArray('managementClusters') ?? []
  ).map((cluster, index) => {
    const key = `arlon.managementClusters[${index}]`;
    const name = cluster.getString('name');
    // At most 63: clusters name it in spec.managementCluster, a DNS label.
    if (!/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(name)) {
      throw new InputError(
        `${key}.name "${name}" must be lower-case letters, digits and '-', starting and ending with a letter or digit, at most 63 characters`,
      );
    }
    const url = checkUrl(cluster.getString('url'), `${key}.url`);
    const skipTLSVerify = cluster.getOptionalBoolean('skipTLSVerify') ?? false;
    if (url.startsWith('http:') && !skipTLSVerify) {
      // @kubernetes/client-node refuses plain HTTP unless TLS checks are off.
      throw new InputError(
        `${key}.url "${url}" is plain http, which needs ${key}.skipTLSVerify: true (development only); use https for a real cluster`,
      );
    }
    return {
      name,
      url,
      serviceAccountToken: cluster.getOptionalString('serviceAccountToken'),
      caData: cluster.getOptionalString('caData'),
      skipTLSVerify,
      argocdNamespace: cluster.getOptionalString('argocdNamespace') ?? 'argocd',
      ...(cluster.getOptionalBoolean('default') ? { default: true } : {}),
    };
  });
  const defaults = managementClusters.filter(c => c.default);
  if (defaults.length > 1)
    throw new InputError(
      `arlon.managementClusters marks ${defaults
        .map(c => `"${c.name}"`)
        .join(
          ' and ',
        )} default: true; mark one (it builds the clusters that name no management cluster)`,
    );

  const seen = new Set<string>();
  for (const { name } of managementClusters) {
    if (seen.has(name)) {
      throw new InputError(
        `arlon.managementClusters has two entries named "${name}"; names must be unique`,
      );
    }
    seen.add(name);
  }

  return {
    fleetRepo,
    managementClusters,
    libraries: readLibrariesConfig(root),
  };
}

function checkUrl(value: string, key: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`${key} "${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InputError(`${key} "${value}" must be an http or https URL`);
  }
  return value.replace(/\/+$/, '');
}

function readWriteMode(
  value: string | undefined,
): FleetRepoConfig['writeMode'] {
  if (value === undefined || value === 'commit' || value === 'pullRequest') {
    return value ?? 'commit';
  }
  throw new InputError(
    `arlon.fleetRepo.writeMode "${value}" must be "commit" or "pullRequest"`,
  );
}

function readRegenerate(
  value: string | undefined,
  writeMode: FleetRepoConfig['writeMode'],
): NonNullable<FleetRepoConfig['regenerate']> {
  if (value === undefined) return writeMode;
  if (value === 'commit' || value === 'pullRequest' || value === 'off')
    return value;
  throw new InputError(
    `arlon.fleetRepo.regenerate "${value}" must be "commit", "pullRequest" or "off"`,
  );
}
