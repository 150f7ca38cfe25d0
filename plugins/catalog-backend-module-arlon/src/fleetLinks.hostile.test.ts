import { definitionViews } from '@arlon-backstage/plugin-arlon-common';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { fleetEntities } from './fleetEntities';
import { fleetLinks } from './fleetLinks';

/**
 * Entities are read by every catalog user: no clone URL credential, no
 * `javascript:` link, whatever the configured URL or a hand-pushed
 * definition says.
 */
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
    },
  }),
);
const FILE = 'arlon/clusters/prod.yaml';
// The script scheme these tests feed in and look for (no-script-url: this
// is the hostile input, never a link of ours).
// eslint-disable-next-line no-script-url
const SCRIPT = 'javascript:';

const clusterFile = (server: string) =>
  [
    'apiVersion: core.arlon.io/v1',
    'kind: Cluster',
    'metadata:',
    '  name: prod',
    'spec:',
    '  external:',
    `    server: ${JSON.stringify(server)}`,
  ].join('\n');

function entitiesOf(
  cloneUrl: string,
  cluster: string,
  liveServer?: string,
): string {
  const entities = fleetEntities(
    definitionViews({ [FILE]: cluster }),
    () => (liveServer ? { server: liveServer } : undefined),
    {
      fleet: 'default',
      links: fleetLinks(integrations, cloneUrl, 'main'),
      defaultOwner: 'group:default/platform',
    },
  );
  expect(entities).toHaveLength(1);
  return JSON.stringify(entities);
}

describe('fleetLinks and cluster annotations, hostile', () => {
  it('leaves a user name and token in the clone URL out of every link (GitHub)', () => {
    const links = fleetLinks(
      integrations,
      'https://x-access-token:ghp_secret@github.com/acme/fleet.git',
      'main',
    );
    expect(links.repository).toBe('https://github.com/acme/fleet');
    expect(links.view(FILE)).toBe(
      `https://github.com/acme/fleet/blob/main/${FILE}`,
    );
    expect(links.edit(FILE)).toBe(
      `https://github.com/acme/fleet/edit/main/${FILE}`,
    );
    expect(links.folder('arlon/clusters/')).toBe(
      'https://github.com/acme/fleet/tree/main/arlon/clusters',
    );
  });

  it('leaves clone URL credentials out of every entity annotation and link (GitLab)', () => {
    const json = entitiesOf(
      'https://oauth2:glpat-secret@gitlab.acme.com/platform/fleet.git',
      clusterFile('https://10.0.0.1:6443'),
    );
    expect(json).not.toContain('glpat-secret');
    expect(json).not.toContain('oauth2');
    expect(json).toContain(
      `https://gitlab.acme.com/platform/fleet/-/blob/main/${FILE}`,
    );
  });

  it('leaves credentials out for a host no integration covers', () => {
    const json = entitiesOf(
      'https://ci:hunter2@git.internal.example/acme/fleet.git?token=abc#x',
      clusterFile('https://10.0.0.1:6443'),
    );
    expect(json).not.toContain('hunter2');
    expect(json).not.toContain('token=abc');
    expect(json).toContain('url:https://git.internal.example/acme/fleet');
  });

  it('refuses a javascript: clone URL with an InputError naming arlon.fleetRepo.url', () => {
    expect(() =>
      fleetLinks(integrations, `${SCRIPT}alert(document.cookie)//x`, 'main'),
    ).toThrow(
      expect.objectContaining({
        name: 'InputError',
        message: expect.stringContaining('arlon.fleetRepo.url'),
      }),
    );
  });

  it('refuses a file: clone URL with an InputError', () => {
    expect(() =>
      fleetLinks(integrations, 'file:///srv/git/fleet.git', 'main'),
    ).toThrow(expect.objectContaining({ name: 'InputError' }));
  });

  it("leaves credentials in an external cluster's server out of kubernetes.io/api-server", () => {
    const json = entitiesOf(
      'https://github.com/acme/fleet.git',
      clusterFile('https://admin:s3cret@prod.acme.com:6443'),
    );
    expect(json).not.toContain('s3cret');
    expect(json).toContain(
      '"kubernetes.io/api-server":"https://prod.acme.com:6443"',
    );
  });

  it('puts no javascript: server from a hand-pushed, invalid definition in kubernetes.io/api-server', () => {
    const json = entitiesOf(
      'https://github.com/acme/fleet.git',
      clusterFile(`${SCRIPT}alert(1)`),
    );
    expect(json).not.toContain(SCRIPT);
    expect(json).not.toContain('kubernetes.io/api-server');
  });

  it("leaves credentials in the live server (ArgoCD's cluster Secret) out of kubernetes.io/api-server", () => {
    const json = entitiesOf(
      'https://github.com/acme/fleet.git',
      clusterFile('https://10.0.0.1:6443'),
      'https://argocd:t0ken@10.0.0.2:6443',
    );
    expect(json).not.toContain('t0ken');
    expect(json).toContain(
      '"kubernetes.io/api-server":"https://10.0.0.2:6443"',
    );
  });
});
