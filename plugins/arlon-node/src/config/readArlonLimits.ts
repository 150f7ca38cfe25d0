import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

/**
 * How long the portal waits on the servers it depends on, and how much one
 * user may ask of it. Every limit has a default, so an unconfigured portal is
 * bounded too; `arlon.limits` in app-config.yaml changes them.
 */
export interface ArlonLimits {
  /** Each HTTP request to the fleet repository's Git server (clone, fetch, push). */
  gitTimeoutMs: number;
  /** Each request to a Kubernetes API server (watches excepted: they are long-lived). */
  kubernetesTimeoutMs: number;
  /** Largest diff report body (save or import). */
  reportMaxBytes: number;
  /** Saved diff reports one user may keep. */
  reportsPerUser: number;
  /** Bytes of saved diff reports one user may keep. */
  reportBytesPerUser: number;
  /** Clusters one "against every cluster" diff may read. */
  diffMaxClusters: number;
  /** Clusters read at the same time by one diff. */
  diffConcurrency: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: ArlonLimits = {
  gitTimeoutMs: 30_000,
  kubernetesTimeoutMs: 30_000,
  reportMaxBytes: 4 * MB,
  reportsPerUser: 100,
  reportBytesPerUser: 64 * MB,
  diffMaxClusters: 200,
  diffConcurrency: 8,
};

/** Reads `arlon.limits`; a value that is not a positive number fails start-up with its key. */
export function readArlonLimits(root: Config): ArlonLimits {
  const limits = root.getOptionalConfig('arlon.limits');
  const read = (key: string, scale: number, fallback: number) => {
    const value = limits?.getOptionalNumber(key);
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value <= 0)
      throw new InputError(
        `arlon.limits.${key} is ${value}; it must be a positive number`,
      );
    return Math.round(value * scale);
  };
  const d = DEFAULT_LIMITS;
  return {
    gitTimeoutMs: read('gitTimeoutSeconds', 1000, d.gitTimeoutMs),
    kubernetesTimeoutMs: read(
      'kubernetesTimeoutSeconds',
      1000,
      d.kubernetesTimeoutMs,
    ),
    reportMaxBytes: read('reportMaxMegabytes', MB, d.reportMaxBytes),
    reportsPerUser: read('reportsPerUser', 1, d.reportsPerUser),
    reportBytesPerUser: read(
      'reportMegabytesPerUser',
      MB,
      d.reportBytesPerUser,
    ),
    diffMaxClusters: read('diffMaxClusters', 1, d.diffMaxClusters),
    diffConcurrency: read('diffConcurrency', 1, d.diffConcurrency),
  };
}
