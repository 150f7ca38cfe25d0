import { ALIAS_BOMB_HINT, ALIAS_BOMB_MESSAGE } from '../model/yamlData';
import { manifestProblems } from './manifestProblems';

const FILE = 'bundles/web/manifests.yaml';
const HINT = 'Each document of a bundle manifest is one Kubernetes object.';

describe('manifestProblems', () => {
  it('accepts Kubernetes objects and skips empty documents', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: web',
      '---',
      '# only a comment: an empty document',
      '---',
      'null',
      '---',
      '~',
    ].join('\n');
    expect(manifestProblems(FILE, text)).toEqual([]);
  });

  it('names every missing field, at the line of its document', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\n---\nkind: Secret\nmetadata:\n  name: s\n';
    expect(manifestProblems(FILE, text)).toEqual([
      {
        file: FILE,
        line: 1,
        column: 1,
        field: 'metadata.name',
        message: 'a Kubernetes object needs metadata.name',
        hint: HINT,
      },
      {
        file: FILE,
        line: 4,
        column: 1,
        field: 'apiVersion',
        message: 'a Kubernetes object needs apiVersion',
        hint: HINT,
      },
    ]);
  });

  it('refuses a document that is not a mapping, listing what it lacks', () => {
    expect(manifestProblems(FILE, '- a\n- b\n---\njust text\n')).toEqual([
      {
        file: FILE,
        line: 1,
        column: 1,
        field: 'apiVersion',
        message: 'a Kubernetes object needs apiVersion, kind, metadata.name',
        hint: HINT,
      },
      {
        file: FILE,
        line: 4,
        column: 1,
        field: 'apiVersion',
        message: 'a Kubernetes object needs apiVersion, kind, metadata.name',
        hint: HINT,
      },
    ]);
  });

  it('reports YAML that does not parse with the first line of the parser error', () => {
    const [problem] = manifestProblems(FILE, 'kind: [unclosed\n');
    expect(problem).toMatchObject({ file: FILE, line: 2, field: '' });
    expect(problem.message).toMatch(/^not valid YAML: \S.*\S$/);
    expect(problem.message).not.toContain('\n');
  });

  it('reports an alias bomb as a problem of the file, not of a field', () => {
    let text = 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
    for (const [previous, level] of [
      'ab',
      'bc',
      'cd',
      'de',
      'ef',
      'fg',
      'gh',
    ]) {
      text += `${level}: &${level} [${Array(9)
        .fill(`*${previous}`)
        .join(',')}]\n`;
    }
    expect(manifestProblems(FILE, `---\n${text}`)).toEqual([
      {
        file: FILE,
        line: 2,
        column: 1,
        field: '',
        message: ALIAS_BOMB_MESSAGE,
        hint: ALIAS_BOMB_HINT,
      },
    ]);
  });
});
