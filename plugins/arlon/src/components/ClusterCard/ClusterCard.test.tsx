import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arlonEntity, renderArlon } from '../../__testUtils__/renderArlon';
import { ClusterCard } from './ClusterCard';

const entity = arlonEntity('Cluster', 'qa-1', 'kubernetes-cluster');
const definition = {
  kind: 'Cluster',
  name: 'qa-1',
  file: 'arlon/clusters/qa-1.yaml',
  line: 1,
  problems: [],
  definition: {
    apiVersion: 'core.arlon.io/v1',
    kind: 'Cluster',
    metadata: { name: 'qa-1' },
    spec: {
      clusterSpec: 'docker-dev',
      mode: 'cloned',
      clonedFrom: {
        revision: '3f9c2a1d7e5b4c6a8f0e1d2c',
        spec: {
          provider: 'docker',
          type: 'kubeadm',
          kubernetesVersion: 'v1.30.0',
          nodePools: [
            { name: 'md-0', machineType: 'kindest/node:v1.30.0', replicas: 2 },
          ],
        },
      },
      profiles: ['infrastructure'],
    },
  },
  status: {
    managementCluster: 'sandbox',
    capi: {
      phase: 'Provisioned',
      conditions: [{ type: 'Ready', status: 'True' }],
    },
    registration: 'registered',
    root: { sync: 'Synced', health: 'Healthy', automated: true },
    applications: [
      {
        name: 'qa-1-readonly-rbac',
        bundle: 'readonly-rbac',
        profile: 'infrastructure',
        sync: 'Synced',
        health: 'Healthy',
        automated: true,
      },
      {
        name: 'qa-1-calico',
        bundle: 'calico',
        profile: 'infrastructure',
        sync: 'Unknown',
        health: 'Unknown',
        automated: true,
        message: 'the sandbox does not render Helm',
      },
    ],
    behind: true,
    behindReasons: ['profile infrastructure changed'],
  },
} as any;

