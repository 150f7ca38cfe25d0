import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { FleetDefinitions } from '../fleet/FleetDefinitions';
import { FleetRepository } from '../fleet/FleetRepository';
import { InvalidDefinitionError } from '../fleet/InvalidDefinitionError';
import { FleetRegenerator } from '../regenerate/FleetRegenerator';
import { recordingLogger } from '../regenerate/__testUtils__/gitLog';
import { LibraryShelf } from './LibraryShelf';
import { inlineBundle, LibraryRepo } from './__testUtils__/LibraryRepo';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
const author = { name: 'Ada', email: 'ada@example.com' };

const platformProfile = (bundles: string) => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: platform
spec:
  bundles: ${bundles}
`;

/** The elements the profile's ApplicationSet emits an Application for. */
const elements = (files: Record<string, string>) =>
  parse(files['generated/argocd/profiles/platform.yaml']).spec.generators[0]
    .matrix.generators[1].list.elements;

describe('a fleet whose profile names a library bundle', () => {
  let sandbox: Sandbox;
  let library: LibraryRepo;
  const dirs: string[] = [];

  beforeEach(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    library = await LibraryRepo.start();
  });
  afterEach(async () => {
    await sandbox.stop();
    await library.stop();
    await Promise.all(
      dirs.splice(0).map(d => fs.rm(d, { recursive: true, force: true })),
    );
  });

  const portal = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'libraries-fleet-'));
    dirs.push(dir);
    const shelf = new LibraryShelf(
      [{ name: 'platform', url: library.url, pin: { branch: 'main' } }],
      path.join(dir, 'libraries'),
      async () => undefined,
    );
    const repository = new FleetRepository(
      {
        url: sandbox.fleetRepoUrl,
        branch: sandbox.fleetBranch,
        writeMode: 'commit',
      },
      async () => undefined,
      path.join(dir, 'fleet'),
      undefined,
      { libraries: shelf },
    );
    const definitions = new FleetDefinitions(repository);
    const regenerator = new FleetRegenerator({
      repository,
      definitions,
      logger: recordingLogger(),
    });
    // The example's tree names another URL than this sandbox's: settle it first.
    expect(await regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
    return { shelf, repository, definitions, regenerator };
  };

  it("commits the profile with the library bundle's Application pinned to the library's commit, and follows the branch when it moves", async () => {
    const first = await library.commit(
      {
        'arlon/bundles/cert-manager.yaml': inlineBundle('cert-manager'),
        'bundles/cert-manager/ns.yaml': 'kind: Namespace\n',
      },
      'cert-manager',
    );
    const { shelf, repository, definitions, regenerator } = await portal();

    await definitions.write(
      'create',
      'Profile',
      'platform',
      platformProfile('[platform/cert-manager]'),
      {
        message: 'platform profile',
        author,
      },
    );
    const committed = (await repository.read()).files;
    expect(elements(committed)).toEqual([
      {
        bundle: 'platform-cert-manager',
        repoURL: library.url,
        path: 'bundles/cert-manager',
        revision: first,
        type: 'directory',
      },
    ]);
    expect(
      parse(committed['generated/argocd/projects/arlon-bundles.yaml']).spec
        .sourceRepos,
    ).toContain(library.url);

    // The library's branch moves: the same fleet head now compiles to the new commit.
    const second = await library.commit(
      { 'bundles/cert-manager/cm.yaml': 'kind: ConfigMap\n' },
      'more',
    );
    expect(await shelf.refresh()).toBe(true);
    expect(await regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
    expect(elements((await repository.read()).files)[0].revision).toBe(second);
    // The regenerate commit is the new head, and its tree matches: a no-op.
    expect(await regenerator.regenerateIfStale()).toMatchObject({
      status: 'current',
    });

    // And once more: a regenerate commit of ours on top of another is no loop when a library moved.
    const third = await library.commit(
      { 'bundles/cert-manager/cm2.yaml': 'kind: ConfigMap\n' },
      'again',
    );
    await shelf.refresh();
    expect(await regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
    expect(elements((await repository.read()).files)[0].revision).toBe(third);
  });

  it('refuses a write naming a bundle the library does not have, at its field, committing nothing', async () => {
    await library.commit(
      {
        'arlon/bundles/cert-manager.yaml': inlineBundle('cert-manager'),
        'bundles/cert-manager/ns.yaml': 'kind: Namespace\n',
      },
      'cert-manager',
    );
    const { repository, definitions } = await portal();
    const before = (await repository.read()).commit;
    const attempt = definitions.write(
      'create',
      'Profile',
      'platform',
      platformProfile('[platform/cert-manger]'),
      {
        message: 'typo',
        author,
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(InvalidDefinitionError);
    await expect(attempt).rejects.toMatchObject({
      problems: [
        expect.objectContaining({
          file: 'arlon/profiles/platform.yaml',
          field: 'spec.bundles[0]',
          hint: 'Did you mean "platform/cert-manager"?',
        }),
      ],
    });
    expect((await repository.read()).commit).toBe(before);
  });

  it('when the library disappears, keeps the generated tree and the profile valid at the last good commit', async () => {
    const first = await library.commit(
      {
        'arlon/bundles/cert-manager.yaml': inlineBundle('cert-manager'),
        'bundles/cert-manager/ns.yaml': 'kind: Namespace\n',
      },
      'cert-manager',
    );
    const { shelf, repository, definitions, regenerator } = await portal();
    await definitions.write(
      'create',
      'Profile',
      'platform',
      platformProfile('[platform/cert-manager]'),
      {
        message: 'platform profile',
        author,
      },
    );
    await fs.rename(
      path.join(library.root, 'platform.git'),
      path.join(library.root, 'gone.git'),
    );
    await shelf.refresh();
    expect(shelf.catalog().get('platform')).toMatchObject({
      commit: first,
      unreachable: expect.stringContaining('(HTTP 404)'),
    });
    expect(await regenerator.regenerateIfStale()).toMatchObject({
      status: 'current',
    });
    expect(elements((await repository.read()).files)[0].revision).toBe(first);
    const { views, held } = await repository.lastKnownGood();
    expect(
      views.find(v => v.kind === 'Profile' && v.name === 'platform')?.problems,
    ).toEqual([]);
    expect(held.definitions).toEqual([]);
  });
});
