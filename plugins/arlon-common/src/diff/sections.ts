import type { Rendered, RenderedObject } from '../render/renderBundle';
import {
  addSummaries,
  diffObjects,
  DiffOptions,
  duplicateIdentities,
  identifyObject,
  ObjectDiff,
  summarize,
} from './diffObjects';
import type { DiffReport, DiffSection, DiffTarget } from './report';
import { describeTarget } from './report';
import { scopeFromObjects } from './scope';

/** Names, on each object diff, the bundle its object was rendered from. */
export function attachBundles(
  diffs: ObjectDiff[],
  rendered: RenderedObject[],
  options: Pick<DiffOptions, 'defaultNamespace' | 'isNamespaced'>,
): ObjectDiff[] {
  const bundleOf = new Map(
    rendered.map(r => [identifyObject(r.object, options).key, r.bundle]),
  );
  return diffs.map(d =>
    bundleOf.has(d.key) ? { ...d, bundle: bundleOf.get(d.key) } : d,
  );
}

/** A section with its summary counted. */
export function section(fields: Omit<DiffSection, 'summary'>): DiffSection {
  return { ...fields, summary: summarize(fields.objects) };
}

/**
 * Two sets of rendered definitions (bundle against bundle, profile against
 * profile): both are complete, so every field counts and objects only on the
 * left are deletes.
 */
export function compareRendered(
  title: string,
  left: Rendered,
  right: Rendered,
): DiffSection {
  const all = [...left.objects, ...right.objects];
  const options = {
    defaultNamespace: 'default',
    isNamespaced: scopeFromObjects(all.map(r => r.object)),
  };
  const objects = diffObjects(
    right.objects.map(r => r.object),
    left.objects.map(r => r.object),
    { ...options, exact: true, prune: true },
  );
  const duplicates = (side: Rendered, name: string) =>
    duplicateNotes(side, name, options);
  return section({
    title,
    method: 'exact',
    notes: [
      ...new Set([
        ...left.notes,
        ...right.notes,
        ...duplicates(left, 'the left side'),
        ...duplicates(right, 'the right side'),
      ]),
    ],
    objects: attachBundles(objects, all, options),
  });
}

/** A note for each identity `side` holds more than once. */
export function duplicateNotes(
  side: Rendered,
  name: string,
  options: Pick<DiffOptions, 'defaultNamespace' | 'isNamespaced'>,
): string[] {
  return duplicateIdentities(
    side.objects.map(r => r.object),
    options,
  ).map(
    key =>
      `${name} holds ${key} more than once: the last one is compared (applying them in order leaves it)`,
  );
}

/** The report of sections comparing `left` (what is) with `right` (what would be). */
export function makeReport(
  left: DiffTarget,
  right: DiffTarget,
  sections: DiffSection[],
  createdAt: Date,
): DiffReport {
  return {
    title: `${describeTarget(left)} → ${describeTarget(right)}`,
    left,
    right,
    createdAt: createdAt.toISOString(),
    summary: addSummaries(sections.map(s => s.summary)),
    sections,
  };
}
