import type { FleetRow } from '../FleetPage/fleetRows';
import { fleetGlance } from './fleetGlance';

const row = (name: string, phase: string, health: string, behind = false) =>
  ({ name, phase, health, behind } as FleetRow);

describe('fleetGlance', () => {
  it('counts clusters by phase and by health, largest first', () => {
    const glance = fleetGlance([
      row('a', 'Provisioned', 'Healthy'),
      row('b', 'Provisioned', 'Degraded'),
      row('c', 'Provisioning', 'Unknown'),
    ]);
    expect(glance.clusters).toBe(3);
    expect(glance.byPhase).toEqual([
      ['Provisioned', 2],
      ['Provisioning', 1],
    ]);
    expect(glance.byHealth).toEqual([
      ['Degraded', 1],
      ['Healthy', 1],
      ['Unknown', 1],
    ]);
  });

  it('lists failed, degraded, missing and behind clusters, not progressing or healthy ones', () => {
    const { attention } = fleetGlance([
      row('ok', 'Provisioned', 'Healthy'),
      row('busy', 'Provisioning', 'Progressing'),
      row('broken', 'Failed', 'Missing'),
      row('sick', 'Provisioned', 'Degraded'),
      row('waiting', 'Provisioned', 'Healthy', true),
    ]);
    expect(attention).toEqual([
      {
        kind: 'Cluster',
        name: 'broken',
        reason: 'Cluster API phase Failed; bundles Missing',
      },
      { kind: 'Cluster', name: 'sick', reason: 'bundles Degraded' },
      {
        kind: 'Cluster',
        name: 'waiting',
        reason: 'behind its profiles: an update is waiting',
      },
    ]);
  });

  it('puts held definitions first, with the file and line that broke them and what they hold', () => {
    const { attention } = fleetGlance([], {
      managementClusters: [
        {
          managementCluster: 'sandbox',
          ok: false,
          infrastructureProviders: [],
          checks: [
            { name: 'ArgoCD', ok: true, detail: 'installed' },
            { name: 'Cluster API', ok: false, detail: 'CRDs missing' },
          ],
        },
      ],
      lastKnownGood: {
        status: 'ok',
        held: {
          commit: 'abc',
          definitions: [
            {
              kind: 'Profile',
              name: 'apps',
              problems: [
                {
                  file: 'arlon/profiles/apps.yaml',
                  line: 7,
                  message: 'unknown bundle',
                } as any,
              ],
              clusters: ['dev-local'],
            },
          ],
          unattributed: [{ file: 'arlon/clusters/x.yaml', problems: [] }],
          clusters: [
            { name: 'dev-local', because: [{ kind: 'Profile', name: 'apps' }] },
          ],
          historyTruncated: false,
        },
      },
    });
    expect(attention).toEqual([
      {
        kind: 'Profile',
        name: 'apps',
        reason:
          'invalid at the head of the fleet repository (arlon/profiles/apps.yaml:7); holds dev-local',
      },
      {
        name: 'arlon/clusters/x.yaml',
        reason:
          'invalid and names no definition: clusters missing from the valid fleet are held',
      },
      {
        name: 'management cluster sandbox',
        reason: 'checks failing: Cluster API',
      },
    ]);
  });

  it('says when held definitions cannot be told', () => {
    const { attention } = fleetGlance([], {
      managementClusters: [],
      lastKnownGood: {
        status: 'unknown',
        message: 'the fleet repository is unreachable',
      },
    });
    expect(attention).toEqual([
      {
        name: 'fleet repository',
        reason:
          'held definitions are unknown: the fleet repository is unreachable',
      },
    ]);
  });
});
