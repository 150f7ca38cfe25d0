import { compileFleet } from '../../compiler/compileFleet';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../../testing/readFleetDir';
import { validateFleet } from '../../validation/validateFleet';

export const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};

/** The example fleet with one more cluster, west-1, placed on management cluster mc-west. */
export const definitions = {
  ...readFleetDir(EXAMPLE_FLEET_DIR),
  'arlon/clusters/west-1.yaml': `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: west-1
spec:
  clusterSpec: docker-dev
  managementCluster: mc-west
`,
};

/** Those definitions and their generated tree. */
export const files = {
  ...definitions,
  ...compileFleet(validateFleet(definitions).fleet, OPTIONS),
};
