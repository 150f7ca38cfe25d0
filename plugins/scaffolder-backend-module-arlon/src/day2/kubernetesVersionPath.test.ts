import {
  kubernetesUpgradeProblem,
  parseKubernetesVersion,
} from './kubernetesVersionPath';

describe('kubernetesUpgradeProblem', () => {
  it.each([
    ['a patch release', 'v1.30.0', 'v1.30.4'],
    ['the next minor release', 'v1.30.4', 'v1.31.0'],
    ['the next minor at a lower patch', 'v1.30.9', 'v1.31.1'],
    ['no change', 'v1.30.0', 'v1.30.0'],
  ])('allows %s', (_, from, to) => {
    expect(kubernetesUpgradeProblem(from, to)).toBeUndefined();
  });

  it.each([
    ['a minor downgrade', 'v1.30.0', 'v1.29.9', /is a downgrade/],
    ['a patch downgrade', 'v1.30.4', 'v1.30.3', /is a downgrade/],
    [
      'two minors at once',
      'v1.29.4',
      'v1.31.0',
      /skips v1\.30: .*one minor version at a time.*upgrade to v1\.30\.x first/,
    ],
    ['three minors at once', 'v1.28.9', 'v1.31.0', /skips v1\.29 to v1\.30:/],
    ['another major', 'v1.30.0', 'v2.0.0', /changes the major version/],
    [
      'a version without its v',
      'v1.30.0',
      '1.31.0',
      /is not a Kubernetes version/,
    ],
    ['a minor version only', 'v1.30.0', 'v1.31', /is not a Kubernetes version/],
  ])('refuses %s', (_, from, to, message) => {
    expect(kubernetesUpgradeProblem(from, to)).toMatch(message);
  });

  it('compares numbers, not text: v1.9 → v1.10 is one minor up', () => {
    expect(kubernetesUpgradeProblem('v1.9.3', 'v1.10.0')).toBeUndefined();
    expect(kubernetesUpgradeProblem('v1.10.0', 'v1.9.3')).toMatch(/downgrade/);
  });

  it('says when the current version cannot be read, rather than guessing', () => {
    expect(kubernetesUpgradeProblem('latest', 'v1.31.0')).toMatch(
      /current version "latest" is not a Kubernetes version; fix it in Git first/,
    );
  });

  it('reads only full versions of safe integers', () => {
    expect(parseKubernetesVersion('v1.30.2')).toEqual({
      major: 1,
      minor: 30,
      patch: 2,
    });
    expect(parseKubernetesVersion('v1.99999999999999999999.0')).toBeUndefined();
    expect(parseKubernetesVersion(130)).toBeUndefined();
  });
});
