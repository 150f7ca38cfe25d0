import { parse, parseAllDocuments } from 'yaml';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { CAPI_VERSIONS } from '../providers/capi/version';
import { CAPI_VERSION_ANNOTATION, compileFleet } from './compileFleet';
import { BOOTSTRAP_FILE, compileOptionsOfGenerated } from './generatedDrift';

const files = readFleetDir(EXAMPLE_FLEET_DIR);
const { fleet } = validateFleet(files);
const base = { repoUrl: 'https://git.example.com/fleet.git', revision: 'main' };

describe('the Cluster API version as a compile input', () => {
  it.each(CAPI_VERSIONS)(
    '%s: recorded on the bootstrap Application and read back, so a checkout recompiles to the same bytes',
    capiVersion => {
      const generated = compileFleet(fleet, { ...base, capiVersion });
      expect(
        parse(generated[BOOTSTRAP_FILE]).metadata.annotations[
          CAPI_VERSION_ANNOTATION
        ],
      ).toBe(capiVersion);
      const recorded = compileOptionsOfGenerated(generated).options!;
      expect(recorded.capiVersion).toBe(capiVersion);
      expect(compileFleet(fleet, recorded)).toEqual(generated);
    },
  );

  it('without one, v1beta1, and the tree says so', () => {
    const generated = compileFleet(fleet, base);
    expect(generated).toEqual(
      compileFleet(fleet, { ...base, capiVersion: 'v1beta1' }),
    );
    const cluster = parseAllDocuments(
      generated['generated/clusters/prod-us-west/cluster.yaml'],
    )
      .map(d => d.toJS())
      .find(o => o.kind === 'Cluster');
    expect(cluster.apiVersion).toBe('cluster.x-k8s.io/v1beta1');
  });

  it('cluster root Applications prune last, after the objects using an old template point at its successor', () => {
    const generated = compileFleet(fleet, { ...base, capiVersion: 'v1beta2' });
    const roots = Object.entries(generated).filter(([path]) =>
      path.startsWith('generated/argocd/clusters/'),
    );
    expect(roots.length).toBeGreaterThan(0);
    expect(
      roots.map(([path, text]) => [
        path,
        parse(text).spec.syncPolicy.syncOptions.includes('PruneLast=true'),
      ]),
    ).toEqual(roots.map(([path]) => [path, true]));
  });
});
