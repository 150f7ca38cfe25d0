import fs from 'node:fs';
import path from 'node:path';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import type { StructuralSchema } from './schema';

/**
 * The CustomResourceDefinitions the sandbox serves: those Cluster API, its
 * providers and ArgoCD publish, trimmed copies under this package's `crds/`
 * (crds/provenance.json says where each comes from; scripts/trimCrds.ts
 * makes them). A kind no upstream defines is not served, as on a real
 * management cluster.
 */
let loaded: any[] | undefined;

function crdsDir(): string {
  return resolvePackagePath('@arlon-backstage/arlon-sandbox', 'crds');
}

/**
 * Every upstream CRD, sorted by name; each call returns fresh copies.
 *
 * @public
 */
export function sandboxCrds(): any[] {
  return structuredClone(loadCrds());
}

function loadCrds(): any[] {
  if (!loaded) {
    const dir = crdsDir();
    loaded = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter(d => d.isDirectory())
      .flatMap(d =>
        fs
          .readdirSync(path.join(dir, d.name))
          .filter(f => f.endsWith('.json'))
          .map(f =>
            JSON.parse(fs.readFileSync(path.join(dir, d.name, f), 'utf8')),
          ),
      )
      .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  }
  return loaded!;
}

/** The upstream CRD of `group` `kind` (shared, not to be changed). */
export function upstreamCrd(group: string, kind: string): any | undefined {
  return loadCrds().find(
    c => c.spec.group === group && c.spec.names.kind === kind,
  );
}

/** Where an upstream CRD came from (crds/provenance.json). */
export interface CrdProvenance {
  file: string;
  repository: string;
  tag: string;
  commit: string;
  path: string;
  licence: string;
}

export function crdProvenance(): {
  files: CrdProvenance[];
  withoutUpstream: Array<{
    provider: string;
    kinds: string[];
    finding: string;
  }>;
} {
  return JSON.parse(
    fs.readFileSync(path.join(crdsDir(), 'provenance.json'), 'utf8'),
  );
}

/** The CRD version serving `apiVersion` `kind`, if an upstream CRD serves it (shared, not to be changed). */
export function upstreamVersion(
  apiVersion: string,
  kind: string,
): { crd: any; version: any; schema: StructuralSchema } | undefined {
  const [group, version] = apiVersion.includes('/')
    ? apiVersion.split('/')
    : ['', apiVersion];
  const crd = upstreamCrd(group, kind);
  const served = crd?.spec.versions.find(
    (v: any) => v.name === version && v.served,
  );
  return served
    ? { crd, version: served, schema: served.schema.openAPIV3Schema }
    : undefined;
}
