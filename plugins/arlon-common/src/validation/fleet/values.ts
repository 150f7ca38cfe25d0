// Values rule: values only for bundles the owner has, and only for parameters the bundle declares.
import { bundleOfEntry } from '../../library/library';
import type { Fleet } from '../../model/Fleet';
import type { SourceDocument } from '../../model/parseDocuments';
import type { BundleValues } from '../../model/types';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

export function valuesProblems(
  values: BundleValues | undefined,
  bundles: Set<string>,
  owner: string,
  source: SourceDocument,
  fleet: Fleet,
): Problem[] {
  const problems: Problem[] = [];
  for (const [bundle, params] of Object.entries(values ?? {})) {
    if (!bundles.has(bundle)) {
      problems.push(
        at(
          source,
          ['spec', 'values', bundle],
          `values for bundle "${bundle}", which is not in ${owner}`,
          `Add "${bundle}" to the profile's bundles, or remove these values.`,
        ),
      );
      continue;
    }
    const declared = bundleOfEntry(fleet, bundle)?.bundle.spec.parameters?.map(
      p => p.name,
    );
    if (!declared) continue; // the bundle itself is reported missing
    for (const param of Object.keys(params)) {
      if (!declared.includes(param)) {
        problems.push(
          at(
            source,
            ['spec', 'values', bundle, param],
            `bundle "${bundle}" declares no parameter "${param}"`,
            declared.length
              ? `Its parameters are: ${declared.join(', ')}.`
              : `Declare it under spec.parameters of bundle "${bundle}" first.`,
          ),
        );
      }
    }
  }
  return problems;
}
