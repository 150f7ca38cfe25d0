import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ManagementClusters } from '@arlon-backstage/plugin-arlon-node';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createValidateAction } from './validate';

const placed = (managementCluster: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-7\nspec:\n  clusterSpec: docker-dev\n  managementCluster: ${managementCluster}\n`;

/** arlon:validate checks spec.managementCluster against the configured management clusters, as writes do. */
describe('arlon:validate with two management clusters configured', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  beforeAll(async () => {
    // Nothing answers there: only their names matter to validation.
    const unreachable = (name: string) => ({
      name,
      url: 'https://127.0.0.1:9',
      skipTLSVerify: false,
      argocdNamespace: 'argocd',
    });
    fleet = await TestFleet.start(
      new ManagementClusters([unreachable('mc-east'), unreachable('mc-west')]),
    );
  });
  afterAll(() => fleet.stop());

  const run = async (text: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'workspace-'));
    await fs.mkdir(path.join(dir, 'arlon/clusters'), { recursive: true });
    await fs.writeFile(path.join(dir, 'arlon/clusters/qa-7.yaml'), text);
    const { ctx, outputs } = stepContext({});
    ctx.workspacePath = dir;
    await createValidateAction(fleet.options).handler(ctx);
    return outputs;
  };

  it('accepts a configured management cluster', async () => {
    expect(await run(placed('mc-west'))).toEqual({
      definitions: ['Cluster qa-7'],
    });
  });

  it('refuses one that is not configured, at its line, naming those that are', async () => {
    await expect(run(placed('mc-north'))).rejects.toThrow(
      'arlon/clusters/qa-7.yaml:7:3: management cluster "mc-north" is not configured (arlon.managementClusters: "mc-east", "mc-west") (spec.managementCluster)',
    );
  });

  it('refuses naming the default management cluster (the first configured)', async () => {
    await expect(run(placed('mc-east'))).rejects.toThrow(
      '"mc-east" is the default management cluster: the clusters it builds name none',
    );
  });
});
