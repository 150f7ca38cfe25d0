import { assignmentOutcome } from './assignmentOutcome';

describe('assignmentOutcome', () => {
  const files = [{ path: 'arlon/clusters/a.yaml', action: 'update' }];

  it('names the commit, or the pull request to review, or that nothing changed', () => {
    expect(
      assignmentOutcome(['apps'], {
        clusters: ['a', 'b'],
        commit: 'abcdef1234567890',
        files,
      }),
    ).toEqual({ text: 'Applied apps to a, b in commit abcdef123456.' });
    expect(
      assignmentOutcome(['apps'], {
        clusters: ['a'],
        commit: 'abcdef1234567890',
        pullRequest: { url: 'https://github.com/org/fleet/pull/7' },
        files,
      }),
    ).toEqual({
      text: 'Proposed apps for a in a pull request; it applies once merged.',
      link: 'https://github.com/org/fleet/pull/7',
    });
    expect(assignmentOutcome(['apps'], { clusters: ['a'], files: [] })).toEqual(
      { text: 'Nothing to change: a already run apps.' },
    );
  });
});
