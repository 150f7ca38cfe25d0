import { screen, within } from '@testing-library/react';
import { renderArlon } from '../../__testUtils__/renderArlon';
import {
  clusterStatus,
  exampleFleetApi,
} from '../../__testUtils__/exampleFleet';
import { FleetSummaryContent } from './FleetSummaryCard';

// The home page widget (new frontend system, as the portal renders it)
// against the example fleet as the REST API lists it.
describe('FleetSummaryContent', () => {
  it('counts the fleet by phase and health, and lists what needs attention with links to it', async () => {
    await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi(
        {
          'dev-local': clusterStatus('Provisioned', [['guestbook', 'Healthy']]),
          'staging-eu': clusterStatus('Provisioned', [['calico', 'Degraded']]),
          'prod-us-west': clusterStatus('Failed', []),
          'edge-imported': clusterStatus(undefined, [['calico', 'Healthy']], {
            registration: 'registered',
          }),
        },
        {
          managementClusters: [],
          lastKnownGood: {
            status: 'ok',
            held: {
              commit: 'abc',
              definitions: [
                {
                  kind: 'Bundle',
                  name: 'calico',
                  problems: [
                    {
                      file: 'arlon/bundles/calico.yaml',
                      line: 9,
                      message: 'must be a string',
                    } as any,
                  ],
                  clusters: ['staging-eu'],
                },
              ],
              unattributed: [],
              clusters: [
                {
                  name: 'staging-eu',
                  because: [{ kind: 'Bundle', name: 'calico' }],
                },
              ],
              historyTruncated: false,
            },
          },
        },
      ),
    });
    expect(await screen.findByTestId('fleet-glance-total')).toHaveTextContent(
      '4 clusters',
    );
    const phase = screen.getByTestId('fleet-glance-phase');
    expect(phase).toHaveTextContent('Provisioned 2');
    expect(phase).toHaveTextContent('Failed 1');
    expect(phase).toHaveTextContent('Imported 1');
    const health = screen.getByTestId('fleet-glance-health');
    expect(health).toHaveTextContent('Healthy 2');
    expect(health).toHaveTextContent('Degraded 1');

    const attention = await screen.findByTestId('fleet-glance-attention');
    expect(
      within(attention).getByRole('link', { name: 'Bundle calico' }),
    ).toHaveAttribute('href', '/catalog/default/resource/bundle-calico');
    expect(attention).toHaveTextContent(
      'invalid at the head of the fleet repository (arlon/bundles/calico.yaml:9); holds staging-eu',
    );
    expect(
      within(attention).getByRole('link', { name: 'Cluster prod-us-west' }),
    ).toHaveAttribute('href', '/catalog/default/resource/prod-us-west');
    expect(attention).toHaveTextContent('Cluster API phase Failed');
    expect(attention).toHaveTextContent('bundles Degraded');
    expect(attention).not.toHaveTextContent('dev-local');
  });

  it('says nothing needs attention when every cluster is healthy and nothing is held', async () => {
    await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi({
        'dev-local': clusterStatus('Provisioned', [['guestbook', 'Healthy']]),
        'staging-eu': clusterStatus('Provisioned', [['calico', 'Healthy']]),
        'prod-us-west': clusterStatus('Provisioning', []),
        'edge-imported': null,
      }),
    });
    expect(
      await screen.findByText('Nothing needs attention.'),
    ).toBeInTheDocument();
  });

  it('shows the API error instead of counts when the clusters cannot be listed', async () => {
    await renderArlon(<FleetSummaryContent />, {
      api: {
        list: async () => {
          throw new Error(
            'GET /clusters answered 503: the fleet repository is unreachable',
          );
        },
        verify: async () => ({ managementClusters: [] }),
      },
    });
    expect(
      (await screen.findAllByText(/the fleet repository is unreachable/))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.queryByTestId('fleet-glance-total')).not.toBeInTheDocument();
  });
});
