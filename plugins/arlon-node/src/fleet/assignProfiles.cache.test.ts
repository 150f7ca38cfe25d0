import { FleetValidationCache } from '@arlon-backstage/plugin-arlon-common';
import { assignProfiles } from './assignProfiles';

const cluster = (name: string, env: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\n  labels: { env: ${env} }\nspec:\n  external: { server: https://${name}.example.com }\n  profiles: []\n`;
const files = {
  'arlon/profiles/apps.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: []\n',
  'arlon/clusters/one.yaml': cluster('one', 'prod'),
  'arlon/clusters/two.yaml': cluster('two', 'dev'),
  'arlon/clusters/three.yaml': cluster('three', 'prod'),
  // Broken: never matched, with or without the cache.
  'arlon/clusters/four.yaml': 'kind: Cluster\nmetadata: [',
};

/** ProfileAssignments matches clusters with the repository's validation cache. */
describe('assignProfiles with a validation cache', () => {
  it.each([
    { selector: 'env=prod' },
    { selector: 'env!=prod' },
    { clusters: ['two'] },
  ])('matches %j as without it, and reads the files through it', selection => {
    const cache = new FleetValidationCache();
    const parse = jest.spyOn(cache, 'parse');
    const withCache = assignProfiles(
      files,
      'apply',
      ['apps'],
      selection,
      cache,
    );
    const without = assignProfiles(files, 'apply', ['apps'], selection);
    expect(withCache.clusters).toEqual(without.clusters);
    expect(parse).toHaveBeenCalled();
  });
});
