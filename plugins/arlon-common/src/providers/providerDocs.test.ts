import fs from 'node:fs';
import path from 'node:path';
import { PROVIDERS, REMOVED_PROVIDERS } from './catalog';

/** docs/fleet-repository.md: what people read about providers must be what the catalog does. */
const DOC = fs.readFileSync(
  path.resolve(__dirname, '../../../../docs/fleet-repository.md'),
  'utf8',
);
const rows = DOC.split('\n').filter(l => l.startsWith('| '));

describe('the provider table in docs/fleet-repository.md', () => {
  it.each(
    PROVIDERS.flatMap(p =>
      Object.keys(p.clusterTypes).map(type => [p.id, type] as const),
    ),
  )(
    '%s %s: one row with its kinds, required fields and the release checked',
    (id, type) => {
      const provider = PROVIDERS.find(p => p.id === id)!;
      const entry = provider.clusterTypes[type];
      const row = rows.filter(r =>
        new RegExp(
          `^\\| ${id} \\(${provider.tier}\\)\\s*\\| ${type}\\s*\\|`,
        ).test(r),
      );
      expect(row).toHaveLength(1);
      const infra =
        entry.infrastructureCluster ?? provider.infrastructureCluster;
      expect(row[0]).toContain(`\`${infra.kind}\` ${infra.version}`);
      expect(row[0]).toMatch(
        new RegExp(
          `\\(${provider.upstream.repository}\\) ${provider.upstream.release}[ ,|]`,
        ),
      );
      for (const field of entry.requires)
        expect(row[0]).toContain(`\`${field}\` → ${entry.fields[field]}`);
    },
  );

  it('has no row for a provider or type the catalog does not have', () => {
    const listed = rows
      .map(r => /^\| (\S+) \((\d)\)\s*\| (\S+)\s*\|/.exec(r))
      .filter(m => m !== null)
      .map(([, id, tier, type]) => `${id} (${tier}) ${type}`);
    expect(listed.sort()).toEqual(
      PROVIDERS.flatMap(p =>
        Object.keys(p.clusterTypes).map(t => `${p.id} (${p.tier}) ${t}`),
      ).sort(),
    );
  });

  it.each(Object.keys(REMOVED_PROVIDERS))(
    'names the removed provider %s with the reason',
    id => {
      expect(DOC).toContain(`- \`${id}\`: ${REMOVED_PROVIDERS[id]}`);
    },
  );
});
