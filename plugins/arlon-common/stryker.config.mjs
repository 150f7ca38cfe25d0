// Mutation testing of arlon-common's core: `yarn mutate arlon-common`
// (docs/testing.md). Extra files or a narrower set: `yarn mutate arlon-common --mutate <glob>`.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// The shared shape lives at the repository root (scripts/stryker), not in a package.
// eslint-disable-next-line @backstage/no-relative-monorepo-imports
import { strykerConfig } from '../../scripts/stryker/config.mjs';

export default strykerConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  mutate: [
    'src/validation/**/*.ts',
    'src/compiler/**/*.ts',
    'src/diff/**/*.ts',
    'src/providers/**/*.ts',
    'src/selectors/**/*.ts',
    'src/render/**/*.ts',
  ],
});
