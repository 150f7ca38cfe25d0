import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arlonEntity, renderArlon } from '../../__testUtils__/renderArlon';
import { ProfileCard } from './ProfileCard';

const profile = {
  kind: 'Profile',
  name: 'apps',
  definition: {
    metadata: { name: 'apps' },
    spec: {
      bundles: ['guestbook'],
      values: { guestbook: { replicaCount: 2 } },
      updatePolicy: 'manual',
    },
  },
} as any;
const cluster = (name: string, profiles: string[], health: string) =>
  ({
    kind: 'Cluster',
    name,
    definition: {
      metadata: { name },
      spec: { clusterSpec: 'docker-dev', profiles },
    },
    status: {
      capi: { phase: 'Provisioned', conditions: [] },
      registration: 'registered',
      applications: [
        {
          name: `${name}-guestbook`,
          bundle: 'guestbook',
          profile: 'apps',
          sync: 'Synced',
          health,
        },
      ],
      behind: false,
      behindReasons: [],
    },
  } as any);
const clusters = [
  cluster('dev-local', ['apps'], 'Degraded'),
  cluster('prod-us-west', ['infrastructure'], 'Healthy'),
];

const entity = arlonEntity('Profile', 'apps', 'arlon-profile');

/** Opens "Apply to clusters" and picks clusters by a label selector. */
async function openApplyBySelector(selector: string) {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Apply to clusters' }),
  );
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(
    within(dialog).getByRole('radio', { name: 'Label selector' }),
  );
  await userEvent.type(
    await within(dialog).findByRole('textbox', { name: 'Label selector' }),
    selector,
  );
  return dialog;
}

describe('ProfileCard', () => {
  it('shows bundles, values and the clusters using the profile with their health', async () => {
    await renderArlon(<ProfileCard />, {
      entity,
      api: {
        get: async () => profile,
        list: async () => ({ commit: 'c', items: clusters }),
      },
    });
    expect(await screen.findByText('Profile apps')).toBeInTheDocument();
    expect(screen.getByText('guestbook')).toBeInTheDocument();
    expect(screen.getByText(/"replicaCount": 2/)).toBeInTheDocument();
    expect(screen.getByText('Update policy: manual')).toBeInTheDocument();
    expect(await screen.findByText('dev-local')).toBeInTheDocument();
    expect(screen.getByText('Degraded')).toBeInTheDocument();
    expect(screen.queryByText('prod-us-west')).not.toBeInTheDocument();
  });

  it('previews what applying to picked clusters would commit, then applies it', async () => {
    const assignProfiles = jest.fn(
      async (_mode: string, request: any, options: any) => ({
        clusters: request.clusters,
        files: [{ path: 'arlon/clusters/prod-us-west.yaml', action: 'update' }],
        // The fleet repository takes changes as pull requests here.
        ...(options?.dryRun
          ? {}
          : {
              commit: 'abc123',
              pullRequest: { url: 'https://github.com/org/fleet/pull/7' },
            }),
      }),
    );
    await renderArlon(<ProfileCard />, {
      entity,
      api: {
        get: async () => profile,
        list: async () => ({ commit: 'c', items: clusters }),
        assignProfiles,
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Apply to clusters' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('button', { name: 'Apply' }),
    ).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Clusters'), 'prod');
    await userEvent.click(await screen.findByText('prod-us-west'));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    expect(
      await within(dialog).findByTestId('apply-preview'),
    ).toHaveTextContent('One commit would change 1 cluster(s): prod-us-west');
    expect(
      within(dialog).getByText('update arlon/clusters/prod-us-west.yaml'),
    ).toBeInTheDocument();
    expect(assignProfiles).toHaveBeenLastCalledWith(
      'apply',
      { profiles: ['apps'], clusters: ['prod-us-west'] },
      { dryRun: true },
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Apply' }),
    );
    await waitFor(() =>
      expect(assignProfiles).toHaveBeenLastCalledWith(
        'apply',
        { profiles: ['apps'], clusters: ['prod-us-west'] },
        { dryRun: false },
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(
      screen.getByText(
        'Proposed apps for prod-us-west in a pull request; it applies once merged.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Review the pull request/ }),
    ).toHaveAttribute('href', 'https://github.com/org/fleet/pull/7');
  });

  it('pre-flights the profile on each cluster the commit would change, and says which it could not reach', async () => {
    const compare = jest.fn(async ({ right }: any) => {
      if (right.name === 'edge-1')
        throw new Error(
          'Cluster edge-1 is not reachable: connect ECONNREFUSED',
        );
      return {
        title: 'apps on prod-us-west',
        left: { kind: 'profile', name: 'apps' },
        right,
        createdAt: '2026-12-02T00:00:00Z',
        summary: { create: 2, update: 1, delete: 0, unchanged: 4 },
        sections: [
          {
            title: 'prod-us-west',
            cluster: 'prod-us-west',
            method: 'server-side-dry-run',
            notes: ['namespace guestbook will be created by ArgoCD'],
            summary: { create: 2, update: 1, delete: 0, unchanged: 4 },
            objects: [],
          },
        ],
      } as any;
    });
    await renderArlon(<ProfileCard />, {
      entity,
      api: {
        get: async () => profile,
        list: async () => ({ commit: 'c', items: clusters }),
        assignProfiles: async () => ({
          clusters: ['prod-us-west', 'edge-1'],
          files: [
            { path: 'arlon/clusters/prod-us-west.yaml', action: 'update' },
            { path: 'arlon/clusters/edge-1.yaml', action: 'update' },
          ],
        }),
        compare,
      },
    });
    const dialog = await openApplyBySelector('env=prod');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    const impact = await within(dialog).findByTestId('live-impact');
    const row = async (name: string) =>
      (await within(impact).findByText(name)).closest('tr')!;
    expect(await row('prod-us-west')).toHaveTextContent(
      '2 to create, 1 to update (server-side dry-run apply)namespace guestbook will be created by ArgoCD',
    );
    expect(await row('edge-1')).toHaveTextContent(
      'Could not pre-flight: Cluster edge-1 is not reachable',
    );
    expect(compare).toHaveBeenCalledWith({
      left: { kind: 'profile', name: 'apps' },
      right: { kind: 'cluster', name: 'prod-us-west' },
    });
  });

  it('says what is wrong when the preview fails, and applies nothing', async () => {
    const assignProfiles = jest.fn(async () => {
      throw new Error('No cluster matches selector "env=mars"');
    });
    await renderArlon(<ProfileCard />, {
      entity,
      api: {
        get: async () => profile,
        list: async () => ({ commit: 'c', items: clusters }),
        assignProfiles,
      },
    });
    const dialog = await openApplyBySelector('env=mars');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Preview' }),
    );
    expect(
      await within(dialog).findByText('No cluster matches selector "env=mars"'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Apply' }),
    ).toBeDisabled();
    expect(assignProfiles).toHaveBeenCalledTimes(1);
  });

  it('disables "Apply to clusters" without arlon.profile.apply', async () => {
    await renderArlon(<ProfileCard />, {
      entity,
      allow: false,
      api: {
        get: async () => profile,
        list: async () => ({ commit: 'c', items: clusters }),
      },
    });
    await screen.findByText('Profile apps');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Apply to clusters' }),
      ).toBeDisabled(),
    );
  });
});
