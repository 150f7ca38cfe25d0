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
});
