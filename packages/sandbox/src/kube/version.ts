/**
 * What the sandbox API server says it is, in `/version`.
 *
 * @public
 */
export const SANDBOX_KUBERNETES_VERSION = {
  major: '1',
  minor: '31',
  gitVersion: 'v1.31.0-arlon-sandbox',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-01-01T00:00:00Z',
  goVersion: 'go1.22.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};
