import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  CAPI_VERSIONS,
  PROVIDERS,
  renderClusterManifests,
} from '@arlon-backstage/plugin-arlon-common';
import { upstreamViolations } from './kube/upstreamContract';
import { representativeSpec } from './upstreamContracts.samples';
import { KNOWN_UPSTREAM_VIOLATIONS } from './upstreamContracts.known';

/**
 * Everything the compiler renders, checked against the CRDs Cluster API, its
 * providers and ArgoCD publish (crds/provenance.json), as a real management
 * cluster's API server takes it: the version must be served, unknown fields
 * are failures (pruned, or refused under Strict), then required, types,
 * enums, patterns and limits after defaults. Combinations that still fail are
 * listed in upstreamContracts.known.ts with their violations; the list may
 * only shrink.
 */
const combos = PROVIDERS.flatMap(provider =>
  Object.entries(provider.clusterTypes).flatMap(([type, entry]) =>
    CAPI_VERSIONS.flatMap(capiVersion =>
      (['every field', 'required fields'] as const).map(fields => ({
        key: `${provider.id}/${type}@${capiVersion} (${fields})`,
        provider: provider.id,
        type,
        capiVersion,
        fields:
          fields === 'every field'
            ? Object.keys(entry.fields ?? {})
            : entry.requires,
        entry,
      })),
    ),
  ),
);

function renderedViolations(c: (typeof combos)[number]): string[] {
  const spec = representativeSpec(
    c.provider,
    c.type,
    c.fields,
    !!c.entry.noNodePools,
  );
  const objects = renderClusterManifests('c1', 'fleet', spec, {
    capiVersion: c.capiVersion,
  });
  return objects.flatMap(o =>
    upstreamViolations(o).map(v => `${o.kind}/${o.metadata.name}: ${v}`),
  );
}

const GENERATED = path.resolve(__dirname, '../../../examples/fleet/generated');

function generatedFiles(dir = GENERATED): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(d => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return generatedFiles(full);
    return d.name.endsWith('.yaml') ? [full] : [];
  });
}

function fileViolations(file: string): string[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map(d => d.toJS())
    .filter(o => o?.apiVersion && o?.kind)
    .flatMap(o =>
      upstreamViolations(o).map(v => `${o.kind}/${o.metadata?.name}: ${v}`),
    );
}

/** Asserts `actual` is what the known list says for `key`: nothing unlisted, nothing listed that is gone. */
function expectKnown(key: string, actual: string[]) {
  const known = KNOWN_UPSTREAM_VIOLATIONS[key] ?? [];
  const unexpected = actual.filter(v => !known.includes(v));
  const fixed = known.filter(v => !actual.includes(v));
  const problems = [
    ...unexpected.map(v => `  new violation: ${v}`),
    ...fixed.map(
      v =>
        `  fixed (remove it from KNOWN_UPSTREAM_VIOLATIONS["${key}"] in upstreamContracts.known.ts): ${v}`,
    ),
  ];
  if (known.length && !actual.length)
    problems.unshift(
      `  ${key} now passes: remove its entry from KNOWN_UPSTREAM_VIOLATIONS in upstreamContracts.known.ts`,
    );
  // An empty report is the pass; otherwise it says what to fix or update.
  expect(
    problems.length
      ? `${key} against the upstream CRDs:\n${problems.join('\n')}`
      : '',
  ).toBe('');
}

describe('what the compiler renders, against the upstream CRDs', () => {
  it.each(combos.map(c => [c.key, c] as const))('%s', (_key, c) => {
    expectKnown(c.key, renderedViolations(c));
  });

  it.each(generatedFiles().map(f => [path.relative(GENERATED, f), f] as const))(
    'examples/fleet/generated/%s',
    (relative, file) => {
      expectKnown(`examples/fleet/generated/${relative}`, fileViolations(file));
    },
  );

  it('fails on what a real API server refuses (the check can fail)', () => {
    const rendered = renderClusterManifests(
      'c1',
      'fleet',
      representativeSpec('docker', 'kubeadm', [], false),
      { capiVersion: 'v1beta2' },
    ) as any[];
    const cluster = rendered.find(o => o.kind === 'Cluster');
    cluster.spec.paused = 'yes';
    cluster.spec.region = 'eu';
    expect(upstreamViolations(cluster)).toEqual([
      'Cluster spec.region: unknown field (pruned by the API server, refused under fieldValidation=Strict)',
      'Cluster spec.paused: Invalid value: "string": spec.paused in body must be of type boolean: "string"',
    ]);
    expect(
      upstreamViolations({
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
        kind: 'TencentCloudCluster',
        metadata: { name: 'c1' },
      }),
    ).toEqual([
      'TencentCloudCluster (infrastructure.cluster.x-k8s.io/v1beta1): no upstream CRD defines this kind',
    ]);
    expect(
      upstreamViolations({
        apiVersion: 'cluster.x-k8s.io/v1alpha4',
        kind: 'Cluster',
        metadata: { name: 'c1' },
      }),
    ).toEqual([
      'Cluster (cluster.x-k8s.io/v1alpha4): version not served upstream (served: v1beta1, v1beta2)',
    ]);
  });

  it('lists only combinations and files that exist', () => {
    const keys = new Set([
      ...combos.map(c => c.key),
      ...generatedFiles().map(
        f => `examples/fleet/generated/${path.relative(GENERATED, f)}`,
      ),
    ]);
    expect(
      Object.keys(KNOWN_UPSTREAM_VIOLATIONS).filter(k => !keys.has(k)),
    ).toEqual([]);
  });

  // Prints the current state as upstreamContracts.known.ts content: UPSTREAM_CONTRACTS_PRINT=1.
  if (process.env.UPSTREAM_CONTRACTS_PRINT) {
    it('prints the known list', () => {
      const all: Record<string, string[]> = {};
      for (const c of combos) {
        const v = renderedViolations(c);
        if (v.length) all[c.key] = v;
      }
      for (const f of generatedFiles()) {
        const v = fileViolations(f);
        if (v.length)
          all[`examples/fleet/generated/${path.relative(GENERATED, f)}`] = v;
      }
      fs.writeFileSync(
        process.env.UPSTREAM_CONTRACTS_PRINT!,
        JSON.stringify(all, null, 2),
      );
    });
  }
});
