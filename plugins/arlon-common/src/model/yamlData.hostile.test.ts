import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { planFleetEdit } from '../compiler/planFleetEdit';
import { renderSource, UnrenderableSource } from '../render/renderSource';
import { manifestProblems } from '../validation/manifestProblems';
import { validateFleet } from '../validation/validateFleet';
import { parseDocuments } from './parseDocuments';

/** "Billion laughs": 9 levels of 9 aliases, a few hundred bytes that would expand to 9^9 strings. */
function aliasBomb(prefix = ''): string {
  let text = `${prefix}a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n`;
  let previous = 'a';
  for (const level of 'bcdefghi') {
    text += `${level}: &${level} [${Array(9)
      .fill(`*${previous}`)
      .join(',')}]\n`;
    previous = level;
  }
  return text;
}

const MESSAGE =
  'YAML aliases expand too far (more than 100 expansions in one document; an alias bomb such as "billion laughs" looks like this)';
/** Loose: the point is that it ends, not how fast. */
const GENEROUS_MS = 5_000;

const timed = <T>(work: () => T) => {
  const started = Date.now();
  const value = work();
  return { value, ms: Date.now() - started };
};

describe('YAML alias bombs', () => {
  it('parseDocuments reports an alias bomb as a problem at its document, with what to do', () => {
    const text = `# a comment\n${aliasBomb()}`;
    const { value, ms } = timed(() =>
      parseDocuments('arlon/bundles/x.yaml', text),
    );
    expect(value.documents).toEqual([]);
    expect(value.problems).toEqual([
      {
        file: 'arlon/bundles/x.yaml',
        line: 2,
        column: 1,
        field: '',
        message: MESSAGE,
        hint: 'Write the repeated values out, or use fewer anchors (&) and aliases (*).',
      },
    ]);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it('keeps the other documents of a multi-document file', () => {
    const ok =
      'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata: {name: ok}\n';
    const { documents, problems } = parseDocuments(
      'arlon/bundles/x.yaml',
      `${ok}---\n${aliasBomb()}`,
    );
    expect(documents.map(d => d.index)).toEqual([0]);
    expect(problems).toEqual([
      expect.objectContaining({ line: 5, message: MESSAGE }),
    ]);
  });

  it('a hand-pushed alias bomb in the fleet repository is a validation problem, not a crash', () => {
    const files = {
      ...readFleetDir(EXAMPLE_FLEET_DIR),
      'arlon/bundles/bomb.yaml': aliasBomb(
        'apiVersion: core.arlon.io/v1\nkind: Bundle\n',
      ),
    };
    const { problems } = validateFleet(files);
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'arlon/bundles/bomb.yaml',
        message: MESSAGE,
      }),
    );
  });

  it('an alias bomb in an inline bundle manifest is a problem at its line', () => {
    const problems = manifestProblems('bundles/web/bomb.yaml', aliasBomb());
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'bundles/web/bomb.yaml',
        line: 1,
        message: MESSAGE,
      }),
    ]);
  });

  it('planning a write over a repository that holds an alias bomb refuses with problems instead of throwing', () => {
    const files = {
      ...readFleetDir(EXAMPLE_FLEET_DIR),
      'arlon/bundles/bomb.yaml': aliasBomb(),
    };
    const plan = planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Bundle',
          name: 'extra',
          yaml: 'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: extra\nspec:\n  source:\n    inline: {}\n',
        },
      ],
      { repoUrl: 'http://127.0.0.1:7080/fleet.git', revision: 'main' },
    );
    expect(plan.problems).toContainEqual(
      expect.objectContaining({
        file: 'arlon/bundles/bomb.yaml',
        message: MESSAGE,
      }),
    );
    expect(plan.changes['generated/argocd/bundles/extra.yaml']).toBeUndefined();
  });

  it('rendering a bundle whose manifests hold an alias bomb says it cannot, naming the file', () => {
    const files = new Map([['bundles/web/bomb.yaml', aliasBomb()]]);
    expect(() => renderSource(files, 'bundles/web', false)).toThrow(
      new UnrenderableSource(
        `bundles/web/bomb.yaml: ${MESSAGE}. Write the repeated values out, or use fewer anchors (&) and aliases (*).`,
      ),
    );
  });

  it('rendering a kustomization that is an alias bomb says it cannot', () => {
    const files = new Map([
      ['bundles/web/kustomization.yaml', aliasBomb()],
      [
        'bundles/web/a.yaml',
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n',
      ],
    ]);
    expect(() => renderSource(files, 'bundles/web', false)).toThrow(
      UnrenderableSource,
    );
  });
});

describe('YAML 1.1 merges of a scalar (found reviewing the compiler survivors)', () => {
  it('are a problem of their file, never an exception for the whole fleet', () => {
    const file = 'arlon/bundles/merge.yaml';
    const { problems } = validateFleet({
      'arlon/bundles/ok.yaml':
        'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: ok\nspec:\n  source:\n    git:\n      repoUrl: https://github.com/example/ok.git\n      path: ok\n',
      [file]: '%YAML 1.1\n---\nx: &x 1\n<<: *x\n',
    });
    // The other file is still validated (its own problems are reported too).
    expect(problems.some(p => p.file === 'arlon/bundles/ok.yaml')).toBe(true);
    expect(problems.filter(p => p.file === file)).toEqual([
      expect.objectContaining({
        file,
        message:
          'YAML that cannot be read as data: Merge sources must be maps or map aliases',
      }),
    ]);
  });
});
