import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LibraryShelf } from './LibraryShelf';
import type { LibraryConfig } from './readLibrariesConfig';
import {
  inlineBundle as bundle,
  LibraryRepo,
} from './__testUtils__/LibraryRepo';

const anonymous = async () => undefined;

describe('LibraryShelf over real Git', () => {
  let repo: LibraryRepo;
  let workDir: string;
  let first: string;

  beforeAll(async () => {
    repo = await LibraryRepo.start();
    first = await repo.commit(
      {
        'arlon/bundles/cert-manager.yaml': bundle('cert-manager'),
        'bundles/cert-manager/ns.yaml': 'kind: Namespace\n',
        'arlon/profiles/ignored.yaml': 'not: [read',
      },
      'cert-manager',
    );
    await repo.git('tag', '-a', 'v1.0.0', '-m', 'first release');
    await repo.git(
      'push',
      '-q',
      path.join(repo.root, 'platform.git'),
      'v1.0.0',
    );
    await repo.commit(
      {
        'arlon/bundles/ingress.yaml': bundle('ingress'),
        'bundles/ingress/a.yaml': 'kind: ConfigMap\n',
      },
      'ingress',
    );
  });
  beforeEach(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'libraries-'));
  });
  afterEach(() => fs.rm(workDir, { recursive: true, force: true }));
  afterAll(() => repo.stop());

  const shelf = (pin: LibraryConfig['pin'], url = repo.url) =>
    new LibraryShelf([{ name: 'platform', url, pin }], workDir, anonymous);

  it("reads a branch's head: its bundles, at the commit it resolved", async () => {
    const libraries = shelf({ branch: 'main' });
    expect(await libraries.refresh()).toBe(true);
    const library = libraries.catalog().get('platform')!;
    expect(library.commit).toBe((await repo.git('rev-parse', 'HEAD')).trim());
    expect([...library.bundles.keys()].sort()).toEqual([
      'cert-manager',
      'ingress',
    ]);
    expect(library.unreachable).toBeUndefined();
    expect(libraries.status()[0].problems).toEqual([]);
  });

  it('follows the branch when it moves, and says so once', async () => {
    const libraries = shelf({ branch: 'main' });
    await libraries.refresh();
    expect(await libraries.refresh()).toBe(false);
    const next = await repo.commit(
      {
        'arlon/bundles/dns.yaml': bundle('dns'),
        'bundles/dns/a.yaml': 'kind: ConfigMap\n',
      },
      'dns',
    );
    expect(await libraries.refresh()).toBe(true);
    const library = libraries.catalog().get('platform')!;
    expect(library.commit).toBe(next);
    expect(library.bundles.has('dns')).toBe(true);
  });

  it('reads an annotated tag at the commit it points to', async () => {
    const libraries = shelf({ revision: 'v1.0.0' });
    await libraries.refresh();
    const library = libraries.catalog().get('platform')!;
    expect(library.commit).toBe(first);
    expect([...library.bundles.keys()]).toEqual(['cert-manager']);
  });

  it("reads a full commit id that is no branch's tip", async () => {
    const libraries = shelf({ revision: first });
    await libraries.refresh();
    expect(libraries.catalog().get('platform')).toMatchObject({
      commit: first,
    });
    expect(libraries.catalog().get('platform')!.bundles.has('ingress')).toBe(
      false,
    );
  });

  it('names a missing branch, tag or commit without reading anything', async () => {
    for (const [pin, says] of [
      [{ branch: 'release' }, 'has no branch "release"'],
      [{ revision: 'v9.9.9' }, 'has no tag "v9.9.9"'],
      [
        { revision: 'f'.repeat(40) },
        `has no commit ${'f'.repeat(12)} on any branch or tag`,
      ],
    ] as const) {
      const libraries = shelf(pin);
      await libraries.refresh();
      expect(libraries.catalog().get('platform')).toEqual({
        name: 'platform',
        url: repo.url,
        bundles: new Map(),
        unreachable: `library "platform" at ${repo.url} ${says}`,
      });
    }
  });

  it('never writes to the library', async () => {
    const before = await repo.remoteRefs();
    const libraries = shelf({ branch: 'main' });
    await libraries.refresh();
    await libraries.refresh();
    expect(await repo.remoteRefs()).toBe(before);
  });
});

describe('a library that disappears', () => {
  it('keeps its last known good commit and bundles, marked unreachable, and recovers', async () => {
    const repo = await LibraryRepo.start();
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'libraries-'));
    try {
      const commit = await repo.commit(
        {
          'arlon/bundles/a.yaml': bundle('a'),
          'bundles/a/x.yaml': 'kind: ConfigMap\n',
        },
        'a',
      );
      const warnings: string[] = [];
      const libraries = new LibraryShelf(
        [{ name: 'platform', url: repo.url, pin: { branch: 'main' } }],
        workDir,
        anonymous,
        { logger: { warn: m => warnings.push(m), info: () => undefined } },
      );
      let notified = 0;
      libraries.subscribe(() => notified++);
      await libraries.refresh();
      // The repository is deleted on the server: a 404 from now on.
      await fs.rename(
        path.join(repo.root, 'platform.git'),
        path.join(repo.root, 'gone.git'),
      );
      expect(await libraries.refresh()).toBe(false);
      const library = libraries.catalog().get('platform')!;
      expect(library.commit).toBe(commit);
      expect([...library.bundles.keys()]).toEqual(['a']);
      expect(library.unreachable).toBe(
        `library "platform" at ${repo.url} was not found (HTTP 404)`,
      );
      expect(warnings).toEqual([
        `library "platform" at ${
          repo.url
        } was not found (HTTP 404); keeping its last known good commit ${commit.slice(
          0,
          12,
        )}`,
      ]);
      await libraries.refresh();
      expect(warnings).toHaveLength(1); // one warning per outage, not per poll
      // Told when it was first read and when it went away, not at every failing poll.
      expect(notified).toBe(2);

      await fs.rename(
        path.join(repo.root, 'gone.git'),
        path.join(repo.root, 'platform.git'),
      );
      await libraries.refresh();
      expect(libraries.catalog().get('platform')!.unreachable).toBeUndefined();
      expect(notified).toBe(3);
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
      await repo.stop();
    }
  });

  it('a server that is not there is unreachable with no commit, in words of our own', async () => {
    const repo = await LibraryRepo.start();
    const url = repo.url;
    await repo.stop();
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'libraries-'));
    try {
      const libraries = new LibraryShelf(
        [{ name: 'platform', url, pin: { branch: 'main' } }],
        workDir,
        anonymous,
      );
      await libraries.refresh();
      expect(libraries.catalog().get('platform')).toEqual({
        name: 'platform',
        url,
        bundles: new Map(),
        unreachable: `library "platform" at ${url} refused the connection`,
      });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  });
});
