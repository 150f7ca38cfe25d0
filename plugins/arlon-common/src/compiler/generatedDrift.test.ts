import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import {
  BOOTSTRAP_FILE,
  compileOptionsOfGenerated,
  generatedDrift,
} from './generatedDrift';

// What examples/fleet/generated was compiled with.
const OPTIONS = {
  repoUrl: 'http://127.0.0.1:7080/fleet.git',
  revision: 'main',
  // The example fleet is compiled for Cluster API v1beta2 (it records so).
  capiVersion: 'v1beta2' as const,
};
const files = readFleetDir(EXAMPLE_FLEET_DIR);

describe('generatedDrift', () => {
  it('finds nothing stale in the example fleet', () => {
    expect(generatedDrift(files, OPTIONS)).toEqual({
      problems: [],
      changes: {},
      stale: [],
    });
  });

  it('lists what a hand edit of a definition leaves stale, with the content that makes it current', () => {
    const edited: Record<string, string> = {
      ...files,
      'arlon/clusters/dev-local.yaml': files[
        'arlon/clusters/dev-local.yaml'
      ].replace('replicaCount: 1', 'replicaCount: 3'),
    };
    const drift = generatedDrift(edited, OPTIONS);
    expect(drift.problems).toEqual([]);
    // Only generated files: the definitions are what they are.
    expect(drift.stale).toEqual([
      { path: 'generated/values/dev-local/guestbook.yaml', action: 'update' },
    ]);
    expect(
      drift.changes['generated/values/dev-local/guestbook.yaml'],
    ).toContain('replicaCount: 3');
    // Applying the changes makes it current.
    const next = { ...edited };
    for (const [path, content] of Object.entries(drift.changes)) {
      if (content === null) delete next[path];
      else next[path] = content;
    }
    expect(generatedDrift(next, OPTIONS).stale).toEqual([]);
  });

  it('sees a hand edit of a generated file, and a generated file nothing compiles to', () => {
    const path = 'generated/argocd/profiles/apps.yaml';
    const drift = generatedDrift(
      {
        ...files,
        [path]: `${files[path]}# edited by hand\n`,
        'generated/argocd/clusters/gone.yaml': 'kind: Application\n',
      },
      OPTIONS,
    );
    expect(drift.stale).toEqual([
      { path: 'generated/argocd/clusters/gone.yaml', action: 'delete' },
      { path, action: 'update' },
    ]);
    expect(drift.changes[path]).toBe(files[path]);
  });

  it('reports the problems of broken definitions and drops nothing', () => {
    const drift = generatedDrift(
      {
        ...files,
        'arlon/clusters/dev-local.yaml': files[
          'arlon/clusters/dev-local.yaml'
        ].replace('profiles:', 'profles:'),
      },
      OPTIONS,
    );
    expect(drift.problems).toContainEqual(
      expect.objectContaining({ file: 'arlon/clusters/dev-local.yaml' }),
    );
    expect(drift.changes).toEqual({});
    expect(drift.stale).toEqual([]);
  });

  it('counts a different repository URL as stale (the tree names where ArgoCD reads)', () => {
    const drift = generatedDrift(files, {
      ...OPTIONS,
      repoUrl: 'https://git.example.com/fleet.git',
    });
    expect(drift.stale).toContainEqual({
      path: BOOTSTRAP_FILE,
      action: 'update',
    });
  });

  it('lists a generated file gone missing as one to create, sorted by path with the rest', () => {
    const gone = 'generated/argocd/profiles/apps.yaml';
    const { [gone]: content, ...without } = files;
    const drift = generatedDrift(
      { ...without, 'generated/zz-left-over.yaml': 'kind: ConfigMap\n' },
      OPTIONS,
    );
    expect(drift.stale).toEqual([
      { path: gone, action: 'create' },
      { path: 'generated/zz-left-over.yaml', action: 'delete' },
    ]);
    expect(drift.changes[gone]).toBe(content);
  });
});

