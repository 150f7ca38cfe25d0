// Test-only: the fixture reads examples/fleet from the repository, as the
// backend reads its fleet repository; nothing in the browser bundle imports this.
/* eslint-disable no-restricted-imports */
import fs from 'fs';
import path from 'path';
import {
  ClusterStatus,
  definitionViews,
  DefinitionWithStatus,
  FleetFiles,
} from '@arlon-backstage/plugin-arlon-common';
import type { ArlonApi, KindSegment, VerifyResponse } from '../api/ArlonClient';
import { SEGMENT } from '../components/common/arlonEntity';

/** examples/fleet's definitions, read from the repository. */
function exampleFleetFiles(): FleetFiles {
  const root = path.resolve(__dirname, '../../../../examples/fleet');
  const files: FleetFiles = {};
  for (const folder of fs.readdirSync(path.join(root, 'arlon'))) {
    for (const file of fs.readdirSync(path.join(root, 'arlon', folder))) {
      const rel = `arlon/${folder}/${file}`;
      files[rel] = fs.readFileSync(path.join(root, rel), 'utf8');
    }
  }
  return files;
}

/** A cluster's live status as the API reports it, with one bundle application per entry. */
export function clusterStatus(
  phase: string | undefined,
  applications: Array<[bundle: string, health: string]>,
  extra: Partial<ClusterStatus> = {},
): ClusterStatus {
  return {
    managementCluster: 'sandbox',
    capi: phase ? { phase, conditions: [] } : undefined,
    registration:
      phase === 'Provisioned' ? 'registered' : 'waitingForProvisioning',
    applications: applications.map(([bundle, health]) => ({
      name: `${bundle}`,
      bundle,
      sync: health === 'Healthy' ? 'Synced' : 'OutOfSync',
      health,
      automated: true,
    })),
    behind: false,
    behindReasons: [],
    ...extra,
  };
}

/**
 * The REST API answering with the example fleet exactly as the backend
 * lists it (definitionViews over examples/fleet, the same function the
 * backend serves), each cluster with the given live status, and GET /verify's
 * answer. Other methods fail the test.
 */
export function exampleFleetApi(
  statuses: Record<string, ClusterStatus | null>,
  verify: VerifyResponse = { managementClusters: [] },
): Partial<ArlonApi> {
  const views = definitionViews(exampleFleetFiles());
  const items = (segment: KindSegment): DefinitionWithStatus[] =>
    views
      .filter(v => SEGMENT[v.kind] === segment)
      .map(v =>
        segment === 'clusters' ? { ...v, status: statuses[v.name] ?? null } : v,
      );
  return {
    list: async segment => ({ commit: 'c0ffee', items: items(segment) }),
    get: async (segment, name) => {
      const found = items(segment).find(i => i.name === name);
      if (!found) throw new Error(`No ${segment}/${name} in examples/fleet`);
      return found;
    },
    verify: async () => verify,
  };
}
