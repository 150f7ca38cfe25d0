import fs from 'node:fs';
import git from 'isomorphic-git';
import type { FleetFiles } from '@arlon-backstage/plugin-arlon-common';
import { parseTree } from './parseTree';

/** A file of a tree: its path from the commit's root, blob id, content. */
type File = readonly [path: string, blob: string, content: string];

/** Past this many blobs beyond the newest commit's files, the blob cache is pruned to them. */
const SPARE_BLOBS = 4096;

/**
 * The files of a commit of a local clone, read in time proportional to what
 * changed since the last commit read: Git names every tree by its content,
 * so a folder whose tree id is unchanged (at the same path) has unchanged
 * files and is taken from memory whole, paths included, and a changed
 * folder reads only the blobs it did not have. Walking every entry instead
 * (git.walk) cost about 1.3 s per commit at 13,000 files on two busy cores,
 * whatever the commit changed.
 *
 * Only the newest commit's trees are kept, and its blobs (plus at most
 * SPARE_BLOBS others), so memory follows the repository's size. Submodules
 * (commit entries) are not files and are left out, as git.walk's blob
 * filter left them out. Trees are parsed here (parseTree): isomorphic-git's
 * readTree also sorts and copies every entry, and the files were copied
 * again at every level with their paths rebuilt, about half of a one-file
 * commit's read at 10,000 clusters.
 */
export class TreeFiles {
  /** Per folder path and tree id: its files, with their paths from the root. */
  private trees = new Map<string, File[]>();
  private blobs = new Map<string, string>();

  constructor(private readonly dir: string) {}

  /**
   * Blobs this process has just written (a commit it made, writeTreeChanges):
   * the next read takes them from memory instead of reading back what it
   * wrote, thousands of files after a fleet-wide compile. A blob's id names
   * its content, so remembering one can never give a wrong file.
   */
  learn(blobs: ReadonlyMap<string, string>) {
    for (const [oid, content] of blobs) this.blobs.set(oid, content);
  }

  /**
   * `cache`: isomorphic-git's cache of parsed pack indexes, shared by this
   * read's object reads (without one every read loads them again), and by
   * the fetch before it when the caller has one.
   */
  async at(commit: string, cache: object = {}): Promise<FleetFiles> {
    const { commit: parsed } = await git.readCommit({
      fs,
      dir: this.dir,
      oid: commit,
      cache,
    });
    const seen = new Map<string, File[]>();
    const entries = await this.tree('', parsed.tree, seen, cache);
    this.trees = seen;
    if (this.blobs.size > entries.length + SPARE_BLOBS)
      this.blobs = new Map(entries.map(([, blob, content]) => [blob, content]));
    const files: FleetFiles = {};
    for (const [path, , content] of entries) {
      // An own property whatever the path (a file named __proto__ is data).
      if (path === '__proto__')
        Object.defineProperty(files, path, {
          value: content,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else files[path] = content;
    }
    return files;
  }

  /** The files under the tree `oid` at `prefix` (empty, or ending in a slash). */
  private async tree(
    prefix: string,
    oid: string,
    seen: Map<string, File[]>,
    cache: object,
  ): Promise<File[]> {
    // Keyed by path too: the paths are part of what is remembered.
    const key = `${prefix}\0${oid}`;
    const known = seen.get(key) ?? this.trees.get(key);
    if (known) {
      seen.set(key, known);
      return known;
    }
    const { type, object } = await git.readObject({
      fs,
      dir: this.dir,
      oid,
      format: 'content',
      cache,
    });
    if (type !== 'tree')
      throw new Error(`the fleet repository's object ${oid} is not a tree`);
    const files: File[] = [];
    for (const entry of parseTree(oid, object as Uint8Array)) {
      const path = prefix + entry.name;
      if (entry.type === 'tree') {
        for (const file of await this.tree(`${path}/`, entry.oid, seen, cache))
          files.push(file);
      } else if (entry.type === 'blob') {
        let content = this.blobs.get(entry.oid);
        if (content === undefined) {
          const { blob } = await git.readBlob({
            fs,
            dir: this.dir,
            oid: entry.oid,
            cache,
          });
          content = Buffer.from(blob).toString('utf8');
          this.blobs.set(entry.oid, content);
        }
        files.push([path, entry.oid, content]);
      }
    }
    seen.set(key, files);
    return files;
  }
}
