import { FleetHealth, overallHealth } from './health';

const reachableCluster = {
  name: 'sandbox',
  url: 'http://127.0.0.1:1',
  status: 'reachable' as const,
  latencyMs: 3,
};
const reachableRepo = {
  status: 'reachable' as const,
  url: 'x',
  branch: 'main',
};

function health(partial: Partial<FleetHealth>): FleetHealth {
  return {
    managementClusters: [reachableCluster],
    fleetRepository: reachableRepo,
    checkedAt: '2026-01-01T00:00:00Z',
    ...partial,
  };
}

describe('overallHealth', () => {
  it('is healthy when every cluster and the repository are reachable', () => {
    expect(overallHealth(health({}))).toBe('healthy');
  });

  it('is degraded when any one cluster is unreachable', () => {
    const down = {
      ...reachableCluster,
      name: 'b',
      status: 'unreachable' as const,
    };
    expect(
      overallHealth(health({ managementClusters: [reachableCluster, down] })),
    ).toBe('degraded');
  });

  it('is degraded when the repository is unreachable', () => {
    expect(
      overallHealth(health({ fleetRepository: { status: 'unreachable' } })),
    ).toBe('degraded');
  });

  it('is notConfigured when no cluster is configured', () => {
    expect(overallHealth(health({ managementClusters: [] }))).toBe(
      'notConfigured',
    );
  });

  it('is notConfigured when the repository is not configured', () => {
    expect(
      overallHealth(health({ fleetRepository: { status: 'notConfigured' } })),
    ).toBe('notConfigured');
  });

  it('prefers degraded over notConfigured: a failure needs attention first', () => {
    const down = { ...reachableCluster, status: 'unreachable' as const };
    expect(
      overallHealth(
        health({
          managementClusters: [down],
          fleetRepository: { status: 'notConfigured' },
        }),
      ),
    ).toBe('degraded');
  });
});
