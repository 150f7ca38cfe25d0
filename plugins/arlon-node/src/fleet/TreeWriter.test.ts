import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileChanges } from './FleetCheckout';
import { writeTreeChanges } from './TreeWriter';

/**
 * A real Git repository with one commit made by the git CLI, and what the
 * git CLI makes of a change on top of it (files written and removed in a
 * working tree, `git add -A`, `git write-tree`): the tree writeTreeChanges
 * must give, id for id.
 */
function repository(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-writer-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  git('init', '-q');
  const write = (changes: FileChanges) => {
    for (const [file, text] of Object.entries(changes)) {
      const target = path.join(dir, file);
      if (text === null) fs.rmSync(target);
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
      }
    }
  };
  write(files);
  fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'scripts/run.sh'), '#!/bin/sh\n', {
    mode: 0o755,
  });
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@x', 'commit', '-qm', 'c');
  const base = git('rev-parse', 'HEAD^{tree}');
  return {
    dir,
    git,
    base,
    /** The tree the git CLI writes for `changes` on top of the commit. */
    cliTree(changes: FileChanges) {
      write(changes);
      git('add', '-A');
      return git('write-tree');
    },
    remove: () => fs.rmSync(dir, { recursive: true }),
  };
}

const fleet = {
  'README.md': 'fleet\n',
  'arlon/clusters/a.yaml': 'kind: Cluster\n',
  'arlon/clusters/b.yaml': 'kind: Cluster # b\n',
  'arlon/profiles/p.yaml': 'kind: Profile\n',
  'generated/clusters/a/root.yaml': 'a\n',
  'generated/clusters/b/root.yaml': 'b\n',
  'generated/profiles/p/appset.yaml': 'p\n',
  // Names Git sorts differently from plain string order ("a-b" < "a/" < "a0").
  'bundles/a/m.yaml': 'm\n',
  'bundles/a-b/m.yaml': 'm\n',
  'bundles/a0/m.yaml': 'm\n',
};

