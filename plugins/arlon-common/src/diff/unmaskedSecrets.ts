import { parse } from 'yaml';
import type { ObjectDiff } from './diffObjects';
import type { DiffReport } from './report';
import { MASK_CHANGED, MASK_TEXT } from './unifiedDiff';
import {
  annotationShowsSecret,
  jsonShowsSecret,
  LAST_APPLIED,
} from './secretAnnotations';

const MASKED = new Set<unknown>([MASK_TEXT, MASK_CHANGED]);
const SECRET_FIELD = /^(data|stringData)(\.|$)/;

/**
 * Pure: where a report shows a Secret value. Arlon masks every one when it
 * makes a report, so a report that arrives from outside (an imported file, a
 * save request) with one was made elsewhere or edited; storing it would show
 * the value to everyone who may read reports. Metadata counts: an
 * annotation such as kubectl's last-applied configuration copies the values.
 */
export function unmaskedSecrets(report: DiffReport): string[] {
  return report.sections.flatMap((section, s) =>
    section.objects
      .filter(o => o.kind === 'Secret')
      .flatMap((object, o) => {
        const where = `sections.${s}.objects.${o} (Secret ${
          object.namespace ? `${object.namespace}/` : ''
        }${object.name})`;
        return [
          ...inChanges(object),
          ...inUnified(object.unified),
          ...inUnifiedMetadata(object.unified),
        ].map(field => `${where}: ${field} is not masked`);
      }),
  );
}

function inChanges(object: ObjectDiff): string[] {
  const found: string[] = [];
  for (const change of object.changes)
    for (const value of [change.from, change.to]) {
      if (value === undefined) continue;
      if (SECRET_FIELD.test(change.path)) {
        if (!masked(value)) found.push(`change ${change.path}`);
      } else if (change.path === '' && value && typeof value === 'object') {
        for (const field of ['data', 'stringData'])
          if (field in value && !masked((value as any)[field]))
            found.push(`change ${field}`);
        found.push(
          ...shownAnnotations((value as any).metadata).map(a => `change ${a}`),
        );
      } else if (change.path === 'metadata')
        found.push(...shownAnnotations(value).map(a => `change ${a}`));
      else if (change.path === 'metadata.annotations')
        found.push(
          ...shownAnnotations({ annotations: value }).map(a => `change ${a}`),
        );
      else if (change.path.startsWith('metadata.annotations.')) {
        const key = change.path.slice('metadata.annotations.'.length);
        if (annotationShowsSecret(key, value))
          found.push(`change ${change.path}`);
      }
    }
  return [...new Set(found)];
}

/** The annotations of a Secret's metadata that show its values. */
function shownAnnotations(metadata: unknown): string[] {
  const annotations = (metadata as any)?.annotations;
  if (!annotations || typeof annotations !== 'object') return [];
  return Object.keys(annotations)
    .filter(k => annotationShowsSecret(k, annotations[k]))
    .map(k => `metadata.annotations.${k}`);
}

/**
 * Scans every line of a Secret's unified diff for a copy of its values in
 * metadata: kubectl's last-applied annotation not masked, or any JSON (an
 * annotation's value, a block scalar's line) with `data`/`stringData`.
 */
function inUnifiedMetadata(unified: string): string[] {
  const found = new Set<string>();
  for (const line of unified.split('\n')) {
    if (/^(---|\+\+\+|@@|Index:|={3,}|\\)/.test(line) || !line) continue;
    const content = line.slice(1).trim();
    const entry = parseEntry(content);
    const applied = entry && LAST_APPLIED in entry;
    if (applied && entry[LAST_APPLIED] !== MASK_TEXT)
      found.add(`metadata.annotations.${LAST_APPLIED}`);
    const values = [
      content,
      ...Object.values(entry ?? {}).filter(v => typeof v === 'string'),
    ] as string[];
    if (!applied && values.some(jsonShowsSecret))
      found.add('metadata.annotations');
  }
  return [...found];
}

/** A masked value, or a map whose values all are. */
function masked(value: unknown): boolean {
  if (value && typeof value === 'object')
    return Object.values(value).every(v => MASKED.has(v));
  return MASKED.has(value);
}

/** Scans the YAML side of a unified diff for `data`/`stringData` entries. */
function inUnified(unified: string): string[] {
  const found = new Set<string>();
  let field: string | undefined;
  let key: string | undefined;
  for (const line of unified.split('\n')) {
    if (/^(---|\+\+\+|@@|Index:|={3,}|\\)/.test(line) || !line) continue;
    const content = line.slice(1);
    if (/^\S/.test(content)) {
      const top = /^(data|stringData):\s*(.*)$/.exec(content);
      field = top && !top[2] ? top[1] : undefined;
      if (top && top[2] && top[2] !== '{}') found.add(top[1]);
      continue;
    }
    if (!field || !content.trim()) continue;
    const entry = /^ {2}(\S.*)$/.exec(content);
    if (!entry) {
      // A continuation (a block scalar's lines): part of the last entry's value.
      found.add(`${field}.${key ?? '(value)'}`);
      continue;
    }
    const value = parseEntry(entry[1]);
    key = value ? Object.keys(value)[0] : undefined;
    if (!value || !Object.values(value).every(v => MASKED.has(v)))
      found.add(`${field}.${key ?? '(value)'}`);
  }
  return [...found];
}

function parseEntry(text: string): Record<string, unknown> | undefined {
  try {
    const value = parse(text);
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
