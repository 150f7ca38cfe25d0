import { parse } from 'yaml';
import {
  itWritesTheFleetLikeTheRestApi,
  withFleet,
} from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterSpecCloneAction } from './clusterSpecClone';

describe('arlon:clusterspec:clone', () => {
  const env = withFleet(fleet => createClusterSpecCloneAction(fleet.options));

  itWritesTheFleetLikeTheRestApi(env, {
    input: {
      source: 'docker-dev',
      name: 'docker-dev-131',
      kubernetesVersion: 'v1.31.0',
    },
    file: 'arlon/clusterspecs/docker-dev-131.yaml',
    entityRef: 'resource:default/clusterspec-docker-dev-131',
    badInput: {
      source: 'docker-dev',
      name: 'docker-x',
      kubernetesVersion: '1.31',
    },
    badInputMessage:
      /arlon\/clusterspecs\/docker-x\.yaml:\d+:\d+: .*kubernetesVersion/,
    denied:
      'You may not write cluster specs (permission arlon.definition.create)',
  });

  it('keeps everything it was not told to change', async () => {
    const { fleet } = env();
    const source = parse(
      (await fleet.file('arlon/clusterspecs/docker-dev.yaml'))!,
    );
    const clone = parse(
      (await fleet.file('arlon/clusterspecs/docker-dev-131.yaml'))!,
    );
    expect(clone).toEqual({
      ...source,
      metadata: { ...source.metadata, name: 'docker-dev-131' },
      spec: { ...source.spec, kubernetesVersion: 'v1.31.0' },
    });
  });

  it('keeps the source\'s value for a change left empty (a template renders an unanswered field as "")', async () => {
    const { fleet, action } = env();
    await action.handler(
      stepContext({
        source: 'docker-dev',
        name: 'docker-dev-same',
        kubernetesVersion: '',
        region: '',
      }).ctx,
    );
    const source = parse(
      (await fleet.file('arlon/clusterspecs/docker-dev.yaml'))!,
    );
    const clone = parse(
      (await fleet.file('arlon/clusterspecs/docker-dev-same.yaml'))!,
    );
    expect(clone.spec).toEqual(source.spec);
  });

  it('says when the source does not exist', async () => {
    await expect(
      env().action.handler(stepContext({ source: 'nope', name: 'y-1' }).ctx),
    ).rejects.toThrow(
      'There is no ClusterSpec named "nope" in the fleet repository',
    );
  });
});
