import { arlonResourceOf, normaliseOwnerRef } from './permissions';

describe('normaliseOwnerRef', () => {
  it('a bare name is a group in the default namespace, as the catalog reads it', () => {
    expect(normaliseOwnerRef('Platform')).toBe('group:default/platform');
    expect(normaliseOwnerRef('user:jane')).toBe('user:default/jane');
    expect(normaliseOwnerRef('group:ops/Team-A')).toBe('group:ops/team-a');
  });
});

describe('arlonResourceOf', () => {
  it('the owner is arlon.io/owner', () => {
    expect(
      arlonResourceOf({
        kind: 'Cluster',
        metadata: { name: 'x', annotations: { 'arlon.io/owner': 'team-a' } },
      }),
    ).toEqual({
      kind: 'Cluster',
      name: 'x',
      entityRef: 'resource:default/x',
      owner: 'group:default/team-a',
    });
  });

  it('without one, the default owner (as the catalog shows it)', () => {
    expect(
      arlonResourceOf(
        { kind: 'Profile', metadata: { name: 'p' } },
        'group:default/guests',
      ),
    ).toMatchObject({
      owner: 'group:default/guests',
      entityRef: 'resource:default/profile-p',
    });
  });
});
