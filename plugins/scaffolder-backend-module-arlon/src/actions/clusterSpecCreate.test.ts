import { parse } from 'yaml';
import {
  itWritesTheFleetLikeTheRestApi,
  withFleet,
} from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterSpecCreateAction } from './clusterSpecCreate';

const spec = {
  name: 'aks-small',
  provider: 'azure',
  type: 'aks',
  kubernetesVersion: 'v1.30.3',
  region: 'westeurope',
  providerSpec: { azure: { identityRef: { name: 'cluster-identity' } } },
  nodePools: [{ name: 'pool0', machineType: 'Standard_D4s_v5', replicas: 3 }],
};

describe('arlon:clusterspec:create', () => {
  const env = withFleet(fleet => createClusterSpecCreateAction(fleet.options));

  itWritesTheFleetLikeTheRestApi(env, {
    input: spec,
    file: 'arlon/clusterspecs/aks-small.yaml',
    entityRef: 'resource:default/clusterspec-aks-small',
    badInput: { ...spec, name: 'aks-2', region: undefined },
    badInputMessage: /arlon\/clusterspecs\/aks-2\.yaml:\d+:\d+: .*region/,
    denied:
      'You may not write cluster specs (permission arlon.definition.create)',
  });

  it('writes the spec as given, without empty fields', async () => {
    const { fleet } = env();
    expect(
      parse((await fleet.file('arlon/clusterspecs/aks-small.yaml'))!),
    ).toEqual({
      apiVersion: 'core.arlon.io/v1',
      kind: 'ClusterSpec',
      metadata: { name: 'aks-small' },
      spec: {
        provider: 'azure',
        type: 'aks',
        kubernetesVersion: 'v1.30.3',
        region: 'westeurope',
        providerSpec: { azure: { identityRef: { name: 'cluster-identity' } } },
        nodePools: [
          { name: 'pool0', machineType: 'Standard_D4s_v5', replicas: 3 },
        ],
      },
    });
  });

  it("refuses an AKS spec without the identity AKS needs, naming CAPZ's field", async () => {
    const { action, fleet } = env();
    const before = await fleet.commits();
    await expect(
      action.handler(
        stepContext({ ...spec, name: 'aks-3', providerSpec: undefined }).ctx,
      ),
    ).rejects.toThrow(
      /aks-3\.yaml:\d+:\d+: azure aks clusters need providerSpec\.azure\.identityRef[\s\S]*AzureManagedControlPlane spec\.identityRef/,
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('names an unknown provider with the ones there are', async () => {
    const { action } = env();
    await expect(
      action.handler(
        stepContext({ ...spec, name: 'x-1', provider: 'ibm' }).ctx,
      ),
    ).rejects.toThrow(/provider.*ibm/i);
  });
});