describe('writeTreeChanges', () => {
  it.each<[string, FileChanges]>([
    [
      'creates, updates and deletes files, deep and shallow',
      {
        'arlon/clusters/c.yaml': 'kind: Cluster # c\n',
        'arlon/clusters/a.yaml': 'kind: Cluster # changed\n',
        'arlon/profiles/p.yaml': null,
        'generated/clusters/c/deep/er/root.yaml': 'c\n',
        'NEW.md': 'new\n',
        'bundles/a.yaml': 'a file beside the folder a/\n',
      },
    ],
    [
      'drops a folder whose last file is deleted, and its parent when it empties too',
      {
        'generated/clusters/a/root.yaml': null,
        'generated/profiles/p/appset.yaml': null,
      },
    ],
    [
      'keeps an executable file executable when it is written over',
      { 'scripts/run.sh': '#!/bin/sh\necho changed\n' },
    ],
    [
      'writes a thousand files of a fleet-wide compile in one go',
      Object.fromEntries(
        Array.from({ length: 1000 }, (_, i) => [
          `generated/clusters/c-${i}/root.yaml`,
          `c-${i}\n`,
        ]),
      ),
    ],
    [
      // UTF-16 order puts the astral 😀 (a surrogate pair, 0xD83D…) before
      // ﬀ (0xFB00); Git orders the UTF-8 bytes, code point order: ﬀ first.
      'writes names beyond ASCII in the order Git keeps them',
      {
        'bundles/ﬀ.yaml': 'ligature\n',
        'bundles/😀.yaml': 'emoji\n',
        'bundles/é/m.yaml': 'accent\n',
        'bundles/e/m.yaml': 'plain\n',
      },
    ],
  ])('%s: the same tree as the git CLI', async (_what, changes) => {
    const repo = repository(fleet);
    try {
      const tree = await writeTreeChanges(repo.dir, repo.base, changes);
      expect(tree).toBe(repo.cliTree(changes));
    } finally {
      repo.remove();
    }
  });

  it('writes objects the git CLI reads: blobs and trees as Git stores them', async () => {
    const repo = repository(fleet);
    try {
      const changes = {
        'arlon/clusters/c.yaml': 'kind: Cluster # c\n',
        'generated/values/c/apps.yaml': 'ünïcode: ✓\n',
      };
      const tree = await writeTreeChanges(repo.dir, repo.base, changes);
      // A commit of the tree, so fsck checks every object it reaches.
      const commit = repo.git(
        '-c',
        'user.name=t',
        '-c',
        'user.email=t@x',
        'commit-tree',
        tree,
        '-p',
        'HEAD',
        '-m',
        'written',
      );
      repo.git('update-ref', 'refs/heads/written', commit);
      repo.git('fsck', '--strict', '--no-dangling');
      expect(
        repo.git('cat-file', '-p', `${tree}:generated/values/c/apps.yaml`),
      ).toBe('ünïcode: ✓');
      expect(repo.git('cat-file', '-t', `${tree}:generated/values`)).toBe(
        'tree',
      );
      // Written again: the same ids, nothing torn or left over.
      await expect(
        writeTreeChanges(repo.dir, repo.base, changes),
      ).resolves.toBe(tree);
      const objects = path.join(repo.dir, '.git/objects');
      const leftOver = fs
        .readdirSync(objects, { recursive: true, encoding: 'utf8' })
        .filter(f => f.includes('tmp_obj_'));
      expect(leftOver).toEqual([]);
    } finally {
      repo.remove();
    }
  });

  it('gives the tree it started from when a change writes what is already there', async () => {
    const repo = repository(fleet);
    try {
      await expect(
        writeTreeChanges(repo.dir, repo.base, {
          'arlon/clusters/a.yaml': fleet['arlon/clusters/a.yaml'],
        }),
      ).resolves.toBe(repo.base);
    } finally {
      repo.remove();
    }
  });

  it('refuses a path through, or onto, a symbolic link a commit planted', async () => {
    const repo = repository(fleet);
    try {
      fs.symlinkSync('/etc', path.join(repo.dir, 'bundles/evil'));
      fs.symlinkSync('/etc/passwd', path.join(repo.dir, 'bundles/link.yaml'));
      const base = repo.cliTree({});
      await expect(
        writeTreeChanges(repo.dir, base, { 'bundles/evil/x.yaml': 'x\n' }),
      ).rejects.toThrow(
        'Refusing to write "bundles/evil/x.yaml" in the fleet repository: bundles/evil is a symbolic link in the checkout; nothing was written',
      );
      await expect(
        writeTreeChanges(repo.dir, base, { 'bundles/link.yaml': 'x\n' }),
      ).rejects.toThrow('bundles/link.yaml is a symbolic link in the checkout');
      await expect(
        writeTreeChanges(repo.dir, base, { 'bundles/link.yaml': null }),
      ).rejects.toThrow('bundles/link.yaml is a symbolic link in the checkout');
    } finally {
      repo.remove();
    }
  });

  it('refuses a file where a folder is, and a folder where a file is', async () => {
    const repo = repository(fleet);
    try {
      await expect(
        writeTreeChanges(repo.dir, repo.base, { 'bundles/a': 'x\n' }),
      ).rejects.toThrow('bundles/a is a folder in the fleet repository');
      await expect(
        writeTreeChanges(repo.dir, repo.base, { 'README.md/x.yaml': 'x\n' }),
      ).rejects.toThrow('README.md is a file in the fleet repository');
    } finally {
      repo.remove();
    }
  });

  it('refuses a path that is not a plain repository path before reading anything', async () => {
    await expect(
      writeTreeChanges('/nonexistent', undefined, { '../x.yaml': 'x\n' }),
    ).rejects.toThrow("it has an empty, '.' or '..' segment");
  });
});
