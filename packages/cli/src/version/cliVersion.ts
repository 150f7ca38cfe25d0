import fs from 'node:fs';

/** The package's own name and version, from its package.json. */
export interface PackageVersion {
  name: string;
  version: string;
}

/**
 * This CLI's name and version, from its own package.json, found by name as
 * Node finds any package: the same in the repository (the workspace link), an
 * install and an npx cache, whatever the build does to file layout.
 */
export function cliVersion(): PackageVersion {
  const file = require.resolve('@arlon-backstage/arlon-cli/package.json');
  const { name, version } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { name, version };
}
