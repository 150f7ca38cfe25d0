/** One entry of a Git tree object. */
export interface TreeEntry {
  name: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
}

/** The modes Git writes, and what each names (isomorphic-git accepts these and no others). */
const MODES = new Map<string, TreeEntry['type']>([
  ['40000', 'tree'],
  ['100644', 'blob'],
  ['100755', 'blob'],
  ['120000', 'blob'],
  ['160000', 'commit'],
]);
const LONGEST_MODE = 6;
const SPACE = 0x20;
const NUL = 0;
const OID_BYTES = 20;

/** A tree object that cannot be read as Git writes trees. */
export class MalformedTreeError extends Error {
  constructor(oid: string, why: string) {
    super(`the fleet repository's tree ${oid} is malformed: ${why}`);
    this.name = 'MalformedTreeError';
  }
}

/**
 * The entries of a tree object (its content, without the header), in the
 * order isomorphic-git's readTree gave them: by name, code point by code
 * point. The content comes from the Git server, so it is read as hostile:
 * one pass, nothing read past the buffer, and an unknown mode, a truncated
 * entry or an unsafe name fails the whole tree (as isomorphic-git did), so
 * a file is never read under a path its tree does not say.
 */
export function parseTree(oid: string, content: Uint8Array): TreeEntry[] {
  const buffer = Buffer.from(
    content.buffer,
    content.byteOffset,
    content.byteLength,
  );
  const entries: TreeEntry[] = [];
  let sorted = true;
  let cursor = 0;
  while (cursor < buffer.length) {
    const space = buffer.indexOf(SPACE, cursor);
    if (space < 0 || space - cursor > LONGEST_MODE)
      throw new MalformedTreeError(oid, `no mode at byte ${cursor}`);
    const mode = buffer.toString('latin1', cursor, space);
    const type = MODES.get(mode);
    if (!type)
      throw new MalformedTreeError(
        oid,
        `unknown mode ${JSON.stringify(mode)} at byte ${cursor}`,
      );
    const nul = buffer.indexOf(NUL, space + 1);
    if (nul < 0 || nul + 1 + OID_BYTES > buffer.length)
      throw new MalformedTreeError(oid, `entry at byte ${cursor} is cut short`);
    const name = buffer.toString('utf8', space + 1, nul);
    if (!safeName(name))
      throw new MalformedTreeError(
        oid,
        `unsafe entry name ${JSON.stringify(name)}`,
      );
    entries.push({
      name,
      type,
      oid: buffer.toString('hex', nul + 1, nul + 1 + OID_BYTES),
    });
    if (
      entries.length > 1 &&
      compareNames(entries[entries.length - 2].name, name) >= 0
    )
      sorted = false;
    cursor = nul + 1 + OID_BYTES;
  }
  if (!sorted) entries.sort((a, b) => compareNames(a.name, b.name));
  return entries;
}

/** Code units from U+D800 up: only these order differently by code unit and by code point. */
const ABOVE_SURROGATES = /[\ud800-\uffff]/;

/** By code point (the UTF-8 bytes' order), as isomorphic-git sorts a tree's entries. */
function compareNames(a: string, b: string): number {
  if (!ABOVE_SURROGATES.test(a) && !ABOVE_SURROGATES.test(b)) {
    if (a === b) return 0;
    return a < b ? -1 : 1;
  }
  // Decoded from UTF-8, a name holds no lone surrogate: code points compare.
  const x = [...a].map(c => c.codePointAt(0)!);
  const y = [...b].map(c => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

/** HFS+ ignores these in names, so ".git" with one inside is ".git". */
const HFS_IGNORED = /[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/g;

/**
 * Git's rules for a tree entry's name (verify_path, as isomorphic-git
 * applies them): not empty, no separator, no name that resolves to "." or
 * ".." (trailing dots and spaces dropped), and not ".git" however spelt
 * (case, NTFS streams and short names, HFS+ ignorable characters).
 */
function safeName(name: string): boolean {
  if (name.includes('/') || name.includes('\\')) return false;
  const stream = name.replace(HFS_IGNORED, '').split(':')[0];
  const normalized = stream.toLowerCase().replace(/[. ]+$/, '');
  if (normalized === '' && stream !== '') return false;
  if (name === '') return false;
  return normalized !== '.git' && !/^\.?git~[1-9]$/.test(normalized);
}
