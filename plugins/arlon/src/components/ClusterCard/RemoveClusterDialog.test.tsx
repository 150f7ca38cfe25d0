import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderArlon } from '../../__testUtils__/renderArlon';
import { RemoveClusterButton } from './RemoveClusterDialog';

const preview = {
  cluster: 'qa-1',
  external: false,
  bundleApplications: ['qa-1-calico', 'qa-1-readonly-rbac'],
  clusterObjects: [
    { kind: 'Cluster', name: 'qa-1' },
    { kind: 'DockerCluster', name: 'qa-1' },
  ],
  registration: { managementCluster: 'sandbox', secret: 'argocd/cluster-qa-1' },
  files: [{ path: 'arlon/clusters/qa-1.yaml', action: 'delete' }],
};

describe('RemoveClusterButton', () => {
  it('shows what deleting removes, in order, and enables Delete only once the name is typed', async () => {
    const removed: string[] = [];
    const onDone = jest.fn();
    await renderArlon(
      <RemoveClusterButton name="qa-1" external={false} onDone={onDone} />,
      {
        api: {
          previewClusterRemoval: async (name, action) => {
            expect([name, action]).toEqual(['qa-1', 'delete']);
            return preview;
          },
          removeCluster: async (name, action) => {
            removed.push(`${action} ${name}`);
            return { message: 'deleting: removing bundles (2 left)' };
          },
        },
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete' }),
    );
    const plan = await screen.findByTestId('removal-plan');
    expect(plan).toHaveTextContent('qa-1-calico, qa-1-readonly-rbac');
    expect(plan).toHaveTextContent('Cluster qa-1, DockerCluster qa-1');
    expect(plan).toHaveTextContent('Secret argocd/cluster-qa-1 on sandbox');
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete qa-1' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByLabelText('Cluster name to confirm');
    await userEvent.type(field, 'qa-');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, '2');
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'qa-1');
    expect(confirm).toBeEnabled();
    expect(removed).toEqual([]);
    await userEvent.click(confirm);
    await waitFor(() => expect(removed).toEqual(['delete qa-1']));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'deleting: removing bundles (2 left)',
    );
    expect(onDone).toHaveBeenCalled();
  });

  it("offers Unregister for an imported cluster, removing ArgoCD's account rather than the cluster", async () => {
    await renderArlon(
      <RemoveClusterButton name="edge-1" external onDone={() => {}} />,
      {
        api: {
          previewClusterRemoval: async (_name, action) => {
            expect(action).toBe('unregister');
            return {
              ...preview,
              cluster: 'edge-1',
              external: true,
              clusterObjects: [],
            };
          },
        },
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Unregister' }),
    );
    expect(await screen.findByTestId('removal-plan')).toHaveTextContent(
      "ArgoCD's service account, binding and token in the cluster (the cluster keeps running)",
    );
    expect(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: 'Unregister edge-1',
      }),
    ).toBeDisabled();
  });

  it('is disabled without arlon.cluster.delete on the cluster, saying why', async () => {
    await renderArlon(
      <RemoveClusterButton name="qa-1" external={false} onDone={() => {}} />,
      {
        api: {},
        allow: ({ permission }) =>
          permission.name === 'arlon.cluster.delete'
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
      },
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled(),
    );
  });
});
