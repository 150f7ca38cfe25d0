import { parse } from 'yaml';
import {
  itWritesTheFleetLikeTheRestApi,
  withFleet,
} from '../__testUtils__/standardCases';
import { createProfileCreateAction } from './profileCreate';

describe('arlon:profile:create', () => {
  const env = withFleet(fleet => createProfileCreateAction(fleet.options));

  itWritesTheFleetLikeTheRestApi(env, {
    input: {
      name: 'baseline',
      bundles: ['cert-manager', 'readonly-rbac'],
      values: { 'cert-manager': { replicaCount: 3 } },
      updatePolicy: 'manual',
    },
    file: 'arlon/profiles/baseline.yaml',
    entityRef: 'resource:default/profile-baseline',
    badInput: { name: 'broken', bundles: ['no-such-bundle'] },
    badInputMessage: /arlon\/profiles\/broken\.yaml:\d+:\d+: .*no-such-bundle/,
    denied: 'You may not write profiles (permission arlon.definition.create)',
  });

  it('writes bundles, values and policy as given', async () => {
    const { fleet } = env();
    expect(
      parse((await fleet.file('arlon/profiles/baseline.yaml'))!).spec,
    ).toEqual({
      bundles: ['cert-manager', 'readonly-rbac'],
      values: { 'cert-manager': { replicaCount: 3 } },
      updatePolicy: 'manual',
    });
  });
});
