import type { FleetFiles } from '../../model/Fleet';
import { validateFleet } from '../validateFleet';

/**
 * The parse phase, through the whole validation: which files are read, the
 * problems of a file on its own (name, place), and how a broken definition
 * keeps references to it quiet. Each case checks what the user reads.
 */

const bundle = (name: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    git:
      repoUrl: https://git.example.com/${name}.git
      path: chart
      revision: main
      type: helm
`;
const profile = (name: string) => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: ${name}
spec:
  bundles: []
`;
const externalCluster = (name: string, profiles = '[]') =>
  `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
spec:
  external:
    server: https://1.2.3.4:6443
  profiles: ${profiles}
`;

function problemsOf(files: FleetFiles) {
  return validateFleet(files).problems.map(p => ({
    file: p.file,
    line: p.line,
    field: p.field,
    message: p.message,
    hint: p.hint,
  }));
}

describe('validateFleet: reading definition files', () => {
  it('reads files in path order whatever order they arrive in, so the later file holds the second definition', () => {
    const files: FleetFiles = {
      // Two documents: a file holding several definitions is not named after one.
      'arlon/bundles/z.yaml': `${bundle('x')}---\n${bundle('z')}`,
      'arlon/bundles/x.yaml': bundle('x'),
    };
    expect(problemsOf(files)).toEqual([
      {
        file: 'arlon/bundles/z.yaml',
        line: 4,
        field: 'metadata.name',
        message: 'a second Bundle named "x"',
        hint: 'arlon/bundles/x.yaml:4 already defines it; rename one of them.',
      },
    ]);
  });

  it('reports YAML under arlon/ outside the kind folders, and only there', () => {
    expect(
      problemsOf({
        'arlon/notes.yml': 'a: 1\n',
        'arlon/notes.yaml.bak': 'a: 1\n',
        'docs/arlon/notes.yaml': 'a: 1\n',
        'arlon/bundles/nested/x.txt': 'a: 1\n',
      }),
    ).toEqual([
      {
        file: 'arlon/notes.yml',
        line: 1,
        field: '',
        message:
          'arlon/notes.yml is not where definitions live, so it is not read',
        hint: 'Definitions live directly in arlon/bundles/, arlon/profiles/, arlon/clusterspecs/, arlon/clusters/ as <name>.yaml; move it there, or remove it.',
      },
    ]);
  });

  it('refuses a file name that is not a definition name, on the file itself', () => {
    expect(problemsOf({ 'arlon/bundles/Web.yaml': bundle('web') })).toEqual([
      {
        file: 'arlon/bundles/Web.yaml',
        line: 1,
        field: '',
        message:
          'the file name "Web" is not a definition name: it must be lower-case letters, digits and \'-\', starting and ending with a letter or digit (RFC 1123)',
        hint: 'Name the file after the definition it holds, <metadata.name>.yaml.',
      },
    ]);
  });

  it('refuses a definition named unlike its file; a reference to the file name is still unknown', () => {
    expect(
      problemsOf({
        'arlon/profiles/p.yaml': profile('q'),
        'arlon/clusters/c1.yaml': externalCluster('c1', '[p]'),
      }),
    ).toEqual([
      {
        file: 'arlon/clusters/c1.yaml',
        line: 8,
        field: 'spec.profiles[0]',
        message: 'profile "p" does not exist',
        hint: 'Create the profile in arlon/profiles/, or check the name.',
      },
      {
        file: 'arlon/profiles/p.yaml',
        line: 4,
        field: 'metadata.name',
        message: 'the Profile is named "q", but its file is p.yaml',
        hint: 'Rename the file to arlon/profiles/q.yaml, or the definition to "p".',
      },
    ]);
  });

  it('takes an unreadable file for the definition its folder and name say, so references to it stay quiet', () => {
    const problems = problemsOf({
      'arlon/profiles/base.yaml': 'spec: [unclosed\n',
      'arlon/clusters/c1.yaml': externalCluster('c1', '[base]'),
    });
    // Only the syntax error: no "profile "base" does not exist" on c1.
    expect(problems).toEqual([
      {
        file: 'arlon/profiles/base.yaml',
        line: 2,
        field: '',
        message:
          'YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]',
        hint: 'Indent with spaces so that children sit deeper than their parent, and siblings line up.',
      },
    ]);
  });

  it('refuses a reserved cluster name, saying why the name matters', () => {
    expect(
      problemsOf({ 'arlon/clusters/argocd.yaml': externalCluster('argocd') }),
    ).toEqual([
      {
        file: 'arlon/clusters/argocd.yaml',
        line: 4,
        field: 'metadata.name',
        message:
          '"argocd" is reserved: it is a namespace or ArgoCD object of the management cluster',
        hint: 'Choose another name: a cluster names its root Application and its namespace on the management cluster.',
      },
    ]);
  });
});
