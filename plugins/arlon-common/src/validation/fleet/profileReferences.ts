// Profile references: each listed bundle is non-empty, listed once and exists; then its values.
import { KIND_FOLDERS, Located } from '../../model/Fleet';
import { isLibraryRef } from '../../library/library';
import { Profile } from '../../model/types';
import { Problem } from '../Problem';
import { at, FleetCheck } from './FleetCheck';
import { libraryReferenceProblems } from './libraryReferences';
import { hintForName } from './suggestions';
import { valuesProblems } from './values';

export function profileProblems(
  { object, source }: Located<Profile>,
  { fleet, isBroken, warnings }: FleetCheck,
): Problem[] {
  const problems: Problem[] = [];
  const listed = new Set<string>();
  // A comma-separated string has no per-entry position: point at the field.
  // validateObject accepted the document, so its raw value has a spec mapping.
  const asList = Array.isArray((source.value as any).spec.bundles);
  object.spec.bundles.forEach((bundle, i) => {
    const path = ['spec', 'bundles', ...(asList ? [i] : [])];
    if (bundle === '') {
      problems.push(
        at(
          source,
          path,
          `bundle entry ${i + 1} is empty`,
          'Remove the empty entry (look for a stray comma or dash).',
        ),
      );
    } else if (listed.has(bundle)) {
      problems.push(
        at(
          source,
          path,
          `bundle "${bundle}" is listed twice`,
          'List each bundle once.',
        ),
      );
    } else if (isLibraryRef(bundle)) {
      const found = libraryReferenceProblems(
        bundle,
        source,
        path,
        fleet.libraries,
      );
      problems.push(...found.problems);
      warnings?.push(...found.warnings);
    } else if (!fleet.bundles.has(bundle) && !isBroken('Bundle', bundle)) {
      problems.push(
        at(
          source,
          path,
          `bundle "${bundle}" does not exist`,
          hintForName(bundle, fleet.bundles, 'bundle', KIND_FOLDERS.Bundle),
        ),
      );
    }
    listed.add(bundle);
  });
  problems.push(
    ...valuesProblems(
      object.spec.values,
      listed,
      `profile "${object.metadata.name}"`,
      source,
      fleet,
    ),
  );
  return problems;
}
