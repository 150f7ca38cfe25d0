import type { Fleet } from '../model/Fleet';
import type { Profile } from '../model/types';
import { profileApplicationSet } from './profileApplicationSet';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};
const fleet = {
  bundles: new Map(),
  profiles: new Map(),
  clusterSpecs: new Map(),
  clusters: new Map(),
} as unknown as Fleet;

const profileWith = (updatePolicy?: 'auto' | 'manual'): Profile =>
  ({
    apiVersion: 'core.arlon.io/v1',
    kind: 'Profile',
    metadata: { name: 'web' },
    spec: { bundles: [], ...(updatePolicy ? { updatePolicy } : {}) },
  } as Profile);

const syncPolicyOf = (profile: Profile) =>
  (profileApplicationSet(fleet, profile, OPTIONS, 'argocd') as any).spec
    .template.spec.syncPolicy;

describe('profileApplicationSet', () => {
  it('syncs bundles by themselves when the profile names no update policy (the documented default, auto)', () => {
    expect(syncPolicyOf(profileWith())).toEqual({
      automated: { prune: true, selfHeal: true },
      syncOptions: ['CreateNamespace=true'],
    });
  });

  it('leaves automated sync out on a manual profile', () => {
    expect(syncPolicyOf(profileWith('manual'))).toEqual({
      syncOptions: ['CreateNamespace=true'],
    });
  });
});
