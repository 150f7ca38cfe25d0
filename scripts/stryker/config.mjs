/*
 * Shared Stryker configuration: every package's stryker.config.mjs calls
 * strykerConfig() with the files to mutate, so all packages run the same way
 * (docs/testing.md, "Mutation testing"). `yarn mutate <package>` runs it.
 *
 * Why these settings:
 * - jest runner with the Backstage jest config: the mutants face the tests CI runs;
 * - coverageAnalysis perTest: each mutant runs only the tests that reach it;
 * - incremental: results are kept per package under reports/ (git-ignored), so
 *   a rerun only tests mutants in code or tests that changed since;
 * - TypeScript checker: a mutant that does not compile is counted as a compile
 *   error, not as a survivor (the swc transform would otherwise run it untyped);
 * - sandboxes at the repository root (see tempDirName), never in place: the
 *   working tree is shared, and other people's tests must not see mutants;
 * - concurrency 1 by default: the machine is shared; STRYKER_CONCURRENCY raises it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
);

/**
 * @param {object} options
 * @param {string} options.packageDir absolute path of the package (its stryker.config.mjs directory)
 * @param {string[]} options.mutate globs of the files to mutate, relative to the package
 * @param {object} [options.overrides] any further Stryker options
 */
export function strykerConfig({ packageDir, mutate, overrides = {} }) {
  // STRYKER_REPORT_NAME keeps a run's reports apart (two runs over different
  // files of one package at once would otherwise overwrite each other's).
  const name = process.env.STRYKER_REPORT_NAME ?? path.basename(packageDir);
  const reportDir = path.join(repoRoot, 'reports', 'mutation', name);
  const concurrency = Number(process.env.STRYKER_CONCURRENCY ?? 1);
  const since = process.env.STRYKER_CHANGED_SINCE;
  // `yarn mutate <package> --mutate <list>` narrows the files (scripts/mutate.sh);
  // the exclusions below still apply, so a glob never mutates the tests.
  const chosen = process.env.STRYKER_MUTATE?.split(',').filter(Boolean);
  const files = since
    ? changedSince(since, packageDir, chosen ?? mutate)
    : chosen ?? mutate;
  return {
    $schema: path.join(
      repoRoot,
      'node_modules/@stryker-mutator/core/schema/stryker-schema.json',
    ),
    packageManager: 'yarn',
    testRunner: 'jest',
    jest: {
      projectType: 'custom',
      configFile: path.join(repoRoot, 'scripts/stryker/jest.config.cjs'),
      enableFindRelatedTests: true,
    },
    checkers: ['typescript'],
    tsconfigFile: 'tsconfig.stryker.json',
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    coverageAnalysis: 'perTest',
    // A static mutant (module-level code, such as a zod schema built at import)
    // can only be tested by running every test of the package, ~1 minute
    // each here; they are left out (reported as ignored, not in the score).
    ignoreStatic: true,
    mutate: [
      ...files,
      '!**/*.test.ts',
      '!**/__testUtils__/**',
      '!**/testing/**',
    ],
    incremental: true,
    incrementalFile: path.join(reportDir, 'incremental.json'),
    reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
    htmlReporter: { fileName: path.join(reportDir, 'index.html') },
    jsonReporter: { fileName: path.join(reportDir, 'mutation.json') },
    clearTextReporter: {
      allowColor: false,
      logTests: false,
      reportScoreTable: true,
    },
    concurrency,
    timeoutMS: 10000,
    // Sandboxes go to <repo>/.stryker-tmp-<name>/sandbox-*, two levels below
    // the root like plugins/<name>, so tests that reach files by relative path
    // (../../examples/fleet) find them from the sandbox too; one folder per
    // package (or report name), so runs over different packages never share one.
    tempDirName: path.join(repoRoot, `.stryker-tmp-${name}`),
    cleanTempDir: true,
    thresholds: { high: 90, low: 80, break: null },
    ...overrides,
  };
}

/**
 * The configured files that differ from git ref `since` (committed or not,
 * new files included): `yarn mutate <package> --changed [ref]` sets
 * STRYKER_CHANGED_SINCE, so a change is judged on the files it touches.
 */
function changedSince(since, packageDir, patterns) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: packageDir, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  const changed = new Set([
    ...git('diff', '--name-only', '--relative', since, '--', '.'),
    ...git('ls-files', '--others', '--exclude-standard', '--', '.'),
  ]);
  const globs = patterns.map(globToRegExp);
  return [...changed].filter(
    file => !/\.test\.tsx?$/.test(file) && globs.some(glob => glob.test(file)),
  );
}

/** `src/diff/**\/*.ts` as a regular expression: `**\/` any folders, `*` within one. */
function globToRegExp(glob) {
  const body = glob
    .split(/(\*\*\/|\*)/)
    .map(part => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`);
}
