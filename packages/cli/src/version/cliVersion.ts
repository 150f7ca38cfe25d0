import fs from 'node:fs';
import path from 'node:path';

/** The package's own name and version, from its package.json. */
export interface PackageVersion {
  name: string;
  version: string;
}

/**
 * This CLI's name and version. The file sits one level under the package root
 * both as source (`src/version/`) and built (`dist/version/`), so the
 * package.json is two levels up either way.
 */
export function cliVersion(): PackageVersion {
  const file = path.resolve(__dirname, '..', '..', 'package.json');
  const { name, version } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { name, version };
}
