import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { fleetLinks } from './fleetLinks';

const integrations = ScmIntegrations.fromConfig(
  new ConfigReader({
    integrations: {
      github: [{ host: 'github.com' }],
      gitlab: [
        {
          host: 'gitlab.acme.com',
          apiBaseUrl: 'https://gitlab.acme.com/api/v4',
        },
      ],
      gitea: [{ host: 'gitea.acme.com' }],
      bitbucketServer: [{ host: 'bitbucket.acme.com' }],
    },
  }),
);
const FILE = 'arlon/clusters/prod-us-west.yaml';

describe('fleetLinks', () => {
  it('builds GitHub blob, edit and tree links', () => {
    const links = fleetLinks(
      integrations,
      'https://github.com/acme/fleet.git',
      'main',
    );
    expect(links.view(FILE)).toBe(
      'https://github.com/acme/fleet/blob/main/arlon/clusters/prod-us-west.yaml',
    );
    expect(links.edit(FILE)).toBe(
      'https://github.com/acme/fleet/edit/main/arlon/clusters/prod-us-west.yaml',
    );
    expect(links.folder('arlon/clusters/')).toBe(
      'https://github.com/acme/fleet/tree/main/arlon/clusters',
    );
  });

  it('builds GitLab links with its /-/ routes', () => {
    const links = fleetLinks(
      integrations,
      'https://gitlab.acme.com/platform/fleet.git',
      'main',
    );
    expect(links.view(FILE)).toBe(
      'https://gitlab.acme.com/platform/fleet/-/blob/main/arlon/clusters/prod-us-west.yaml',
    );
    expect(links.edit(FILE)).toBe(
      'https://gitlab.acme.com/platform/fleet/-/edit/main/arlon/clusters/prod-us-west.yaml',
    );
    expect(links.folder('arlon/clusters/')).toBe(
      'https://gitlab.acme.com/platform/fleet/-/tree/main/arlon/clusters',
    );
  });

  it("builds Gitea src/branch links and the integration's _edit link", () => {
    const links = fleetLinks(
      integrations,
      'https://gitea.acme.com/platform/fleet.git',
      'main',
    );
    expect(links.view(FILE)).toBe(
      'https://gitea.acme.com/platform/fleet/src/branch/main/arlon/clusters/prod-us-west.yaml',
    );
    expect(links.edit(FILE)).toBe(
      'https://gitea.acme.com/platform/fleet/_edit/main/arlon/clusters/prod-us-west.yaml',
    );
  });

  it('builds Bitbucket Server browse links from its /scm/ clone URL', () => {
    const links = fleetLinks(
      integrations,
      'https://bitbucket.acme.com/scm/plat/fleet.git',
      'release/1',
    );
    expect(links.view(FILE)).toBe(
      'https://bitbucket.acme.com/projects/plat/repos/fleet/browse/arlon/clusters/prod-us-west.yaml?at=refs%2Fheads%2Frelease%2F1',
    );
    expect(links.edit(FILE)).toBe(
      'https://bitbucket.acme.com/projects/plat/repos/fleet/browse/arlon/clusters/prod-us-west.yaml',
    );
  });

  it('escapes a branch with a slash on GitHub as one path segment', () => {
    const links = fleetLinks(
      integrations,
      'https://github.com/acme/fleet.git',
      'release/1',
    );
    expect(links.view('arlon/a b.yaml')).toBe(
      'https://github.com/acme/fleet/blob/release%2F1/arlon/a%20b.yaml',
    );
  });

  it('gives no file links for a host no integration covers', () => {
    const links = fleetLinks(
      integrations,
      'https://git.internal.example/acme/fleet.git',
      'main',
    );
    expect(links.type).toBeUndefined();
    expect(links.view(FILE)).toBeUndefined();
    expect(links.edit(FILE)).toBeUndefined();
    expect(links.repository).toBe('https://git.internal.example/acme/fleet');
  });
});
