import { createHash } from 'node:crypto';
import {
  type ArlonKind,
  definitionPath,
  type DefinitionView,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import { parseAllDocuments } from 'yaml';

/** A definition's file at one head: where it is and its text. */
export interface SourceFile {
  file: string;
  yaml: string;
  /** Other definitions share the file (the editor would replace only one document of it). */
  shared: boolean;
}

/**
 * The file that holds a definition at a head: where validation found it
 * (a file may be named apart from its definition, which is a problem, not
 * an invisibility), else its usual path when the file there is too broken
 * to say what it holds. Undefined when the head has neither.
 */
export function sourceOf(
  files: Record<string, string>,
  kind: ArlonKind,
  name: string,
): SourceFile | undefined {
  const found = definitionViews(files).find(
    v => v.kind === kind && v.name === name,
  )?.file;
  const file = found ?? definitionPath(kind, name);
  const yaml = files[file];
  if (yaml === undefined) return undefined;
  return { file, yaml, shared: parseAllDocuments(yaml).length > 1 };
}

/**
 * The file that holds a definition, as the caller may see it: the whole
 * text when they may read every other definition it holds (`mayRead`);
 * else only the documents of this definition and of those they may read,
 * marked shared (read-only). A file holding nothing of this definition the
 * caller may see is undefined. Another team's definition in the same file
 * must not reach the browser through the editor.
 */
export function readableSource(
  files: Record<string, string>,
  kind: ArlonKind,
  name: string,
  mayRead: (view: DefinitionView) => boolean,
): SourceFile | undefined {
  const source = sourceOf(files, kind, name);
  if (!source) return undefined;
  const others = definitionViews(files).filter(
    v => v.file === source.file && !(v.kind === kind && v.name === name),
  );
  if (others.every(mayRead)) return source;
  const kept = parseAllDocuments(source.yaml).filter(doc => {
    const docKind = doc.get('kind');
    const docName = doc.getIn(['metadata', 'name']);
    if (docKind === kind && docName === name) return true;
    // A document that cannot be told apart is left out with the hidden ones.
    const view = others.find(v => v.kind === docKind && v.name === docName);
    return view !== undefined && mayRead(view);
  });
  const own = kept.some(
    doc => doc.get('kind') === kind && doc.getIn(['metadata', 'name']) === name,
  );
  if (!own) return undefined;
  const yaml = kept
    .map(doc => source.yaml.slice(doc.range[0], doc.range[2]).trimEnd())
    .join('\n---\n');
  return { file: source.file, yaml: `${yaml}\n`, shared: true };
}

/**
 * The entity tag of a file's text, as HTTP writes one (quoted): what the
 * editor read, sent back in If-Match so a change made meanwhile is seen.
 */
export function sourceEtag(text: string): string {
  return `"${createHash('sha256').update(text, 'utf8').digest('hex')}"`;
}
