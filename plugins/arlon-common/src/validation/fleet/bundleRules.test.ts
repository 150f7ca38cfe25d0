import type { FleetFiles } from '../../model/Fleet';
import { validateFleet } from '../validateFleet';

/** A bundle's own rules, through the whole validation: field, message and hint. */

const B = 'arlon/bundles/web.yaml';
const bundle = (source: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: web
spec:
  source:
${source}`;
const GIT = `    git:
      repoUrl: https://git.example.com/web.git
      path: chart
      revision: main
      type: helm
`;
const NO_MANIFESTS = {
  file: B,
  field: 'spec.source.inline',
  message: 'inline bundle "web" has no manifests in bundles/web/',
  hint: "Add the bundle's YAML manifests under bundles/web/.",
};

function problemsOf(files: FleetFiles) {
  return validateFleet(files).problems.map(p => ({
    file: p.file,
    field: p.field,
    message: p.message,
    hint: p.hint,
  }));
}

describe('validateFleet: bundle rules', () => {
  it('names each source field to keep when a bundle has two sources', () => {
    expect(problemsOf({ [B]: bundle(`    inline: {}\n${GIT}`) })).toEqual([
      {
        file: B,
        field: 'spec.source',
        message:
          'a bundle has one source, inline, git or helmRepository; this one names inline and git',
        hint: 'Keep one of spec.source.inline, spec.source.git.',
      },
    ]);
  });

  it('takes a .yml file as an inline manifest', () => {
    expect(
      problemsOf({
        [B]: bundle('    inline: {}\n'),
        'bundles/web/deployment.yml': 'kind: ConfigMap\n',
      }),
    ).toEqual([]);
  });

  it('does not take a file that only contains .yaml in its name as an inline manifest', () => {
    expect(
      problemsOf({
        [B]: bundle('    inline: {}\n'),
        'bundles/web/deployment.yaml.orig': 'kind: ConfigMap\n',
      }),
    ).toEqual([NO_MANIFESTS]);
  });
});
