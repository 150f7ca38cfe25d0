import { parseAllDocuments, stringify } from 'yaml';
import { FleetFiles, inlineBundleFolder } from '../model/Fleet';
import { checkDefinitionName, definitionPath } from '../model/names';
import { manifestProblems } from '../validation/manifestProblems';
import { parseDocuments } from '../model/parseDocuments';
import type { ArlonKind, ArlonObject } from '../model/types';
import type { Problem } from '../validation/Problem';
import { validateFleet } from '../validation/validateFleet';
import type { FleetValidationCache } from '../validation/FleetValidationCache';
import { compileFleet, CompileOptions, GENERATED_ROOT } from './compileFleet';

/** A file name inside an inline bundle's folder. */
const SAFE_RELATIVE_PATH = /^[\w.-]+(\/[\w.-]+)*\.(ya?ml|json)$/;

/** One logical change to the fleet's definitions. */
export type FleetEdit =
  /** Create or replace a definition; `yaml` keeps the author's text, comments and all. */
  | { op: 'put'; kind: ArlonKind; name: string; yaml: string }
  | { op: 'delete'; kind: ArlonKind; name: string }
  /** Rewrite existing definitions, e.g. add a profile to many clusters. */
  | {
      op: 'update';
      kind: ArlonKind;
      names: string[];
      update(object: ArlonObject): ArlonObject;
    }
  /** Replace an inline bundle's manifests (`bundles/<bundle>/`) with `files` (relative path to text). */
  | { op: 'bundleFiles'; bundle: string; files: Record<string, string> };

export interface FleetEditPlan {
  /** Files to write (content) or delete (null): the definitions and the whole regenerated tree. */
  changes: Record<string, string | null>;
  /** Problems of the fleet as it would be; when any, nothing may be written. */
  problems: Problem[];
  /** Names an edit referred to that do not exist. */
  missing: string[];
}

/**
 * Plans a change: applies `edits` to the definitions, validates the whole
 * fleet as it would be, and recompiles the generated tree. Pure: files in,
 * file changes out, so the same plan can be rerun on a newer commit.
 * Throws InvalidNameError (an InputError) when an edit names a definition
 * with something that is not a definition name, before any path is built.
 */
