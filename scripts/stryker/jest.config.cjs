/*
 * Jest configuration for Stryker's jest runner: the one `backstage-cli package
 * test` uses (same transforms, environment and setup files), so a mutant is
 * judged by exactly the tests CI runs. The Backstage config reads the package
 * from the working directory, which Stryker sets to its sandbox copy.
 */
module.exports = require('@backstage/cli/config/jest');
