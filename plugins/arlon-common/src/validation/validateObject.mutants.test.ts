import { validateFleet } from './validateFleet';

/**
 * The wording of validateObject's problems, one case per message part a
 * mutation test showed no other test reading.
 */
describe('validateObject messages', () => {
  const bundle = (lines: string[]) => ({
    'arlon/bundles/b.yaml': `${lines.join('\n')}\n`,
  });
  const VALID_HEAD = ['apiVersion: core.arlon.io/v1', 'kind: Bundle'];
  const SPEC = ['spec:', '  source:', '    inline: {}'];
  const problemsOf = (lines: string[]) =>
    validateFleet(bundle(lines)).problems.map(p => ({
      field: p.field,
      message: p.message,
      hint: p.hint,
    }));

  it('names the kinds to use instead of an unknown one', () => {
    expect(
      problemsOf([
        'apiVersion: core.arlon.io/v1',
        'kind: Bundel',
        'metadata:',
        '  name: b',
        ...SPEC,
      ]),
    ).toEqual([
      {
        field: 'kind',
        message: 'unknown kind "Bundel"',
        hint: 'Use one of Bundle, Profile, ClusterSpec, Cluster.',
      },
    ]);
  });

  it('says where to add a missing top-level field', () => {
    expect(problemsOf([...VALID_HEAD, 'metadata:', '  name: b'])).toEqual([
      {
        field: 'spec',
        message: 'missing required field spec',
        hint: 'Add spec: under the document.',
      },
    ]);
  });

  it.each([
    ['metadata: b', 'metadata must be a mapping, not string "b"'],
    ['metadata: [b]', 'metadata must be a mapping, not a list'],
    ['metadata: null', 'metadata must be a mapping, not null'],
    [
      'metadata:\n  name: b\n  labels: web',
      'metadata.labels must be a mapping, not string "web"',
    ],
    [
      'metadata:\n  name: b\n  labels:\n    team:\n      a: b',
      'metadata.labels.team must be a string, not a mapping',
    ],
  ])('describes what was written instead: %j', (metadata, message) => {
    expect(problemsOf([...VALID_HEAD, metadata, ...SPEC])).toEqual([
      expect.objectContaining({ message }),
    ]);
  });

  it('refuses a document that is a bare scalar as not being a definition', () => {
    expect(
      validateFleet({ 'arlon/bundles/b.yaml': 'just some text\n' }).problems,
    ).toEqual([
      expect.objectContaining({
        file: 'arlon/bundles/b.yaml',
        field: '',
        message:
          'a definition must be a mapping with apiVersion, kind, metadata and spec',
      }),
    ]);
  });

  it('names the whole path of a forbidden key inside a list', () => {
    expect(
      problemsOf([
        ...VALID_HEAD,
        'metadata:',
        '  name: b',
        'spec:',
        '  source:',
        '    inline:',
        '      items:',
        '        - ok: 1',
        '        - constructor: 2',
      ]),
    ).toEqual([
      expect.objectContaining({
        field: 'spec.source.inline.items[1].constructor',
        message:
          'spec.source.inline.items[1].constructor: the key "constructor" is not allowed',
      }),
    ]);
  });

  it("points a field without its own hint at its kind's reference", () => {
    expect(
      problemsOf([
        ...VALID_HEAD,
        'metadata:',
        '  name: b',
        '  labels: web',
        ...SPEC,
      ]),
    ).toEqual([
      {
        field: 'metadata.labels',
        message: 'metadata.labels must be a mapping, not string "web"',
        hint: 'See the Bundle reference in docs/fleet-repository.md.',
      },
    ]);
  });
});