export function planFleetEdit(
  files: FleetFiles,
  edits: FleetEdit[],
  options: CompileOptions,
  /**
   * The fleet's validation cache (the portal's is its repository's): the
   * files an edit leaves alone, all but a few of a fleet of thousands, are
   * not parsed and checked on their own again. The plan is the same.
   */
  cache?: FleetValidationCache,
): FleetEditPlan {
  const next: FleetFiles = { ...files };
  const missing: string[] = [];
  const editProblems: Problem[] = [];
  const located = locateDefinitions(files, cache?.parse);

  for (const edit of edits) {
    if (edit.op === 'bundleFiles') checkDefinitionName(edit.bundle, 'bundle');
    else
      for (const name of edit.op === 'update' ? edit.names : [edit.name])
        checkDefinitionName(name, `the ${edit.kind}'s name`);
  }

  for (const edit of edits) {
    if (edit.op === 'put') {
      const where = located.get(`${edit.kind}/${edit.name}`);
      const file = where?.file ?? definitionPath(edit.kind, edit.name);
      next[file] =
        where && where.count > 1
          ? replaceDocument(next[file], where.index, edit.yaml)
          : edit.yaml;
    } else if (edit.op === 'delete') {
      const where = located.get(`${edit.kind}/${edit.name}`);
      if (!where) {
        missing.push(`${edit.kind} ${edit.name}`);
        continue;
      }
      if (where.count > 1)
        next[where.file] = replaceDocument(next[where.file], where.index);
      else delete next[where.file];
      if (edit.kind === 'Bundle') {
        for (const f of Object.keys(next))
          if (f.startsWith(`bundles/${edit.name}/`)) delete next[f];
      }
    } else if (edit.op === 'bundleFiles') {
      const folder = `${inlineBundleFolder(edit.bundle)}/`;
      for (const f of Object.keys(next))
        if (f.startsWith(folder)) delete next[f];
      for (const [relative, text] of Object.entries(edit.files)) {
        const file = `${folder}${relative}`;
        if (
          !SAFE_RELATIVE_PATH.test(relative) ||
          relative.split('/').includes('..')
        ) {
          editProblems.push({
            file,
            line: 1,
            column: 1,
            field: '',
            message: `"${relative}" is not a file name inside the bundle`,
            hint: 'Use relative paths of letters, digits, ".", "-" and "_" ending in .yaml, .yml or .json.',
          });
          continue;
        }
        next[file] = text;
        editProblems.push(...manifestProblems(file, text));
      }
    } else {
      for (const name of edit.names) {
        const where = located.get(`${edit.kind}/${name}`);
        if (!where) {
          missing.push(`${edit.kind} ${name}`);
          continue;
        }
        const doc = parseAllDocuments(next[where.file])[where.index];
        const replacement = stringify(edit.update(doc.toJS()));
        // A file of one document, not edited yet by this plan, becomes the
        // replacement with its line ends as replaceDocument writes them,
        // without parsing the file again (a profile applied to thousands of
        // clusters rewrites thousands of such files).
        next[where.file] =
          where.count === 1 && next[where.file] === files[where.file]
            ? replacement.replace(/\n*$/, '\n')
            : replaceDocument(next[where.file], where.index, replacement);
      }
    }
  }

  const { fleet, problems: fleetProblems } = validateFleet(next, {
    managementClusters: options.managementClusters,
    libraries: options.libraries,
    cache,
  });
  const problems = [...editProblems, ...fleetProblems];
  const changes: Record<string, string | null> = {};
  // Edits write only definitions and bundle folders: generated/ files differ
  // only below, by the compiler's say.
  for (const file of new Set([...Object.keys(files), ...Object.keys(next)])) {
    if (files[file] !== next[file]) changes[file] = next[file] ?? null;
  }
  if (problems.length === 0 && missing.length === 0) {
    const generated = compileFleet(fleet, options);
    for (const file of Object.keys(files)) {
      if (file.startsWith(`${GENERATED_ROOT}/`) && !(file in generated))
        changes[file] = null;
    }
    for (const [file, content] of Object.entries(generated)) {
      if (files[file] !== content) changes[file] = content;
    }
  }
  return { changes, problems, missing };
}

/**
 * Where each definition lives: file, position in a multi-document file, and
 * how many documents it has. Parsed with the validation cache when there is
 * one: a plan reads every definition file, and all but the edited ones were
 * parsed when the head was validated.
 */
function locateDefinitions(
  files: FleetFiles,
  parse: FleetValidationCache['parse'] = parseDocuments,
) {
  const located = new Map<
    string,
    { file: string; index: number; count: number }
  >();
  for (const [file, text] of Object.entries(files)) {
    if (!/^arlon\/[^/]+\/[^/]+\.ya?ml$/.test(file)) continue;
    // Only the documents that are data (no syntax error, data the yaml
    // library can build): validation judges the rest.
    const { documents, count } = parse(file, text);
    for (const { value, index } of documents as Array<{
      value: any;
      index: number;
    }>) {
      if (
        typeof value?.kind === 'string' &&
        typeof value.metadata?.name === 'string'
      ) {
        located.set(`${value.kind}/${value.metadata.name}`, {
          file,
          index,
          count,
        });
      }
    }
  }
  return located;
}

/** Replaces (or, without a replacement, removes) one document of a multi-document file. */
function replaceDocument(
  text: string,
  index: number,
  replacement?: string,
): string {
  const docs = parseAllDocuments(text).map(d => d.toString());
  if (replacement === undefined) docs.splice(index, 1);
  else docs[index] = replacement;
  // A document after the first that opens with its own `---` (every parsed
  // one does) must not get a second: an empty document would sit between.
  return docs
    .map(d => d.replace(/\n*$/, '\n'))
    .map((d, i) => (i > 0 && !opensWithMarker(d) ? `---\n${d}` : d))
    .join('');
}

/** Whether YAML text starts its document with an explicit `---`. */
function opensWithMarker(text: string): boolean {
  return parseAllDocuments(text)[0]?.directives.docStart === true;
}
