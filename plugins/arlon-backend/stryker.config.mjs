// Mutation testing of arlon-backend's security-critical code: `yarn mutate
// arlon-backend` (docs/testing.md, "arlon-node and arlon-backend").
// Who may write which definition (authorizeWrite, kinds), what a workload
// failure may tell a user or the log (workloadFailure), and the profile
// labels of ArgoCD cluster Secrets (ProfileLabels and profileLabelPatch, the
// label sync of RegistrationController).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// The shared shape lives at the repository root (scripts/stryker), not in a package.
// eslint-disable-next-line @backstage/no-relative-monorepo-imports
import { strykerConfig } from '../../scripts/stryker/config.mjs';

const base = strykerConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  mutate: [
    'src/definitions/authorizeWrite.ts',
    'src/definitions/kinds.ts',
    'src/workloadFailure.ts',
    'src/registration/ProfileLabels.ts',
    'src/registration/profileLabelPatch.ts',
  ],
});

export default {
  ...base,
  // See plugins/arlon-node/stryker.config.mjs: killedBy names every killing test.
  disableBail: true,
  checkers: [],
  jest: {
    ...base.jest,
    // Only the tests written for these files. Every route test imports them
    // through the router and starts a sandbox and a backend (tens of seconds
    // each on this machine): findRelatedTests alone would run them all.
    config: {
      testMatch: [
        '<rootDir>/definitions/authorizeWrite.test.ts',
        '<rootDir>/workloadFailure.test.ts',
        '<rootDir>/registration/ProfileLabels.test.ts',
        // labelSync.test.ts proves the same against the sandbox's API server;
        // with disableBail it would run (seconds each) for every mutant.
        '<rootDir>/registration/profileLabelPatch.test.ts',
      ],
    },
  },
};
