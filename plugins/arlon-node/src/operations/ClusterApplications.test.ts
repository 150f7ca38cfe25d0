import type { ClusterStatus } from '@arlon-backstage/plugin-arlon-common';
import { applicationPatch, applicationsFor } from './ClusterApplications';

const app = (name: string, sync: string) => ({
  name,
  sync,
  health: 'Healthy',
  automated: false,
});
const live: ClusterStatus = {
  managementCluster: 'mc',
  registration: 'registered',
  root: { sync: 'Synced', health: 'Healthy', automated: true },
  applications: [app('dev-apps', 'OutOfSync'), app('dev-web', 'Synced')],
  behind: true,
  behindReasons: [],
};

describe('ClusterApplications: what each action patches', () => {
  it('sync and refresh take the root Application and every bundle', () => {
    for (const action of ['sync', 'refresh'] as const)
      expect(applicationsFor(action, 'dev', live)).toEqual([
        'dev',
        'dev-apps',
        'dev-web',
      ]);
  });

  it('update takes only what is out of sync', () => {
    expect(applicationsFor('update', 'dev', live)).toEqual(['dev-apps']);
  });

  it('an external cluster has no root Application', () => {
    expect(
      applicationsFor('sync', 'dev', { ...live, root: undefined }),
    ).toEqual(['dev-apps', 'dev-web']);
  });

  it("refresh annotates; sync and update start a pruning sync in the user's name", () => {
    expect(applicationPatch('refresh', 'user:default/ann')).toEqual({
      metadata: { annotations: { 'argocd.argoproj.io/refresh': 'normal' } },
    });
    for (const action of ['sync', 'update'] as const)
      expect(applicationPatch(action, 'user:default/ann')).toEqual({
        operation: {
          initiatedBy: { username: 'user:default/ann' },
          sync: { prune: true },
        },
      });
  });
});
