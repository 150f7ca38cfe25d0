import { PROVIDERS } from '@arlon-backstage/plugin-arlon-common';
import type { Output } from '../Output';

/** `arlon providers`: the Cluster API providers a ClusterSpec can name, and their cluster types. */
export function providers(options: { json: boolean }, io: Output): number {
  const rows = PROVIDERS.map(p => ({
    provider: p.id,
    tier: p.tier,
    types: Object.entries(p.clusterTypes).map(([type, t]) => ({
      type,
      controlPlane: t.controlPlane.kind,
      requires: t.requires,
    })),
    infrastructure: `${p.infrastructureCluster.kind}.${p.infrastructureCluster.group}/${p.infrastructureCluster.version}`,
    title: p.title,
    // The provider release whose CRDs the kinds and fields were checked against.
    upstream: p.upstream,
  }));
  if (options.json) {
    io.out(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const table = [
    ['PROVIDER', 'TIER', 'TYPES (needs)', 'INFRASTRUCTURE'],
    ...rows.map(r => [
      r.provider,
      String(r.tier),
      r.types
        .map(t =>
          t.requires.length ? `${t.type} (${t.requires.join(', ')})` : t.type,
        )
        .join('; '),
      r.infrastructure,
    ]),
  ];
  const widths = table[0].map((_, i) =>
    Math.max(...table.map(row => row[i].length)),
  );
  io.out(
    `${table
      .map(row =>
        row
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      )
      .join('\n')}\n`,
  );
  return 0;
}
