import { renderInTestApp } from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FleetHealth } from '@internal/backstage-plugin-arlon-common';
import { ArlonApi, arlonApiRef } from '../../api/ArlonClient';
import { FleetPage } from './FleetPage';

const healthy: FleetHealth = {
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

function renderWith(api: ArlonApi) {
  return renderInTestApp(<FleetPage />, { apis: [[arlonApiRef, api]] });
}

describe('FleetPage', () => {
  it('shows each management cluster and the fleet repository', async () => {
    await renderWith({ getHealth: async () => healthy });
    expect(await screen.findByText('sandbox')).toBeInTheDocument();
    expect(screen.getByText('v1.31.0-arlon-sandbox')).toBeInTheDocument();
    expect(screen.getByText('Branch: main')).toBeInTheDocument();
    expect(screen.getByText('0123456789ab')).toBeInTheDocument();
    expect(screen.getByTestId('fleet-health-overall')).toHaveTextContent(
      'Every management cluster and the fleet repository are reachable.',
    );
  });

  it('shows why a cluster is unreachable and what to do', async () => {
    await renderWith({
      getHealth: async () => ({
        ...healthy,
        managementClusters: [
          {
            name: 'prod',
            url: 'https://prod:6443',
            status: 'unreachable',
            latencyMs: 5000,
            problem: {
              message:
                'management cluster "prod" at https://prod:6443 did not answer within 5 s',
              hint: 'Check that the address is reachable from the Backstage backend (network, firewall, proxy).',
            },
          },
        ],
      }),
    });
    expect(await screen.findByText('Unreachable')).toBeInTheDocument();
    expect(
      screen.getByText(
        'management cluster "prod" at https://prod:6443 did not answer within 5 s',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('fleet-health-overall')).toHaveTextContent(
      'Something the portal needs cannot be reached',
    );
  });

  it('says what to configure when nothing is configured', async () => {
    await renderWith({
      getHealth: async () => ({
        managementClusters: [],
        fleetRepository: { status: 'notConfigured' },
        checkedAt: healthy.checkedAt,
      }),
    });
    expect(
      await screen.findByText(/No management cluster is configured/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/No fleet repository is configured/),
    ).toBeInTheDocument();
  });

  it('shows an error panel when the backend fails, and recovers on "Check again"', async () => {
    const getHealth = jest
      .fn<Promise<FleetHealth>, []>()
      .mockRejectedValueOnce(new Error('Backend is down'))
      .mockResolvedValueOnce(healthy);
    await renderWith({ getHealth });
    expect(await screen.findAllByText(/Backend is down/)).not.toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('sandbox')).toBeInTheDocument();
    expect(getHealth).toHaveBeenCalledTimes(2);
  });
});
