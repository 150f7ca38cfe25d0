import { countBy, fleetRows } from './fleetRows';

const dockerSpec = {
  kind: 'ClusterSpec',
  name: 'docker-dev',
  definition: { spec: { provider: 'docker', kubernetesVersion: 'v1.30.0' } },
} as any;
const cluster = (name: string, spec: object, status: object | null) =>
  ({
    kind: 'Cluster',
    name,
    definition: { metadata: { name }, spec },
    status,
  } as any);

describe('fleetRows', () => {
  const rows = fleetRows(
    [
      cluster(
        'a',
        { clusterSpec: 'docker-dev', profiles: ['apps'] },
        {
          capi: { phase: 'Provisioned', conditions: [] },
          registration: 'registered',
          applications: [{ health: 'Healthy' }, { health: 'Degraded' }],
          behind: true,
        },
      ),
      cluster(
        'b',
        {
          mode: 'cloned',
          clonedFrom: {
            revision: 'x',
            spec: { provider: 'aws', kubernetesVersion: 'v1.28.9' },
          },
        },
        null,
      ),
      cluster('c', { external: { server: 'https://c' } }, null),
    ],
    [dockerSpec],
  );

  it('takes provider and version from the spec, or the frozen copy of a cloned cluster, and the worst health', () => {
    expect(
      rows.map(r => [
        r.name,
        r.phase,
        r.health,
        r.provider,
        r.kubernetesVersion,
        r.behind,
      ]),
    ).toEqual([
      ['a', 'Provisioned', 'Degraded', 'docker', 'v1.30.0', true],
      ['b', 'Not built', 'Unknown', 'aws', 'v1.28.9', false],
      ['c', 'Imported', 'Unknown', 'external', '', false],
    ]);
  });

  it('counts clusters by phase, largest first', () => {
    expect(countBy([...rows, rows[0]], 'phase')).toEqual([
      ['Provisioned', 2],
      ['Imported', 1],
      ['Not built', 1],
    ]);
  });
});
