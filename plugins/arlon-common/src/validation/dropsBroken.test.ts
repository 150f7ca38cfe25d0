import { compileFleet } from '../compiler/compileFleet';
import type { FleetFiles } from '../model/Fleet';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from './validateFleet';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};
const example = readFleetDir(EXAMPLE_FLEET_DIR);

const define = (kind: string, name: string, spec: string) =>
  `apiVersion: core.arlon.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\nspec:\n${spec}`;

/**
 * The compiler trusts what validateFleet hands it: a definition with a
 * problem of its own (one that passes the schema but breaks a rule that
 * needs the whole repository) must not be in the fleet it returns.
 */
describe('validateFleet drops broken definitions before the compiler sees them', () => {
  // Each passes the schema and breaks one repository rule in its own file.
  const broken: FleetFiles = {
    // No source at all: the compiler would read spec.source.git of nothing.
    'arlon/bundles/sourceless.yaml': define(
      'Bundle',
      'sourceless',
      '  source: {}\n',
    ),
    'arlon/profiles/ghostly.yaml': define(
      'Profile',
      'ghostly',
      '  bundles: [sourceless, no-such-bundle]\n',
    ),
    'arlon/clusters/orphan.yaml': define(
      'Cluster',
      'orphan',
      '  clusterSpec: no-such-spec\n  profiles: [ghostly]\n',
    ),
  };
  const files = { ...example, ...broken };

  it('reports each broken file and leaves its definition out of the fleet', () => {
    const { fleet, problems } = validateFleet(files);
    expect([...new Set(problems.map(p => p.file))].sort()).toEqual(
      Object.keys(broken).sort(),
    );
    expect(fleet.bundles.has('sourceless')).toBe(false);
    expect(fleet.profiles.has('ghostly')).toBe(false);
    expect(fleet.clusters.has('orphan')).toBe(false);
    // The rest of the fleet is untouched.
    const good = validateFleet(example).fleet;
    expect([...fleet.bundles.keys()].sort()).toEqual(
      [...good.bundles.keys()].sort(),
    );
    expect([...fleet.clusters.keys()].sort()).toEqual(
      [...good.clusters.keys()].sort(),
    );
  });

  it('compiles what is left exactly as the fleet without the broken files', () => {
    const { fleet } = validateFleet(files);
    const generated = compileFleet(fleet, OPTIONS);
    expect(generated).toEqual(
      compileFleet(validateFleet(example).fleet, OPTIONS),
    );
    expect(Object.keys(generated).join('\n')).not.toMatch(
      /sourceless|ghostly|orphan/,
    );
  });
});
