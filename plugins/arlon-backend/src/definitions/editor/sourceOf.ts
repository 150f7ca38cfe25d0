import { createHash } from 'node:crypto';
import {
  type ArlonKind,
  definitionPath,
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
 * The entity tag of a file's text, as HTTP writes one (quoted): what the
 * editor read, sent back in If-Match so a change made meanwhile is seen.
 */
export function sourceEtag(text: string): string {
  return `"${createHash('sha256').update(text, 'utf8').digest('hex')}"`;
}
