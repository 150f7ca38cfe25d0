import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MalformedTreeError, parseTree } from './parseTree';

const OID = 'ab'.repeat(20);
/** One raw tree entry: mode, space, name, NUL, 20-byte id. */
const entry = (mode: string, name: string | Buffer, oid = OID) =>
  Buffer.concat([
    Buffer.from(`${mode} `),
    Buffer.isBuffer(name) ? name : Buffer.from(name),
    Buffer.from([0]),
    Buffer.from(oid, 'hex'),
  ]);
const tree = (...entries: Buffer[]) => Buffer.concat(entries);

describe('parseTree', () => {
  it('reads a tree the git CLI wrote: every entry, type and id, as git ls-tree lists them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-tree-'));
    try {
      const git = (...args: string[]) =>
        execFileSync('git', ['-C', dir, ...args]);
      git('init', '-q');
      for (const file of ['a.yaml', 'b/c.yaml', 'b.yaml', 'é.yaml', 'z y.yaml'])
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      for (const file of ['a.yaml', 'b/c.yaml', 'b.yaml', 'é.yaml', 'z y.yaml'])
        fs.writeFileSync(path.join(dir, file), file);
      fs.writeFileSync(path.join(dir, 'run.sh'), '#!/bin/sh\n', {
        mode: 0o755,
      });
      fs.symlinkSync('a.yaml', path.join(dir, 'link'));
      git('add', '-A');
      git('-c', 'user.name=t', '-c', 'user.email=t@x', 'commit', '-qm', 'c');
      const root = git('rev-parse', 'HEAD^{tree}').toString().trim();
      const listed = git('ls-tree', '-z', root)
        .toString()
        .split('\0')
        .filter(Boolean)
        .map(line => {
          const [meta, name] = line.split('\t');
          const [, type, oid] = meta.split(' ');
          return { name, type, oid };
        });
      const parsed = parseTree(root, git('cat-file', 'tree', root));
      // Git orders a folder as if its name ended in "/"; by name, "b" comes first.
      expect(parsed).toEqual(
        [...listed].sort((x, y) =>
          Buffer.compare(Buffer.from(x.name), Buffer.from(y.name)),
        ),
      );
      expect(parsed.map(e => e.name)).toEqual([
        'a.yaml',
        'b',
        'b.yaml',
        'link',
        'run.sh',
        'z y.yaml',
        'é.yaml',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('sorts names by code point, as isomorphic-git did (U+10000 after U+FFFD)', () => {
    const parsed = parseTree(
      OID,
      tree(entry('100644', '\u{10000}'), entry('100644', '\ufffd')),
    );
    expect(parsed.map(e => e.name)).toEqual(['\ufffd', '\u{10000}']);
  });

  it('reads an empty tree as no entries, and a submodule as a commit entry', () => {
    expect(parseTree(OID, Buffer.alloc(0))).toEqual([]);
    expect(parseTree(OID, tree(entry('160000', 'sub')))).toEqual([
      { name: 'sub', type: 'commit', oid: OID },
    ]);
  });

  it.each([
    ['an unknown mode', tree(entry('100664', 'a'))],
    ['a mode named like an object property', tree(entry('__proto__', 'a'))],
    ['no space after the mode', Buffer.from('1006441234567890')],
    ['an id cut short', tree(entry('100644', 'a')).subarray(0, 20)],
    ['no NUL after the name', Buffer.from('100644 a.yaml')],
    ['a name with a slash', tree(entry('100644', 'arlon/clusters/x.yaml'))],
    ['a name with a backslash', tree(entry('100644', 'a\\b'))],
    ['an empty name', tree(entry('100644', ''))],
    ['"."', tree(entry('40000', '.'))],
    ['"..", trailing dots and spaces dropped', tree(entry('40000', '.. '))],
    ['".git" in capitals', tree(entry('40000', '.GIT'))],
    [
      '".git" with an NTFS stream',
      tree(entry('40000', '.git::$INDEX_ALLOCATION')),
    ],
    ['".git" as an NTFS short name', tree(entry('40000', 'GIT~1'))],
    [
      '".git" with an HFS+ ignorable character',
      tree(entry('40000', '.g\u200cit')),
    ],
  ])('refuses a tree with %s, naming the tree', (_, raw) => {
    const read = () => parseTree(OID, raw);
    expect(read).toThrow(MalformedTreeError);
    expect(read).toThrow(OID);
  });

  it('reads each entry from its own bytes: a name cannot run into the next entry', () => {
    // The second entry's id holds a space and a NUL: read as an id, not a name.
    const oid = `20${'00'.repeat(19)}`;
    const parsed = parseTree(
      OID,
      tree(entry('100644', 'a', oid), entry('100644', 'b')),
    );
    expect(parsed).toEqual([
      { name: 'a', type: 'blob', oid },
      { name: 'b', type: 'blob', oid: OID },
    ]);
  });
});
