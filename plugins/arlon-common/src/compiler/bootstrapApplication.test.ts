import { bootstrapApplicationIn } from './bootstrapApplication';

const FILE = 'generated/bootstrap/arlon-fleet.yaml';
const application = (repoURL: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: arlon-fleet\nspec:\n  source:\n    repoURL: ${repoURL}\n`;
const repoOf = (text: string) =>
  bootstrapApplicationIn(text, FILE).application?.spec.source.repoURL;

describe('bootstrapApplicationIn', () => {
  it('finds the arlon-fleet Application among other documents', () => {
    const configMap =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: arlon-fleet\n';
    expect(
      repoOf(`${configMap}---\n${application('https://a.test/f.git')}`),
    ).toBe('https://a.test/f.git');
  });

  it('skips a document that does not parse, even one that looks like it', () => {
    // A repeated key is a YAML error; the data would still read.
    const broken = `${application('https://broken.test/f.git')}spec: {}\n`;
    expect(bootstrapApplicationIn(broken, FILE)).toEqual({ unreadable: false });
    expect(repoOf(`${broken}---\n${application('https://a.test/f.git')}`)).toBe(
      'https://a.test/f.git',
    );
  });

  it('skips empty documents', () => {
    expect(repoOf(`---\n---\n${application('https://a.test/f.git')}`)).toBe(
      'https://a.test/f.git',
    );
  });

  it('says unreadable, without expanding it, when a document is an alias bomb', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++) {
      const [prev, next] = [
        String.fromCharCode(96 + i),
        String.fromCharCode(97 + i),
      ];
      levels.push(
        `${next}: &${next} [${Array(9).fill(`*${prev}`).join(', ')}]`,
      );
    }
    expect(
      bootstrapApplicationIn(
        `${application('https://a.test/f.git')}---\n${levels.join('\n')}\n`,
        FILE,
      ),
    ).toEqual({ unreadable: true });
  });

  it('says unreadable, not crash, when the yaml library cannot make a document data', () => {
    // Valid YAML 1.1, but a merge key (<<) may only merge mappings.
    const merge = '%YAML 1.1\n---\nx: &x 1\ny:\n  <<: *x\n';
    expect(
      bootstrapApplicationIn(
        `${application('https://a.test/f.git')}...\n${merge}`,
        FILE,
      ),
    ).toEqual({ unreadable: true });
  });
});
