// Bundle rules: exactly one source, inline manifests present, each parameter declared once.
import { FleetFiles, inlineBundleFolder, Located } from '../../model/Fleet';
import { Bundle, BundleSourceKind } from '../../model/types';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

/** The ways a bundle names its manifests, in the order problems list them. */
const SOURCE_KINDS: readonly BundleSourceKind[] = [
  'inline',
  'git',
  'helmRepository',
];

export function bundleProblems(
  { object, source }: Located<Bundle>,
  files: FleetFiles,
): Problem[] {
  const problems: Problem[] = [];
  const given: Record<string, unknown> = { ...object.spec.source };
  const named = SOURCE_KINDS.filter(kind => given[kind]);
  if (named.length > 1) {
    problems.push(
      at(
        source,
        ['spec', 'source'],
        `a bundle has one source, inline, git or helmRepository; this one names ${named.join(
          ' and ',
        )}`,
        `Keep one of ${named.map(k => `spec.source.${k}`).join(', ')}.`,
      ),
    );
  } else if (named.length === 0) {
    problems.push(
      at(
        source,
        ['spec', 'source'],
        'a bundle needs a source: inline, git or helmRepository',
        `Add spec.source.inline: {} with manifests in ${inlineBundleFolder(
          object.metadata.name,
        )}/, spec.source.git with repoUrl, path, revision and type, or spec.source.helmRepository with repoUrl, chart and version.`,
      ),
    );
  } else if ('inline' in object.spec.source && object.spec.source.inline) {
    const folder = `${inlineBundleFolder(object.metadata.name)}/`;
    if (
      !Object.keys(files).some(f => f.startsWith(folder) && /\.ya?ml$/.test(f))
    ) {
      problems.push(
        at(
          source,
          ['spec', 'source', 'inline'],
          `inline bundle "${object.metadata.name}" has no manifests in ${folder}`,
          `Add the bundle's YAML manifests under ${folder}.`,
        ),
      );
    }
  }
  const seen = new Set<string>();
  (object.spec.parameters ?? []).forEach((p, i) => {
    if (seen.has(p.name))
      problems.push(
        at(
          source,
          ['spec', 'parameters', i, 'name'],
          `parameter "${p.name}" is declared twice`,
          'Remove one of them.',
        ),
      );
    seen.add(p.name);
  });
  return problems;
}
