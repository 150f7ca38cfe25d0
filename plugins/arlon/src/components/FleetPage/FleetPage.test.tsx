import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FleetHealth } from '@arlon-backstage/plugin-arlon-common';
import { renderArlon } from '../../__testUtils__/renderArlon';
import { FleetPage } from './FleetPage';

const health: FleetHealth = {
  managementClusters: [
    {
      name: 'sandbox',
      url: 'http://127.0.0.1:7443',
      status: 'reachable',
      kubernetesVersion: 'v1.31.0-arlon-sandbox',
      latencyMs: 4,
    },
  ],
  fleetRepository: {
    status: 'reachable',
    url: 'http://127.0.0.1:7080/fleet.git',
    branch: 'main',
    headCommit: '0123456789abcdef0123456789abcdef01234567',
    latencyMs: 9,
  },
  checkedAt: '2026-12-02T10:00:00.000Z',
};
const cluster = (name: string, spec: object, status: object | null) =>
  ({
    kind: 'Cluster',
    name,
    definition: { metadata: { name }, spec },
    status,
  } as any);
const lists: Record<string, any[]> = {
  clusters: [
    cluster(
      'dev-local',
      { clusterSpec: 'docker-dev', profiles: ['apps'] },
      {
        capi: { phase: 'Provisioned', conditions: [] },
        registration: 'registered',
        applications: [{ health: 'Healthy' }],
        behind: false,
        behindReasons: [],
      },
    ),
    cluster(
      'prod-us-west',
      { clusterSpec: 'aws-eks', profiles: [] },
      {
        capi: { phase: 'Provisioning', conditions: [] },
        registration: 'waitingForProvisioning',
        applications: [],
        behind: false,
        behindReasons: [],
      },
    ),
  ],
  clusterspecs: [
    {
      name: 'docker-dev',
      definition: {
        spec: { provider: 'docker', kubernetesVersion: 'v1.30.0' },
      },
    },
    {
      name: 'aws-eks',
      definition: { spec: { provider: 'aws', kubernetesVersion: 'v1.29.4' } },
    },
  ],
  profiles: [
    {
      name: 'apps',
      definition: { spec: { bundles: ['guestbook', 'redis'] } },
    },
    { name: 'infrastructure' },
  ],
};
const api = (extra: object = {}) => ({
  getHealth: async () => health,
  list: async (kind: string) => ({ commit: 'c', items: lists[kind] }),
  verify: async () => ({
    managementClusters: [
      {
        managementCluster: 'sandbox',
        ok: false,
        infrastructureProviders: ['docker'],
        checks: [
          { name: 'ArgoCD', ok: true, detail: 'CRDs installed' },
          {
            name: 'Infrastructure provider aws',
            ok: false,
            detail: 'CRDs missing',
            hint: 'clusterctl init --infrastructure aws',
          },
        ],
      },
    ],
  }),
  ...extra,
});

