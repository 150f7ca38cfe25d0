import { screen, waitFor } from '@testing-library/react';
import { arlonEntity, renderArlon } from '../../__testUtils__/renderArlon';
import { ClusterSpecCard } from './ClusterSpecCard';

const spec = (provider: string) =>
  ({
    kind: 'ClusterSpec',
    name: 'docker-dev',
    definition: {
      metadata: { name: 'docker-dev' },
      spec: {
        provider,
        type: 'kubeadm',
        kubernetesVersion: 'v1.30.0',
        controlPlane: { replicas: 1 },
        nodePools: [
          { name: 'md-0', machineType: 'kindest/node:v1.30.0', replicas: 2 },
        ],
      },
    },
  } as any);
const clusters = {
  commit: 'c',
  items: [
    { name: 'dev-local', definition: { spec: { clusterSpec: 'docker-dev' } } },
    { name: 'prod', definition: { spec: { clusterSpec: 'aws-eks' } } },
  ],
} as any;
const entity = arlonEntity('ClusterSpec', 'docker-dev', 'arlon-clusterspec');

describe('ClusterSpecCard', () => {
  it('shows the fields, the CAPI manifests the compiler renders, and the clusters built from it', async () => {
    await renderArlon(<ClusterSpecCard />, {
      entity,
      api: { get: async () => spec('docker'), list: async () => clusters },
    });
    expect(
      await screen.findByText('Provider: docker (kubeadm)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('md-0: 2 × kindest/node:v1.30.0'),
    ).toBeInTheDocument();
    // The Docker provider's ClusterClass form, rendered in the browser.
    await waitFor(() =>
      expect(document.body.textContent).toContain('class: quick-start'),
    );
    expect(await screen.findByText('dev-local')).toBeInTheDocument();
    expect(screen.queryByText('prod')).not.toBeInTheDocument();
  });

  it('says why manifests cannot be rendered for an unknown provider', async () => {
    await renderArlon(<ClusterSpecCard />, {
      entity,
      api: { get: async () => spec('nowhere'), list: async () => clusters },
    });
    expect(
      (await screen.findAllByText(/# Cannot render: /)).length,
    ).toBeGreaterThan(0);
  });
});
