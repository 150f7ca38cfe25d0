import { useCustomFieldExtensions } from '@backstage/plugin-scaffolder-react';
import { ScaffolderFieldExtensions } from '@backstage/plugin-scaffolder-react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { arlonEntity } from './__testUtils__/renderArlon';
import { renderLegacy } from './__testUtils__/renderLegacy';
import { clusterStatus, exampleFleetApi } from './__testUtils__/exampleFleet';
import {
  ArlonCommitPreviewFieldExtension,
  ArlonFleetPage,
  ArlonFleetSummaryCard,
  EntityArlonBundleCard,
  EntityArlonClusterCard,
  EntityArlonClusterSpecCard,
  EntityArlonDiffContent,
  EntityArlonProfileCard,
  isArlonBundle,
  isArlonCluster,
  isArlonClusterSpec,
  isArlonDiffAvailable,
  isArlonEntity,
  isArlonProfile,
} from './index';

// The package root's exports, each rendered in a legacy test app the way an
// adopter's EntityPage.tsx and App.tsx place them, against the example fleet
// as the REST API lists it.

const statuses = {
  'dev-local': clusterStatus('Provisioned', [
    ['guestbook', 'Healthy'],
    ['calico', 'Healthy'],
  ]),
  'staging-eu': clusterStatus('Provisioned', [['calico', 'Degraded']]),
  'prod-us-west': clusterStatus('Provisioning', []),
  'edge-imported': null,
};
const api = exampleFleetApi(statuses);

describe('the legacy plugin (package root)', () => {
  it('EntityArlonClusterCard shows a cluster from the fleet with its live phase and bundles', async () => {
    await renderLegacy(<EntityArlonClusterCard />, {
      api,
      entity: arlonEntity('Cluster', 'dev-local', 'kubernetes-cluster'),
    });
    expect(await screen.findByText('Cluster dev-local')).toBeInTheDocument();
    expect(screen.getByTestId('phase')).toHaveTextContent('Provisioned');
    expect(
      screen.getByText('md-0: 2 × kindest/node:v1.30.0'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('guestbook').length).toBeGreaterThan(0);
  });

  it('EntityArlonProfileCard shows the profile and the clusters using it', async () => {
    await renderLegacy(<EntityArlonProfileCard />, {
      api,
      entity: arlonEntity('Profile', 'apps', 'arlon-profile'),
    });
    expect(await screen.findByText('Profile apps')).toBeInTheDocument();
    // Its bundles as the fleet writes them (Arlon's comma-separated form).
    expect(screen.getByText('guestbook')).toBeInTheDocument();
    expect(await screen.findByText('dev-local')).toBeInTheDocument();
    expect(screen.queryByText('prod-us-west')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Apply to clusters' }),
    ).toBeInTheDocument();
  });

  it('EntityArlonBundleCard shows the bundle source and the profiles using it', async () => {
    await renderLegacy(<EntityArlonBundleCard />, {
      api,
      entity: arlonEntity('Bundle', 'guestbook', 'arlon-bundle'),
    });
    expect(await screen.findByTestId('bundle-source')).toHaveTextContent(
      'helm at https://github.com/argoproj/argocd-example-apps.git, path helm-guestbook, revision HEAD',
    );
    expect(screen.getByText('replicaCount')).toBeInTheDocument();
    expect(await screen.findByText('apps')).toBeInTheDocument();
  });

  it('EntityArlonClusterSpecCard shows the spec, its rendered manifests and the clusters built from it', async () => {
    await renderLegacy(<EntityArlonClusterSpecCard />, {
      api,
      entity: arlonEntity('ClusterSpec', 'docker-dev', 'arlon-clusterspec'),
    });
    expect(
      await screen.findByText('Provider: docker (kubeadm)'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.body.textContent).toContain('class: quick-start'),
    );
    expect(await screen.findByText('dev-local')).toBeInTheDocument();
  });

  it('EntityArlonDiffContent offers the fleet clusters to pre-flight a bundle on', async () => {
    await renderLegacy(<EntityArlonDiffContent />, {
      api: { ...api, listReports: async () => [] },
      entity: arlonEntity('Bundle', 'guestbook', 'arlon-bundle'),
    });
    const select = () =>
      within(screen.getByTestId('diff-name').parentElement!).getByRole(
        'button',
      );
    await waitFor(() =>
      expect(select()).not.toHaveAttribute('aria-disabled', 'true'),
    );
    fireEvent.mouseDown(select());
    expect(
      await screen.findByRole('option', { name: 'staging-eu' }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Compare' })).toBeInTheDocument();
  });

  it('ArlonFleetPage lists every cluster of the fleet', async () => {
    await renderLegacy(
      <Routes>
        <Route path="/fleet" element={<ArlonFleetPage />} />
      </Routes>,
      {
        path: '/fleet',
        api: {
          ...api,
          getHealth: async () => ({
            managementClusters: [],
            fleetRepository: {
              status: 'reachable',
              url: 'http://127.0.0.1:7080/fleet.git',
              branch: 'main',
              headCommit: 'c0ffee',
              latencyMs: 1,
            },
            checkedAt: '2026-12-02T10:00:00.000Z',
          }),
        },
      },
    );
    expect(await screen.findByText('staging-eu')).toBeInTheDocument();
    const row = screen.getByText('prod-us-west').closest('tr')!;
    expect(row).toHaveTextContent('Provisioning');
    expect(row).toHaveTextContent('aws');
  });

  it('ArlonFleetSummaryCard counts the fleet and links to the Fleet page', async () => {
    await renderLegacy(<ArlonFleetSummaryCard />, { api });
    expect(await screen.findByTestId('fleet-glance-total')).toHaveTextContent(
      '4 clusters',
    );
    expect(
      screen.getByRole('link', { name: /Open the Fleet page/ }),
    ).toHaveAttribute('href', '/fleet');
  });

  it('ArlonCommitPreviewFieldExtension registers ui:field ArlonCommitPreview with a legacy scaffolder', () => {
    let names: string[] = [];
    function ListFields() {
      names = useCustomFieldExtensions(
        <ScaffolderFieldExtensions>
          <ArlonCommitPreviewFieldExtension />
        </ScaffolderFieldExtensions>,
      ).map(f => f.name);
      return null;
    }
    renderLegacy(<ListFields />, { api: {} });
    return waitFor(() => expect(names).toEqual(['ArlonCommitPreview']));
  });

  it('the conditions tell each kind of Arlon entity apart from the rest of the catalog', () => {
    const cluster = arlonEntity('Cluster', 'dev-local', 'kubernetes-cluster');
    const spec = arlonEntity('ClusterSpec', 'docker-dev', 'arlon-clusterspec');
    const profile = arlonEntity('Profile', 'apps', 'arlon-profile');
    const bundle = arlonEntity('Bundle', 'guestbook', 'arlon-bundle');
    const other = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: { name: 'website' },
    };
    expect([cluster, spec, profile, bundle, other].map(isArlonEntity)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect([cluster, spec, profile, bundle].map(isArlonCluster)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(isArlonClusterSpec(spec)).toBe(true);
    expect(isArlonProfile(profile)).toBe(true);
    expect(isArlonBundle(bundle)).toBe(true);
    expect(isArlonBundle(profile)).toBe(false);
    expect([cluster, spec, profile, bundle].map(isArlonDiffAvailable)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
});
