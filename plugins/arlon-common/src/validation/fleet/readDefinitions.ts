// Parse phase: reads each definition file on its own (syntax, schema, folder, file name).
import { FleetFiles, KIND_FOLDERS, Located } from '../../model/Fleet';
import {
  definitionNameProblem,
  reservedClusterNameProblem,
} from '../../model/names';
import { parseDocuments } from '../../model/parseDocuments';
import { ArlonKind, ArlonObject } from '../../model/types';
import { Problem } from '../Problem';
import { validateObject } from '../validateObject';
import { at } from './FleetCheck';

/** `arlon/<kind folder>/<name>.yaml`: captures the folder and the file's base name. */
const DEFINITION =
  /^arlon\/(bundles|profiles|clusterspecs|clusters)\/([^/]+)\.ya?ml$/;

/** What the parse phase found: definitions fit for the later phases, and what it refused. */
export interface ReadDefinitions {
  /** Valid definitions in their right folder and file, in file order. */
  candidates: Located<ArlonObject>[];
  /** `<kind>/<name>` of definitions that exist but are broken. */
  brokenNames: Set<string>;
  problems: Problem[];
}

/** What the parse phase finds in one file: a pure function of its path and text. */
export type FileDefinitions = ReadDefinitions;

/** Reads one file of the parse phase; the incremental validation caches it by content. */
export type DefinitionFileReader = (
  file: string,
  text: string,
) => FileDefinitions;

export function readDefinitions(
  files: FleetFiles,
  readFile: DefinitionFileReader = readDefinitionFile,
): ReadDefinitions {
  const problems: Problem[] = [];
  const brokenNames = new Set<string>();
  const candidates: Located<ArlonObject>[] = [];
  for (const file of Object.keys(files).sort()) {
    const read = readFile(file, files[file]);
    problems.push(...read.problems);
    for (const name of read.brokenNames) brokenNames.add(name);
    candidates.push(...read.candidates);
  }
  return { candidates, brokenNames, problems };
}

/** One file on its own: syntax, schema, folder and file name. */
export function readDefinitionFile(
  file: string,
  text: string,
  parse: typeof parseDocuments = parseDocuments,
): FileDefinitions {
  const problems: Problem[] = [];
  const brokenNames = new Set<string>();
  const candidates: Located<ArlonObject>[] = [];
  const definition = DEFINITION.exec(file);
  if (!definition) {
    // YAML under arlon/ that is not where a kind lives would be silently
    // ignored: say so instead.
    if (/^arlon\/.*\.ya?ml$/.test(file))
      problems.push({
        file,
        line: 1,
        column: 1,
        field: '',
        message: `${file} is not where definitions live, so it is not read`,
        hint: `Definitions live directly in ${Object.values(KIND_FOLDERS).join(
          '/, ',
        )}/ as <name>.yaml; move it there, or remove it.`,
      });
    return { candidates, brokenNames, problems };
  }
  const [, folderName, fileBase] = definition;
  const parsed = parse(file, text);
  const baseProblem = definitionNameProblem(fileBase);
  if (baseProblem) {
    problems.push({
      file,
      line: 1,
      column: 1,
      field: '',
      message: `the file name "${fileBase}" is not a definition name: it ${baseProblem}`,
      hint: 'Name the file after the definition it holds, <metadata.name>.yaml.',
    });
  }
  problems.push(...parsed.problems);
  if (parsed.problems.length) {
    // Unreadable YAML: assume the file holds what its folder and name say.
    // DEFINITION only matches the kinds' folders, so a kind is found.
    const kind = (Object.keys(KIND_FOLDERS) as ArlonKind[]).find(
      k => KIND_FOLDERS[k] === `arlon/${folderName}`,
    )!;
    brokenNames.add(`${kind}/${fileBase}`);
  }
  for (const source of parsed.documents) {
    const { object, problems: own } = validateObject(source);
    problems.push(...own);
    if (!object) {
      const v = source.value as any;
      if (
        typeof v?.kind === 'string' &&
        typeof v?.metadata?.name === 'string'
      ) {
        brokenNames.add(`${v.kind}/${v.metadata.name}`);
      }
      continue;
    }
    const folder = KIND_FOLDERS[object.kind];
    if (!file.startsWith(`${folder}/`)) {
      problems.push(
        at(
          source,
          ['kind'],
          `a ${object.kind} does not belong in ${file.slice(
            0,
            file.lastIndexOf('/'),
          )}/`,
          `Move it to ${folder}/.`,
        ),
      );
      continue;
    }
    if (
      !baseProblem &&
      parsed.documents.length === 1 &&
      object.metadata.name !== fileBase
    ) {
      problems.push(
        at(
          source,
          ['metadata', 'name'],
          `the ${object.kind} is named "${object.metadata.name}", but its file is ${fileBase}.yaml`,
          `Rename the file to ${folder}/${object.metadata.name}.yaml, or the definition to "${fileBase}".`,
        ),
      );
      continue;
    }
    if (object.kind === 'Cluster') {
      const reserved = reservedClusterNameProblem(object.metadata.name);
      if (reserved) {
        problems.push(
          at(
            source,
            ['metadata', 'name'],
            reserved,
            'Choose another name: a cluster names its root Application and its namespace on the management cluster.',
          ),
        );
        continue;
      }
    }
    candidates.push({ object, source });
  }
  return { candidates, brokenNames, problems };
}
