import type { Problem } from '../validation/Problem';
import type { HeldState } from '../validation/breakingCommits';
import {
  type FleetValidationContext,
  validateFleet,
} from '../validation/validateFleet';
import type { FleetFiles } from './Fleet';
import { parseDocuments } from './parseDocuments';
import type { ArlonKind, ArlonObject } from './types';

/** A definition as people see it: where it lives, what it says, and what is wrong with its file. */
export interface DefinitionView {
  kind: ArlonKind;
  name: string;
  file: string;
  line: number;
  definition: ArlonObject;
  problems: Problem[];
  /** Held at last known good (see applyLastKnownGood): what holds it; absent when it follows the head. */
  held?: HeldState;
}

/**
 * Every readable definition of a fleet repository, valid or not, with the
 * problems found in its file: broken definitions stay visible rather than
 * silently disappearing. With `context.cache`, files are parsed and validated once
 * per content (FleetValidationCache); the views are the same.
 */
export function definitionViews(
  files: FleetFiles,
  context: FleetValidationContext = {},
): DefinitionView[] {
  const { problems } = validateFleet(files, context);
  const parse = context.cache?.parse ?? parseDocuments;
  const problemsOf = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = problemsOf.get(p.file);
    if (list) list.push(p);
    else problemsOf.set(p.file, [p]);
  }
  const result: DefinitionView[] = [];
  for (const file of Object.keys(files).sort()) {
    if (!/^arlon\/[^/]+\/[^/]+\.ya?ml$/.test(file)) continue;
    for (const doc of parse(file, files[file]).documents) {
      const value = doc.value as any;
      if (
        typeof value?.kind !== 'string' ||
        typeof value?.metadata?.name !== 'string'
      )
        continue;
      result.push({
        kind: value.kind,
        name: value.metadata.name,
        file,
        line: doc.locate([]).line,
        definition: value,
        problems: [...(problemsOf.get(file) ?? [])],
      });
    }
  }
  return result;
}
