import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readRepoFile, REPO_ROOT } from './__testUtils__/repository';

/** The .dockerignore patterns (no `!` exceptions: the test refuses them). */
const patterns = readRepoFile('.dockerignore')
  .split('\n')
  .map(line => line.trim())
  .filter(line => line && !line.startsWith('#'));

/**
 * Whether Docker leaves a path of the repository out of the build context:
 * patterns are matched from the context's root (`*` within one segment,
 * `**` across any), and a matched directory takes everything under it.
 */
function ignored(file: string): boolean {
  const segments = file.split('/');
  return segments.some((_, i) => {
    const prefix = segments.slice(0, i + 1).join('/');
    return patterns.some(pattern =>
      path.matchesGlob(prefix, pattern.replace(/^\//, '')),
    );
  });
}

/**
 * The Dockerfile's build stage copies the whole context (`COPY . .`), so
 * whatever a developer keeps in a checkout reaches the daemon, the build
 * cache and any cache exported with it, wherever in the tree it lies.
 */
describe('the Docker build context (.dockerignore)', () => {
  it('has no exceptions, which could bring an ignored file back', () => {
    expect(patterns.filter(p => p.startsWith('!'))).toEqual([]);
  });

  it.each([
    // dotenv files, at the root and in any workspace
    '.env',
    '.env.production',
    'packages/backend/.env',
    'plugins/arlon-backend/.env.local',
    // local config files with real credentials, wherever they are
    'app-config.local.yaml',
    'packages/backend/app-config.local.yaml',
    'github-app-backstage-credentials.yaml',
    'packages/backend/github-app-credentials.yaml',
    // kubeconfigs and keys
    'kubeconfig',
    '.kube/config',
    'kind-arlon.kubeconfig',
    'packages/sandbox/kubeconfig.yaml',
    'kubeconfig-kind.yaml',
    'certs/tls.key',
    'packages/sandbox/ca.pem',
    // registry tokens
    '.npmrc',
    'packages/backend/.npmrc',
    // local SQLite databases (Backstage's development database)
    'backstage.sqlite',
    'packages/backend/sqlite/catalog.sqlite3',
    'packages/backend/dev.db',
    // Stryker's sandboxes (whole copies of the repository) and logs
    '.stryker-tmp-arlon-backend/plugins/arlon-node/src/a.ts',
    'yarn-error.log',
    'plugins/arlon-node/.stryker-tmp/x',
  ])('leaves out %s', file => {
    expect(ignored(file)).toBe(true);
  });

  it('keeps in every file git tracks outside the host build output', () => {
    const tracked = execFileSync('git', ['ls-files'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\n')
      .filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    // .yarn/cache would be the offline mirror: the build installs instead.
    expect(
      tracked.filter(file => ignored(file) && !file.startsWith('.yarn/cache/')),
    ).toEqual([]);
  });
});