describe('compileOptionsOfGenerated', () => {
  it("reads the example's repository URL, revision and namespace from its bootstrap Application", () => {
    expect(compileOptionsOfGenerated(files)).toEqual({
      options: { ...OPTIONS, argocdNamespace: 'argocd' },
    });
  });

  it('says why when there is no bootstrap file', () => {
    const { [BOOTSTRAP_FILE]: _, ...without } = files;
    expect(compileOptionsOfGenerated(without)).toEqual({
      reason: `${BOOTSTRAP_FILE} is missing`,
    });
  });

  const bootstrap = files[BOOTSTRAP_FILE];
  const withBootstrap = (text: string) => ({
    ...files,
    [BOOTSTRAP_FILE]: text,
  });

  it('says why when the bootstrap file is an alias bomb, without expanding it', () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 9 }, (_, i) => {
        const prev = i === 0 ? 'a' : String.fromCharCode(97 + i);
        const next = String.fromCharCode(98 + i);
        return `${next}: &${next} [${Array(9).fill(`*${prev}`).join(',')}]`;
      }),
    ].join('\n');
    expect(
      compileOptionsOfGenerated(withBootstrap(`${bootstrap}---\n${bomb}\n`)),
    ).toEqual({ reason: `${BOOTSTRAP_FILE} is not readable YAML` });
  });

  it('says why when the bootstrap file holds no arlon-fleet Application', () => {
    expect(
      compileOptionsOfGenerated(
        withBootstrap(
          bootstrap.replace('kind: Application', 'kind: ConfigMap'),
        ),
      ),
    ).toEqual({
      reason: `${BOOTSTRAP_FILE} holds no Application named arlon-fleet`,
    });
  });

  it.each([
    ['no spec', bootstrap.replace(/^spec:[^]*$/m, '')],
    ['a spec without source', bootstrap.replace(/^spec:[^]*$/m, 'spec: {}\n')],
    [
      'a repository URL that is a number',
      bootstrap.replace(/repoURL: .*/, 'repoURL: 42'),
    ],
  ])('says why when the bootstrap Application has %s', (_, text) => {
    expect(compileOptionsOfGenerated(withBootstrap(text))).toEqual({
      reason: `${BOOTSTRAP_FILE} has no usable spec.source.repoURL (a string without spaces)`,
    });
  });

  it('says why when the revision has a space', () => {
    expect(
      compileOptionsOfGenerated(
        withBootstrap(
          bootstrap.replace('targetRevision: main', 'targetRevision: main; rm'),
        ),
      ),
    ).toEqual({
      reason: `${BOOTSTRAP_FILE} has no usable spec.source.targetRevision (a string without spaces)`,
    });
  });

  it('reads a tree recorded before the Cluster API version was: no annotations, no capiVersion', () => {
    const text = bootstrap.replace(/^ {2}annotations:\n( {4}.*\n)+/m, '');
    expect(text).not.toContain('annotations');
    expect(compileOptionsOfGenerated(withBootstrap(text))).toEqual({
      options: {
        repoUrl: OPTIONS.repoUrl,
        revision: OPTIONS.revision,
        argocdNamespace: 'argocd',
      },
    });
  });

  // The YAML as written, and the namespace the options then carry.
  it.each([
    ['a', 'a'],
    ['argocd-2', 'argocd-2'],
    ['"123"', '123'],
    ['Argocd', undefined],
    ['argocd-', undefined],
    ['-argocd', undefined],
    ['argo_cd', undefined],
    ['123', undefined], // a number, not a name
  ])(
    'reads namespace: %s as %j (only a Kubernetes name is used)',
    (yaml, expected) => {
      const read = compileOptionsOfGenerated(
        withBootstrap(
          bootstrap.replace('  namespace: argocd\n', `  namespace: ${yaml}\n`),
        ),
      );
      expect(read.options?.repoUrl).toBe(OPTIONS.repoUrl);
      expect(read.options?.argocdNamespace).toBe(expected);
    },
  );
});
