import { parse } from 'yaml';
import {
  itWritesTheFleetLikeTheRestApi,
  withFleet,
} from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterCloneAction } from './clusterClone';

describe('arlon:cluster:clone', () => {
  const env = withFleet(fleet => createClusterCloneAction(fleet.options));

  itWritesTheFleetLikeTheRestApi(env, {
    input: { source: 'dev-local', name: 'dev-local-2', labels: { env: 'qa' } },
    file: 'arlon/clusters/dev-local-2.yaml',
    entityRef: 'resource:default/dev-local-2',
    badInput: { source: 'nope', name: 'x-1' },
    badInputMessage: 'There is no Cluster named "nope" in the fleet repository',
    denied: 'You may not create clusters (permission arlon.cluster.create)',
  });

  it('copies spec, profiles and values, merging value overrides per bundle', async () => {
    const { fleet, action } = env();
    await action.handler(
      stepContext({
        source: 'dev-local',
        name: 'dev-local-3',
        values: { guestbook: { replicaCount: 4 } },
      }).ctx,
    );
    const source = parse((await fleet.file('arlon/clusters/dev-local.yaml'))!);
    const clone = parse((await fleet.file('arlon/clusters/dev-local-3.yaml'))!);
    expect(clone.metadata).toEqual({ ...source.metadata, name: 'dev-local-3' });
    expect(clone.spec).toEqual({
      ...source.spec,
      values: {
        guestbook: { ...source.spec.values.guestbook, replicaCount: 4 },
      },
    });
  });

  it('refuses to clone an imported cluster, saying why', async () => {
    const { action } = env();
    await expect(
      action.handler(
        stepContext({ source: 'edge-imported', name: 'edge-2' }).ctx,
      ),
    ).rejects.toThrow(
      'Cluster edge-imported is imported (not built from a cluster spec), so there is nothing to clone',
    );
  });
});
