/*
 * Jest configuration for Stryker's jest runner: the one `backstage-cli package
 * test` uses (same transforms, environment and setup files), so a mutant is
 * judged by the tests CI runs. The Backstage config reads the package from the
 * working directory, which Stryker sets to its sandbox copy.
 *
 * Differences:
 * - the property tests (*.fuzz.test.ts) are left out: they run hundreds of
 *   generated cases each, and with per-test coverage every mutant they reach
 *   would run them again; the example-based tests must kill mutants on their own;
 * - STRYKER_TEST_DIRS (comma-separated folders under src/, e.g. "diff,compiler")
 *   keeps only the tests in those folders, for a quick run over one area;
 * - STRYKER_TEST_IGNORE (a regular expression) leaves out matching test files,
 *   e.g. one that is failing for a reason unrelated to the mutated code: Stryker
 *   refuses to start unless every selected test passes.
 */
// The Backstage module exports a promise of the configuration.
const backstageConfig = require('@backstage/cli/config/jest');

module.exports = async () => {
  const config = await backstageConfig;
  const dirs = (process.env.STRYKER_TEST_DIRS ?? '')
    .split(',')
    .map(d => d.trim())
    .filter(Boolean);
  return {
    ...config,
    ...(dirs.length
      ? { testMatch: dirs.map(d => `<rootDir>/${d}/**/*.test.{ts,tsx}`) }
      : {}),
    testPathIgnorePatterns: [
      ...(config.testPathIgnorePatterns ?? ['/node_modules/']),
      '\\.fuzz\\.test\\.[jt]sx?$',
      ...(process.env.STRYKER_TEST_IGNORE
        ? [process.env.STRYKER_TEST_IGNORE]
        : []),
    ],
  };
};
