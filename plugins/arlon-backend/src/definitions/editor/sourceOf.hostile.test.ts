import { readableSource } from './sourceOf';

/**
 * A file in Git may hold several definitions, each with its own owner. The
 * editor's source answer must never carry the text of one the caller may
 * not read: a policy that hides team B's cluster from team A hides its file.
 */
const cluster = (name: string, owner: string) => `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
  annotations:
    arlon.io/owner: ${owner}
spec:
  clusterSpec: docker-dev
  values:
    secret-ish: ${name}-only
`;
const FILE = 'arlon/clusters/mine.yaml';
const files = {
  [FILE]: `# team A's file\n${cluster('mine', 'team-a')}---\n${cluster(
    'theirs',
    'team-b',
  )}`,
};

describe('hostile: a shared file in the editor source', () => {
  it('leaves out another definition of the file the caller may not read', () => {
    const source = readableSource(
      files,
      'Cluster',
      'mine',
      view => view.name !== 'theirs',
    );
    expect(source?.file).toBe(FILE);
    expect(source?.shared).toBe(true);
    expect(source?.yaml).toContain('name: mine');
    expect(source?.yaml).not.toContain('theirs');
    expect(source?.yaml).not.toContain('team-b');
  });

  it('answers the whole file when every definition in it may be read', () => {
    const source = readableSource(files, 'Cluster', 'mine', () => true);
    expect(source?.yaml).toBe(files[FILE]);
  });

  it('answers nothing of a file named after the definition but holding only another', () => {
    const other = {
      'arlon/clusters/mine.yaml': cluster('theirs', 'team-b'),
    };
    const source = readableSource(
      other,
      'Cluster',
      'mine',
      view => view.name !== 'theirs',
    );
    expect(source?.yaml ?? '').not.toContain('theirs');
  });
});