describe('FleetPage', () => {
  it('lists every cluster with phase, health, provider, version and profiles, and counts by phase', async () => {
    await renderArlon(<FleetPage />, { api: api() });
    expect(await screen.findByText('dev-local')).toBeInTheDocument();
    const row = screen.getByText('prod-us-west').closest('tr')!;
    expect(row).toHaveTextContent('Provisioning');
    expect(row).toHaveTextContent('aws');
    expect(row).toHaveTextContent('v1.29.4');
    expect(screen.getByTestId('phase-counts')).toHaveTextContent(
      'Provisioned: 1',
    );
    expect(screen.getByTestId('phase-counts')).toHaveTextContent(
      'Provisioning: 1',
    );
  });

  it('shows each management cluster check with the hint for what is missing', async () => {
    await renderArlon(<FleetPage />, { api: api() });
    const verify = await screen.findByTestId('verify-sandbox');
    expect(verify).toHaveTextContent(
      'Infrastructure provider aws: CRDs missing',
    );
    expect(verify).toHaveTextContent('clusterctl init --infrastructure aws');
  });

  it('applies a profile to the selected clusters after a preview', async () => {
    const assignProfiles = jest.fn(async (_m: string, req: any, opts: any) => ({
      clusters: req.clusters,
      files: [{ path: 'arlon/clusters/prod-us-west.yaml', action: 'update' }],
      ...(opts.dryRun ? {} : { commit: 'abcdef1234567890' }),
    }));
    // The page loads clusters, specs and profiles; the reload after applying
    // never finishes here, so what shows meanwhile must already be right.
    let calls = 0;
    const list = async (kind: string) =>
      ++calls > 3
        ? new Promise<never>(() => {})
        : { commit: 'c', items: lists[kind] };
    await renderArlon(<FleetPage />, { api: api({ assignProfiles, list }) });
    const row = (await screen.findByText('prod-us-west')).closest('tr')!;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(
      within(screen.getByTestId('bulk-profile').parentElement!).getByRole(
        'button',
      ),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'apps' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Apply profile to 1 selected' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    await within(dialog).findByTestId('apply-preview');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Apply' }),
    );
    expect(
      await screen.findByText(
        'Applied apps to prod-us-west in commit abcdef123456.',
      ),
    ).toBeInTheDocument();
    // Unselected at once, the rows as the button, though the reload is still running.
    expect(
      screen.getByRole('button', { name: 'Apply profile to 0 selected' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByText('prod-us-west').closest('tr')!).getByRole(
        'checkbox',
      ),
    ).not.toBeChecked();
  });

  it('applies only to selected clusters the filters still show', async () => {
    await renderArlon(<FleetPage />, { api: api() });
    const row = (await screen.findByText('prod-us-west')).closest('tr')!;
    await userEvent.click(within(row).getByRole('checkbox'));
    expect(
      screen.getByRole('button', { name: 'Apply profile to 1 selected' }),
    ).toBeInTheDocument();
    await userEvent.click(
      // The filter, not the column header's sort button.
      screen
        .getAllByRole('button', { name: /^Phase/ })
        .find(b => b.id === 'fleet-filter-phase')!,
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'Provisioned' }),
    );
    await waitFor(() =>
      expect(screen.queryByText('prod-us-west')).not.toBeInTheDocument(),
    );
    expect(
      screen.getByRole('button', { name: 'Apply profile to 0 selected' }),
    ).toBeInTheDocument();
  });

  it('says why the clusters cannot be listed', async () => {
    await renderArlon(<FleetPage />, {
      api: api({
        list: async () => {
          throw new Error(
            'The fleet repository is not configured (arlon.fleetRepo)',
          );
        },
      }),
    });
    expect(
      (await screen.findAllByText(/The fleet repository is not configured/))
        .length,
    ).toBeGreaterThan(0);
    expect((await screen.findAllByText('sandbox')).length).toBeGreaterThan(0);
  });

  /** Selects rows by cluster name and picks the profile in the bulk menu. */
  async function selectForBulk(names: string[], profile: string) {
    for (const name of names) {
      const row = (await screen.findByText(name)).closest('tr')!;
      await userEvent.click(within(row).getByRole('checkbox'));
    }
    await userEvent.click(
      within(screen.getByTestId('bulk-profile').parentElement!).getByRole(
        'button',
      ),
    );
    await userEvent.click(await screen.findByRole('option', { name: profile }));
  }

  it('removes a profile from the selected clusters after a preview that names the Applications ArgoCD prunes', async () => {
    const assignProfiles = jest.fn(
      async (_m: string, _req: any, opts: any) => ({
        // Only dev-local runs apps: the route changes only it.
        clusters: ['dev-local'],
        files: [{ path: 'arlon/clusters/dev-local.yaml', action: 'update' }],
        ...(opts.dryRun ? {} : { commit: 'fedcba9876543210' }),
      }),
    );
    await renderArlon(<FleetPage />, { api: api({ assignProfiles }) });
    await selectForBulk(['dev-local', 'prod-us-west'], 'apps');
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove profile from 2 selected' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('button', { name: 'Remove' }),
    ).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    expect(assignProfiles).toHaveBeenLastCalledWith(
      'remove',
      { profiles: ['apps'], clusters: ['dev-local', 'prod-us-west'] },
      { dryRun: true },
    );
    expect(
      await within(dialog).findByTestId('remove-impact-dev-local'),
    ).toHaveTextContent(
      'dev-local loses apps: ArgoCD prunes dev-local-guestbook, dev-local-redis and deletes everything they deployed on the cluster.',
    );
    expect(within(dialog).getByTestId('remove-preview')).toHaveTextContent(
      'update arlon/clusters/dev-local.yaml',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove' }),
    );
    expect(assignProfiles).toHaveBeenLastCalledWith(
      'remove',
      { profiles: ['apps'], clusters: ['dev-local', 'prod-us-west'] },
      { dryRun: false },
    );
    expect(
      await screen.findByText(
        'Removed apps from dev-local in commit fedcba987654.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove profile from 0 selected' }),
    ).toBeInTheDocument();
  });

  it("says when a removed profile's bundles cannot be read, rather than naming no Applications", async () => {
    const withInfra: Record<string, any[]> = {
      ...lists,
      clusters: [
        cluster(
          'dev-local',
          { clusterSpec: 'docker-dev', profiles: ['infrastructure'] },
          null,
        ),
      ],
    };
    const assignProfiles = jest.fn(async () => ({
      clusters: ['dev-local'],
      files: [{ path: 'arlon/clusters/dev-local.yaml', action: 'update' }],
    }));
    await renderArlon(<FleetPage />, {
      api: api({
        assignProfiles,
        list: async (kind: string) => ({ commit: 'c', items: withInfra[kind] }),
      }),
    });
    await selectForBulk(['dev-local'], 'infrastructure');
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove profile from 1 selected' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    expect(
      await within(dialog).findByTestId('remove-impact-dev-local'),
    ).toHaveTextContent(
      'dev-local loses infrastructure; the bundles of infrastructure are unknown (the profile does not parse): their Applications go too.',
    );
  });

  it('removes only from selected clusters the filters still show', async () => {
    const assignProfiles = jest.fn(async (_m: string, req: any) => ({
      clusters: req.clusters,
      files: [],
    }));
    await renderArlon(<FleetPage />, { api: api({ assignProfiles }) });
    await selectForBulk(['dev-local', 'prod-us-west'], 'apps');
    await userEvent.click(
      screen
        .getAllByRole('button', { name: /^Phase/ })
        .find(b => b.id === 'fleet-filter-phase')!,
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'Provisioned' }),
    );
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Remove profile from 1 selected',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    expect(assignProfiles).toHaveBeenCalledWith(
      'remove',
      { profiles: ['apps'], clusters: ['dev-local'] },
      { dryRun: true },
    );
    expect(
      await within(dialog).findByText(
        'Nothing would change: none of these clusters runs apps.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Remove' }),
    ).toBeDisabled();
  });

  it("shows the route's error in the removal dialog and commits nothing", async () => {
    const assignProfiles = jest.fn(async () => {
      throw new Error('Profile "apps" is not in the fleet repository');
    });
    await renderArlon(<FleetPage />, { api: api({ assignProfiles }) });
    await selectForBulk(['dev-local'], 'apps');
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove profile from 1 selected' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    expect(
      await within(dialog).findByText(
        'Profile "apps" is not in the fleet repository',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Remove' }),
    ).toBeDisabled();
    expect(assignProfiles).toHaveBeenCalledTimes(1);
  });

  it('keeps bulk remove disabled, with the permission named, for a user who may not change profiles', async () => {
    await renderArlon(<FleetPage />, { api: api(), allow: false });
    await selectForBulk(['dev-local'], 'apps');
    const button = screen.getByRole('button', {
      name: 'Remove profile from 1 selected',
    });
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.hover(button.parentElement!);
    expect(
      await screen.findByText('You need the arlon.profile.apply permission'),
    ).toBeInTheDocument();
  });

  it('keeps bulk apply disabled until clusters and a profile are picked', async () => {
    await renderArlon(<FleetPage />, { api: api() });
    await screen.findByText('dev-local');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Apply profile to 0 selected' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByRole('button', { name: 'Remove profile from 0 selected' }),
    ).toBeDisabled();
  });
});
