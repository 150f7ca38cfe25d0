import { profileLabelPatch } from './profileLabelPatch';

const P = 'profile.arlon.io';
const live = { held: false, deleting: false };

describe('profileLabelPatch', () => {
  it('adds missing and changed labels and removes stale profile labels, leaving others alone', () => {
    expect(
      profileLabelPatch(
        {
          'arlon.io/cluster': 'old',
          [`${P}/gone`]: 'true',
          [`${P}/kept`]: 'true',
          team: 'payments',
          [`x${P}/lookalike`]: 'true',
        },
        {
          'arlon.io/cluster': 'prod',
          [`${P}/kept`]: 'true',
          [`${P}/new`]: 'true',
        },
        live,
      ),
    ).toEqual({
      'arlon.io/cluster': 'prod',
      [`${P}/new`]: 'true',
      [`${P}/gone`]: null,
    });
  });

  it('patches nothing when the Secret already carries what it should', () => {
    expect(
      profileLabelPatch(
        { [`${P}/a`]: 'true', team: 'x' },
        { [`${P}/a`]: 'true' },
        live,
      ),
    ).toBeUndefined();
  });

  it('sets a profile label whose value differs', () => {
    expect(
      profileLabelPatch({ [`${P}/a`]: 'false' }, { [`${P}/a`]: 'true' }, live),
    ).toEqual({ [`${P}/a`]: 'true' });
  });

  it('neither adds nor removes the profile labels of a held cluster, but still sets the others', () => {
    expect(
      profileLabelPatch(
        { [`${P}/old`]: 'true', 'arlon.io/cluster': 'old' },
        { [`${P}/new`]: 'true', 'arlon.io/cluster': 'prod' },
        { held: true, deleting: false },
      ),
    ).toEqual({ 'arlon.io/cluster': 'prod' });
    expect(
      profileLabelPatch(
        { [`${P}/old`]: 'true' },
        { [`${P}/new`]: 'true' },
        { held: true, deleting: false },
      ),
    ).toBeUndefined();
  });

  it.each([
    ['not held', false],
    ['held', true],
  ])(
    'takes every profile label off a cluster being deleted (%s), and adds none',
    (_name, held) => {
      expect(
        profileLabelPatch(
          { [`${P}/a`]: 'true', [`${P}/b`]: 'true', team: 'x' },
          { [`${P}/a`]: 'true', [`${P}/c`]: 'true', 'arlon.io/cluster': 'c1' },
          { held, deleting: true },
        ),
      ).toEqual({
        [`${P}/a`]: null,
        [`${P}/b`]: null,
        'arlon.io/cluster': 'c1',
      });
    },
  );

  it('reads label keys as data: a key named like an Object property is an ordinary label', () => {
    expect(
      profileLabelPatch(
        { [`${P}/constructor`]: 'true', ['__proto__']: 'x' },
        {},
        live,
      ),
    ).toEqual({ [`${P}/constructor`]: null });
  });
});
