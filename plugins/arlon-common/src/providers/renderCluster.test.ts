import { parseAllDocuments, stringify } from 'yaml';
import type { ClusterSpecSpec } from '../model/types';
import { CAPI_GROUP, machineTemplateOf, PROVIDERS } from './catalog';
import { KubeObject, renderClusterManifests } from './renderCluster';

const groupOf = (o: KubeObject) => o.apiVersion.split('/')[0];

function specFor(
  provider: string,
  type: string,
  requires: string[],
): ClusterSpecSpec {
  return {
    provider,
    type,
    kubernetesVersion: 'v1.29.4',
    ...(requires.includes('region') ? { region: 'region-1' } : {}),
    ...(requires.includes('sshKeyName') ? { sshKeyName: 'ops' } : {}),
    nodePools: [
      { name: 'workers', machineType: 'large', replicas: 2 },
      {
        name: 'burst',
        machineType: 'xlarge',
        replicas: 1,
        autoscaling: { min: 1, max: 5 },
      },
    ],
  };
}

/** Round trip through YAML text, as the compiler writes and ArgoCD reads it. */
function renderAndParse(spec: ClusterSpecSpec): KubeObject[] {
  const text = renderClusterManifests('c1', 'ns1', spec)
    .map(o => stringify(o))
    .join('---\n');
  const docs = parseAllDocuments(text);
  for (const doc of docs) expect(doc.errors).toEqual([]);
  return docs.map(d => d.toJS());
}

const cases = PROVIDERS.flatMap(provider =>
  Object.entries(provider.clusterTypes).map(
    ([type, entry]) =>
      [`${provider.id} ${type}`, provider, type, entry] as const,
  ),
);

