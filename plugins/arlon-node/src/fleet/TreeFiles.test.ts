import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TreeFiles } from './TreeFiles';

/** A real Git repository, committed with the git CLI: what the clone holds. */
function repository() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-files-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  git('init', '-q');
  const commit = (files: Record<string, string | null>) => {
    for (const [file, text] of Object.entries(files)) {
      const target = path.join(dir, file);
      if (text === null) fs.rmSync(target);
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
      }
    }
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@x', 'commit', '-qm', 'c');
    return git('rev-parse', 'HEAD');
  };
  /** What Git says the commit holds: every blob's path and content. */
  const truth = (oid: string) =>
    Object.fromEntries(
      git('ls-tree', '-r', '--name-only', '-z', oid)
        .split('\0')
        .filter(Boolean)
        .map(file => [file, git('show', `${oid}:${file}`)]),
    );
  return {
    dir,
    commit,
    truth,
    remove: () => fs.rmSync(dir, { recursive: true }),
  };
}

/** Contents compared as git show prints them (without the final newline). */
const trimmed = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.trim()]));

describe('TreeFiles', () => {
  it('reads every file of each commit of a history, as Git has it', async () => {
    const repo = repository();
    try {
      const reader = new TreeFiles(repo.dir);
      const history = [
        repo.commit({
          'arlon/clusters/a.yaml': 'kind: Cluster\n',
          'arlon/clusters/b.yaml': 'kind: Cluster # b\n',
          'arlon/profiles/p.yaml': 'kind: Profile\n',
          'bundles/x/deep/er/m.yaml': 'kind: ConfigMap\n',
          'README.md': 'fleet\n',
        }),
        // One file changed in a big folder; the others unchanged.
        repo.commit({ 'arlon/clusters/a.yaml': 'kind: Cluster # changed\n' }),
        // Added, deleted, and the same content under a second name.
        repo.commit({
          'arlon/clusters/c.yaml': 'kind: Cluster # b\n',
          'arlon/profiles/p.yaml': null,
          'bundles/x/deep/er/n.yaml': 'kind: Secret\n',
        }),
        // A whole folder gone.
        repo.commit({
          'bundles/x/deep/er/m.yaml': null,
          'bundles/x/deep/er/n.yaml': null,
        }),
      ];
      for (const oid of history)
        expect(trimmed(await reader.at(oid))).toEqual(repo.truth(oid));
      // Back to an old commit, and forward again: nothing stale.
      expect(trimmed(await reader.at(history[0]))).toEqual(
        repo.truth(history[0]),
      );
      expect(trimmed(await reader.at(history[3]))).toEqual(
        repo.truth(history[3]),
      );
    } finally {
      repo.remove();
    }
  });

  it('answers an unchanged folder from memory: the same text objects, not a re-read', async () => {
    const repo = repository();
    try {
      const reader = new TreeFiles(repo.dir);
      const first = repo.commit({
        'arlon/clusters/a.yaml': 'a\n',
        'arlon/profiles/p.yaml': 'p\n',
      });
      const second = repo.commit({ 'arlon/clusters/a.yaml': 'a2\n' });
      await reader.at(first);
      // The unchanged folder's tree is known, so its object database is not
      // read again: removing its blob from disk does not matter.
      const blob = execFileSync(
        'git',
        ['-C', repo.dir, 'rev-parse', `${second}:arlon/profiles/p.yaml`],
        { encoding: 'utf8' },
      ).trim();
      fs.rmSync(
        path.join(repo.dir, '.git/objects', blob.slice(0, 2), blob.slice(2)),
      );
      expect(await reader.at(second)).toEqual({
        'arlon/clusters/a.yaml': 'a2\n',
        'arlon/profiles/p.yaml': 'p\n',
      });
    } finally {
      repo.remove();
    }
  });

  it('reads the same folder at two paths under each path, and again when one moves', async () => {
    const repo = repository();
    try {
      const reader = new TreeFiles(repo.dir);
      // Same content, so the same tree id, under two paths.
      const first = repo.commit({
        'bundles/a/m.yaml': 'kind: ConfigMap\n',
        'bundles/b/m.yaml': 'kind: ConfigMap\n',
      });
      expect(trimmed(await reader.at(first))).toEqual(repo.truth(first));
      const moved = repo.commit({
        'bundles/a/m.yaml': null,
        'bundles/c/m.yaml': 'kind: ConfigMap\n',
      });
      expect(trimmed(await reader.at(moved))).toEqual(repo.truth(moved));
    } finally {
      repo.remove();
    }
  });
});