describe('ClusterCard', () => {
  it('shows how the cluster is built, its live state, each bundle, and that it is behind', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
    });
    expect(await screen.findByText('Cluster qa-1')).toBeInTheDocument();
    expect(
      screen.getByText(/Cloned from revision 3f9c2a1d7e5b/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('md-0: 2 × kindest/node:v1.30.0'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('phase')).toHaveTextContent('Provisioned');
    expect(screen.getByTestId('registration')).toHaveTextContent('registered');
    expect(screen.getByText('readonly-rbac')).toBeInTheDocument();
    expect(
      screen.getByText('the sandbox does not render Helm'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('behind')).toHaveTextContent(
      'profile infrastructure changed',
    );
  });

  it('warns that the cluster is held at last known good, with file:line, problem and breaking commit', async () => {
    const held = {
      ...definition,
      held: {
        shownFrom: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
        because: [
          {
            kind: 'Cluster',
            name: 'qa-1',
            problems: [
              {
                file: 'arlon/clusters/qa-1.yaml',
                line: 13,
                column: 3,
                field: 'spec',
                message: 'unknown field "profles"',
              },
            ],
            brokenBy: {
              commit: 'ffeeddccbbaa99887766554433221100ffeeddcc',
              summary: 'Tidy qa-1',
              author: 'Dana',
              date: '2025-01-01T00:00:00.000Z',
            },
            lastGood: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
            clusters: ['qa-1'],
          },
        ],
      },
    };
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => held },
    });
    const warning = await screen.findByTestId('held-warning');
    expect(warning).toHaveTextContent(
      'Held at last known good (commit a1b2c3d4e5f6)',
    );
    expect(warning).toHaveTextContent(
      'Cluster qa-1 — arlon/clusters/qa-1.yaml:13 (spec): unknown field "profles". Broken by commit ffeeddccbbaa “Tidy qa-1” by Dana; last good at a1b2c3d4e5f6.',
    );
  });

  it('shows a deletion under way: "deleting: removing bundles (n left)"', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: {
        get: async () => ({
          ...definition,
          status: {
            ...definition.status,
            deletion: {
              since: '2025-01-01T00:00:00.000Z',
              stage: 'removingBundles',
              bundlesLeft: 2,
            },
          },
        }),
      },
    });
    expect(await screen.findByTestId('deletion')).toHaveTextContent(
      'deleting: removing bundles (2 left)',
    );
  });

  it("shows the control plane's Kubernetes version Cluster API reports: the oldest while it rolls, with what runs where", async () => {
    const withVersions = (controlPlaneVersions: unknown) => ({
      ...definition,
      status: {
        ...definition.status,
        capi: { ...definition.status.capi, controlPlaneVersions },
      },
    });
    const { unmount } = await renderArlon(<ClusterCard />, {
      entity,
      api: {
        get: async () =>
          withVersions([
            { version: 'v1.30.0', replicas: 1 },
            { version: 'v1.30.1', replicas: 2 },
          ]),
      },
    });
    expect(await screen.findByTestId('kubernetes-version')).toHaveTextContent(
      /^v1\.30\.0$/,
    );
    expect(screen.getByTestId('kubernetes-rollout')).toHaveTextContent(
      'rolling out: v1.30.0 on 1 machine, v1.30.1 on 2 machines',
    );
    unmount();

    await renderArlon(<ClusterCard />, {
      entity,
      api: {
        get: async () => withVersions([{ version: 'v1.30.1', replicas: 3 }]),
      },
    });
    expect(await screen.findByTestId('kubernetes-version')).toHaveTextContent(
      /^v1\.30\.1$/,
    );
    expect(screen.queryByTestId('kubernetes-rollout')).toBeNull();
  });

  it('shows no Kubernetes version when Cluster API reports none', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
    });
    expect(await screen.findByText('Cluster qa-1')).toBeInTheDocument();
    expect(screen.queryByTestId('kubernetes-version')).toBeNull();
  });

  it('shows no held warning for a cluster that follows the head', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
    });
    await screen.findByText('Cluster qa-1');
    expect(screen.queryByTestId('held-warning')).toBeNull();
  });

  it('updates a cluster that is behind and says what it synced', async () => {
    const clusterAction = jest.fn(async () => ({
      applications: ['qa-1-readonly-rbac'],
    }));
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition, clusterAction },
    });
    await userEvent.click(
      within(
        await screen.findByRole('group', { name: 'Cluster actions' }),
      ).getByRole('button', { name: 'Update' }),
    );
    expect(clusterAction).toHaveBeenCalledWith('qa-1', 'update');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'update: qa-1-readonly-rbac',
    );
  });

  it('disables the actions, with the reason, without the permission', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
      allow: false,
    });
    const action = (name: string) =>
      within(screen.getByRole('group', { name: 'Cluster actions' })).getByRole(
        'button',
        { name },
      );
    await screen.findByRole('group', { name: 'Cluster actions' });
    await waitFor(() => expect(action('Sync')).toBeDisabled());
    expect(action('Refresh')).toBeDisabled();
    expect(action('Update')).toBeDisabled();
    await userEvent.hover(action('Sync').parentElement!);
    expect(
      await screen.findByText('You need the arlon.cluster.update permission'),
    ).toBeInTheDocument();
  });

  it('asks about this cluster: enabled for its owner, disabled on a cluster of another team', async () => {
    const owned = new Set(['resource:default/qa-1']);
    const policy = (request: { resourceRef?: string }) =>
      owned.has(request.resourceRef ?? '')
        ? AuthorizeResult.ALLOW
        : AuthorizeResult.DENY;
    const { unmount } = await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
      allow: policy,
    });
    const sync = async () =>
      within(
        await screen.findByRole('group', { name: 'Cluster actions' }),
      ).getByRole('button', { name: 'Sync' });
    await waitFor(async () => expect(await sync()).toBeEnabled());
    unmount();

    owned.clear();
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
      allow: policy,
    });
    await waitFor(async () => expect(await sync()).toBeDisabled());
  });

  it('links the day-2 templates pre-filled for this cloned cluster', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: { get: async () => definition },
      scaffolder: true,
    });
    const nav = await screen.findByRole('navigation', {
      name: 'Day-2 templates',
    });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map(a => a.textContent),
      ).toEqual([
        'Upgrade Kubernetes',
        'Scale a node pool',
        'Change a machine type',
        'Remove profiles',
        'Delete with a template',
      ]),
    );
    const href = within(nav)
      .getByRole('link', { name: 'Delete with a template' })
      .getAttribute('href')!;
    expect(
      JSON.parse(
        new URL(href, 'http://localhost').searchParams.get('formData')!,
      ),
    ).toEqual({ name: 'resource:default/qa-1' });
  });

  it('shows what went wrong when the cluster cannot be read', async () => {
    await renderArlon(<ClusterCard />, {
      entity,
      api: {
        get: async () => {
          throw new Error('No Cluster named "qa-1" in the fleet repository');
        },
      },
    });
    expect(
      (
        await screen.findAllByText(
          /No Cluster named "qa-1" in the fleet repository/,
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});