describe('renderClusterManifests', () => {
  it('covers every provider the catalog promises, 17 in three tiers', () => {
    expect(PROVIDERS.map(p => p.id)).toEqual([
      'aws',
      'azure',
      'gcp',
      'vsphere',
      'openstack',
      'metal3',
      'kubevirt',
      'docker',
      'azurestackhci',
      'digitalocean',
      'ibmcloud',
      'equinix',
      'nested',
      'maas',
      'byoh',
      'sidero',
      'hetzner',
    ]);
    expect(new Set(PROVIDERS.map(p => p.tier))).toEqual(new Set([1, 2, 3]));
  });

  it.each(cases)(
    '%s: manifests parse, namespaced and labelled, with a CAPI Cluster',
    (_label, provider, type, entry) => {
      const objects = renderAndParse(
        specFor(provider.id, type, entry.requires),
      );
      for (const o of objects) {
        expect(o.apiVersion).toMatch(/^[a-z0-9.-]+\/v\d+((alpha|beta)\d+)?$/);
        expect(o.metadata).toMatchObject({
          namespace: 'ns1',
          labels: { 'cluster.x-k8s.io/cluster-name': 'c1' },
        });
      }
      expect(
        objects.filter(o => o.kind === 'Cluster').map(o => o.apiVersion),
      ).toEqual([`${CAPI_GROUP}/v1beta1`]);
    },
  );

  it.each(cases.filter(([, , , entry]) => entry.clusterClass))(
    '%s: the ClusterClass form is one Cluster with a topology, after its class',
    (_label, provider, type, entry) => {
      const objects = renderAndParse(
        specFor(provider.id, type, entry.requires),
      );
      const clusters = objects.filter(o => o.kind === 'Cluster');
      expect(clusters).toHaveLength(1);
      expect((clusters[0].spec as any).topology).toMatchObject({
        class: entry.clusterClass!.name,
        version: 'v1.29.4',
      });
      expect(objects[0]).toMatchObject({
        kind: 'ClusterClass',
        metadata: { name: entry.clusterClass!.name, namespace: 'ns1' },
      });
    },
  );

  const explicit = cases.filter(([, , , entry]) => !entry.clusterClass);

  it.each(explicit)(
    '%s: the Cluster references an infrastructure cluster and control plane of the right groups and kinds',
    (_label, provider, type, entry) => {
      const objects = renderAndParse(
        specFor(provider.id, type, entry.requires),
      );
      const cluster = objects.find(o => o.kind === 'Cluster')!;
      const byRef = (r: any) =>
        objects.find(
          o =>
            o.apiVersion === r.apiVersion &&
            o.kind === r.kind &&
            o.metadata.name === r.name,
        );
      const { infrastructureRef, controlPlaneRef } = cluster.spec as any;
      const infraKind =
        entry.infrastructureCluster ?? provider.infrastructureCluster;
      expect(infrastructureRef).toEqual({
        apiVersion: `${infraKind.group}/${infraKind.version}`,
        kind: infraKind.kind,
        name: 'c1',
      });
      expect(byRef(infrastructureRef)).toBeDefined();
      expect(controlPlaneRef.kind).toBe(entry.controlPlane.kind);
      expect(groupOf(byRef(controlPlaneRef)!)).toBe(entry.controlPlane.group);
    },
  );

  it.each(explicit.filter(([, provider]) => provider.tier === 1))(
    '%s (tier 1): complete worker pools with autoscaler annotations',
    (_label, provider, type, entry) => {
      const objects = renderAndParse(
        specFor(provider.id, type, entry.requires),
      );
      const byRef = (r: any) =>
        objects.find(
          o =>
            o.apiVersion === r.apiVersion &&
            o.kind === r.kind &&
            o.metadata.name === r.name,
        );
      const pools = objects.filter(
        o => o.kind === 'MachineDeployment' || o.kind === 'MachinePool',
      );
      expect(pools.map(p => p.metadata.name)).toEqual([
        'c1-workers',
        'c1-burst',
      ]);
      expect(pools[1].metadata.annotations).toEqual({
        'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size': '1',
        'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size': '5',
      });
      const expectedKind =
        entry.managedMachinePool?.kind ?? machineTemplateOf(provider).kind;
      for (const pool of pools) {
        const infraRef = (pool.spec as any).template.spec.infrastructureRef;
        expect(infraRef.kind).toBe(expectedKind);
        expect(byRef(infraRef)).toBeDefined();
      }
    },
  );

  it('aws kubeadm carries region, SSH key, VPC and instance types', () => {
    const objects = renderAndParse({
      ...specFor('aws', 'kubeadm', ['region', 'sshKeyName']),
      network: { vpcId: 'vpc-1' },
      controlPlane: { replicas: 3, machineType: 'm5.large' },
    });
    expect(objects.find(o => o.kind === 'AWSCluster')!.spec).toEqual({
      region: 'region-1',
      sshKeyName: 'ops',
      network: { vpc: { id: 'vpc-1' } },
    });
    const cp = objects.find(o => o.kind === 'KubeadmControlPlane')!.spec as any;
    expect(cp.replicas).toBe(3);
    expect(
      objects.find(
        o =>
          o.metadata.name.startsWith('c1-control-plane-') &&
          o.kind === 'AWSMachineTemplate',
      )!.spec,
    ).toMatchObject({
      template: { spec: { instanceType: 'm5.large', sshKeyName: 'ops' } },
    });
    expect(
      objects.filter(o => o.kind === 'KubeadmConfigTemplate'),
    ).toHaveLength(2);
  });

  it('aws eks renders a managed control plane and managed pools with scaling', () => {
    const objects = renderAndParse(specFor('aws', 'eks', ['region']));
    expect(objects.map(o => o.kind)).toEqual([
      'Cluster',
      'AWSManagedCluster',
      'AWSManagedControlPlane',
      'MachinePool',
      'AWSManagedMachinePool',
      'MachinePool',
      'AWSManagedMachinePool',
    ]);
    expect(
      objects.find(o => o.kind === 'AWSManagedControlPlane')!.spec,
    ).toMatchObject({ region: 'region-1', version: 'v1.29' });
    expect(objects[6].spec).toEqual({
      instanceType: 'xlarge',
      scaling: { minSize: 1, maxSize: 5 },
    });
  });

  it('refuses a provider and type the catalog does not have', () => {
    expect(() =>
      renderClusterManifests('c', 'n', { ...specFor('aws', 'gke', []) }),
    ).toThrow('no provider "aws" with cluster type "gke"');
  });
});
