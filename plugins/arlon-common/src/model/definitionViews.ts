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
 * silently disappearing.
 */
export function definitionViews(
  files: FleetFiles,
  context: FleetValidationContext = {},
): DefinitionView[] {
  const { problems } = validateFleet(files, context);
  const result: DefinitionView[] = [];
  for (const file of Object.keys(files).sort()) {
    if (!/^arlon\/[^/]+\/[^/]+\.ya?ml$/.test(file)) continue;
    for (const doc of parseDocuments(file, files[file]).documents) {
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
        problems: problems.filter(p => p.file === file),
      });
    }
  }
  return result;
}
