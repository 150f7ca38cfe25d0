// Mutation testing of arlon-node's security-critical files: `yarn mutate
// arlon-node` (docs/testing.md, "arlon-node and arlon-backend").
// Authorization, kubeconfig parsing (the refusal of exec, auth-provider and
// file paths), ArgoCD cluster Secrets read as data and path confinement of
// fleet files. (The label selector profiles are applied by is arlon-common's.)
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// The shared shape lives at the repository root (scripts/stryker), not in a package.
// eslint-disable-next-line @backstage/no-relative-monorepo-imports
import { strykerConfig } from '../../scripts/stryker/config.mjs';

const base = strykerConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  mutate: [
    'src/fleet/authorize.ts',
    'src/permissions/arlonPermissionRules.ts',
    'src/permissions/authorizeDefinitions.ts',
    'src/kubeconfig/parseKubeconfig.ts',
    'src/live/workloadKubeConfig.ts',
    'src/fleet/confinePath.ts',
    'src/connection/missingPermission.ts',
  ],
});

export default {
  ...base,
  // Every covering test runs on every mutant (no bail at the first kill), so
  // the JSON report's killedBy names each test that kills it: the score the
  // tests from before issue 21 alone reach is read from the same run.
  disableBail: true,
  // No TypeScript checker here: it is a second process per run on a shared
  // 2-core machine, and a mutant that does not compile still has to face the
  // tests (swc strips types), so it is killed or survives on behaviour.
  // tsconfig.stryker.json stays for whoever turns the checker back on.
  checkers: [],
  jest: {
    ...base.jest,
    // Only the tests written for these files: findRelatedTests alone would
    // also run every test that imports them through FleetRepository or the
    // sandbox (minutes each), and perTest coverage would then judge the
    // mutants by journeys rather than by the tests that name the behaviour.
    config: {
      testMatch: [
        '<rootDir>/permissions/**/*.test.ts',
        '<rootDir>/kubeconfig/parseKubeconfig*.test.ts',
        '<rootDir>/live/workloadKubeConfig*.test.ts',
        '<rootDir>/fleet/confinePath*.test.ts',
      ],
    },
  },
};
