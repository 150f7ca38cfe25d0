import fs from 'node:fs';
import path from 'node:path';
import {
  definitionViews,
  FleetFiles,
  FleetValidationCache,
} from '@arlon-backstage/plugin-arlon-common';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { ClusterFacts, fleetEntities } from './fleetEntities';
import { FleetEntityMemo } from './FleetEntityMemo';
import { fleetLinks } from './fleetLinks';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet/arlon');

function readExample(): FleetFiles {
  const files: FleetFiles = {};
  for (const folder of fs.readdirSync(EXAMPLE))
    for (const file of fs.readdirSync(path.join(EXAMPLE, folder)))
      files[`arlon/${folder}/${file}`] = fs.readFileSync(
        path.join(EXAMPLE, folder, file),
        'utf8',
      );
  return files;
}

const options = {
  fleet: 'default',
  links: fleetLinks(
    ScmIntegrations.fromConfig(new ConfigReader({})),
    'https://github.com/acme/fleet.git',
    'main',
  ),
  defaultOwner: 'group:default/platform',
  argocdUrl: 'https://argocd.acme.com',
};

/** A small seeded generator: the same history on every run. */
function random(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n;
  };
}

const example = readExample();
const DEV = 'arlon/clusters/dev-local.yaml';
const SPEC = 'arlon/clusterspecs/docker-dev.yaml';

describe('FleetEntityMemo', () => {
  it('builds what fleetEntities builds after every step of a random history of commits and live changes', () => {
    const pick = random(17);
    const paths = Object.keys(example);
    const edits: Array<(f: FleetFiles) => void> = [
      f => {
        const p = paths[Math.floor(pick(paths.length))];
        if (f[p])
          f[p] = f[p].replace(
            /name: (\S+)\n/,
            'name: $1\n  labels: { x: y }\n',
          );
      },
      f => {
        f[SPEC] = example[SPEC].replace(
          'v1.30.0',
          `v1.30.${Math.floor(pick(9))}`,
        );
      },
      f => {
        const p = paths[Math.floor(pick(paths.length))];
        f[p] = `${example[p]}\n  broken: [`;
      },
      f => {
        delete f[paths[Math.floor(pick(paths.length))]];
      },
      f => {
        const p = paths[Math.floor(pick(paths.length))];
        f[p] = example[p];
      },
      // The same cluster twice, in another file.
      f => {
        f['arlon/clusters/dev-local-2.yaml'] = example[DEV];
      },
      f => {
        f[DEV] = example[DEV].replace('dev-local', 'x'.repeat(70));
      },
    ];
    const cache = new FleetValidationCache();
    const memo = new FleetEntityMemo();
    let files = { ...example };
    const live = { phase: 'Provisioning' };
    const facts = (name: string): ClusterFacts | undefined =>
      name === 'dev-local'
        ? { phase: live.phase, registration: 'registered' }
        : undefined;
    for (let step = 0; step < 150; step++) {
      const roll = Math.floor(pick(edits.length + 1));
      if (roll === edits.length)
        live.phase =
          live.phase === 'Provisioned' ? 'Provisioning' : 'Provisioned';
      else {
        files = { ...files };
        edits[roll](files);
      }
      const views = definitionViews(files, { cache });
      const built = memo.build(views, facts, options);
      const expected = fleetEntities(definitionViews(files), facts, options);
      expect(built.map(b => b.entity)).toEqual(expected);
      for (const b of built) expect(b.json).toBe(JSON.stringify(b.entity));
    }
  });

  it('keeps the entities of unchanged definitions, and rebuilds a cluster whose spec or live state changed', () => {
    const cache = new FleetValidationCache();
    const memo = new FleetEntityMemo();
    const facts = () => undefined;
    const first = memo.build(
      definitionViews(example, { cache }),
      facts,
      options,
    );
    const changed = {
      ...example,
      [SPEC]: example[SPEC].replace('v1.30.0', 'v1.31.0'),
    };
    const second = memo.build(
      definitionViews(changed, { cache }),
      facts,
      options,
    );
    const byName = (built: typeof first, name: string) =>
      built.find(b => b.entity.metadata.title === name)!.entity;
    expect(byName(second, 'prod-us-west')).toBe(byName(first, 'prod-us-west'));
    expect(byName(second, 'apps')).toBe(byName(first, 'apps'));
    // The spec and the cluster built from it say the new version.
    for (const name of ['docker-dev', 'dev-local']) {
      expect(byName(second, name)).not.toBe(byName(first, name));
      expect(
        byName(second, name).metadata.annotations?.[
          'arlon.io/kubernetes-version'
        ],
      ).toBe('v1.31.0');
    }
    const live = memo.build(
      definitionViews(changed, { cache }),
      name => (name === 'dev-local' ? { phase: 'Provisioned' } : undefined),
      options,
    );
    expect(byName(live, 'dev-local')).not.toBe(byName(second, 'dev-local'));
    expect(
      byName(live, 'dev-local').metadata.annotations?.['arlon.io/phase'],
    ).toBe('Provisioned');
    expect(byName(live, 'prod-us-west')).toBe(byName(first, 'prod-us-west'));
  });

  it('starts over when the options change (another repository, a second ArgoCD)', () => {
    const memo = new FleetEntityMemo();
    const views = definitionViews(example, {
      cache: new FleetValidationCache(),
    });
    const first = memo.build(views, () => undefined, options);
    const other = { ...options, multipleArgoCdInstances: true };
    const second = memo.build(views, () => undefined, other);
    expect(second[0].entity).not.toBe(first[0].entity);
    expect(second.map(b => b.entity)).toEqual(
      fleetEntities(views, () => undefined, other),
    );
  });
});
