import { stringify, parse } from 'yaml';
import upstream from './__fixtures__/upstreamSpecFields.json';
import { CAPI_GROUP, findProvider, PROVIDERS } from '../catalog';
import { exampleClusterSpec } from '../examples';
import { KubeObject, renderClusterManifests } from '../renderCluster';
import { RENDERERS } from './index';

const UPSTREAM: Record<string, { props: string[]; required: string[] }> =
  upstream.kinds;

/** Rendered and read back through YAML, as ArgoCD gets them. */
function render(provider: string, type: string): KubeObject[] {
  return renderClusterManifests(
    'c1',
    'ns1',
    exampleClusterSpec(provider, type),
  ).map(o => parse(stringify(o)));
}

const isProviderKind = (o: KubeObject) =>
  !o.apiVersion.startsWith(`${CAPI_GROUP}/`) && !o.kind.startsWith('Kubeadm');
const fieldsOf = (o: KubeObject) => {
  const spec = (o.spec ?? {}) as any;
  return /Template$/.test(o.kind) && spec.template
    ? spec.template.spec ?? {}
    : spec;
};
const find = (objects: KubeObject[], kind: string) => {
  const found = objects.filter(o => o.kind === kind);
  expect(found.length).toBeGreaterThan(0);
  return found.map(fieldsOf);
};

const cases = PROVIDERS.flatMap(p =>
  Object.keys(p.clusterTypes).map(type => [`${p.id} ${type}`, p.id, type]),
);

describe('provider rendering against the upstream CRDs', () => {
  it('has a renderer for exactly the catalog providers', () => {
    expect(Object.keys(RENDERERS).sort()).toEqual(
      PROVIDERS.map(p => p.id).sort(),
    );
  });

  it.each(cases)(
    '%s: every provider object is a kind upstream publishes, with its required fields and none it lacks',
    (_label, provider, type) => {
      const objects = render(provider, type).filter(isProviderKind);
      // A ClusterClass type may leave its provider objects to the class.
      const viaClass =
        !!findProvider(provider)!.clusterTypes[type].clusterClass;
      expect(objects.length > 0 || viaClass).toBe(true);
      for (const o of objects) {
        const schema = UPSTREAM[`${o.apiVersion}/${o.kind}`];
        expect({ kind: `${o.apiVersion}/${o.kind}`, known: !!schema }).toEqual({
          kind: `${o.apiVersion}/${o.kind}`,
          known: true,
        });
        const fields = Object.keys(fieldsOf(o));
        expect({
          kind: o.kind,
          foreign: fields.filter(f => !schema.props.includes(f)),
          missing: schema.required.filter(f => !fields.includes(f)),
        }).toEqual({ kind: o.kind, foreign: [], missing: [] });
      }
    },
  );

  it('aws: region and SSH key on the cluster, instance types on the machines; EKS takes a minor version', () => {
    const kubeadm = render('aws', 'kubeadm');
    expect(find(kubeadm, 'AWSCluster')[0]).toEqual({
      region: 'eu-west-1',
      sshKeyName: 'ops',
    });
    expect(
      find(kubeadm, 'AWSMachineTemplate').map(m => m.instanceType),
    ).toEqual(expect.arrayContaining(['m6i.large', 'm6i.xlarge']));
    // clusterawsadm's instance profiles: the control plane's is the wider one.
    const profiles = kubeadm
      .filter(o => o.kind === 'AWSMachineTemplate')
      .map(o => [
        o.metadata.name.startsWith('c1-control-plane-'),
        fieldsOf(o).iamInstanceProfile,
      ]);
    expect(profiles).toEqual([
      [true, 'control-plane.cluster-api-provider-aws.sigs.k8s.io'],
      [false, 'nodes.cluster-api-provider-aws.sigs.k8s.io'],
      [false, 'nodes.cluster-api-provider-aws.sigs.k8s.io'],
    ]);
    const eks = render('aws', 'eks');
    expect(find(eks, 'AWSManagedControlPlane')[0]).toMatchObject({
      region: 'eu-west-1',
      version: 'v1.30',
    });
    expect(find(eks, 'AWSManagedMachinePool')[1]).toEqual({
      instanceType: 'm6i.xlarge',
      scaling: { minSize: 1, maxSize: 5 },
    });
  });

  it('azure aks: identity, resource group and version on the control plane; the first pool is the System pool', () => {
    const objects = render('azure', 'aks');
    expect(find(objects, 'AzureManagedControlPlane')[0]).toEqual({
      location: 'westeurope',
      version: 'v1.30.2',
      resourceGroupName: 'arlon-westeurope',
      identityRef: { kind: 'AzureClusterIdentity', name: 'cluster-identity' },
    });
    expect(
      find(objects, 'AzureManagedMachinePool').map(p => [
        p.mode,
        p.name,
        p.sku,
      ]),
    ).toEqual([
      ['System', 'workers', 'Standard_D4s_v5'],
      ['User', 'burst', 'Standard_D8s_v5'],
    ]);
    expect(find(objects, 'AzureManagedCluster')[0]).toEqual({});
  });

  it('azure kubeadm: location and resource group, vmSize with an OS disk', () => {
    const objects = render('azure', 'kubeadm');
    expect(find(objects, 'AzureCluster')[0]).toMatchObject({
      location: 'westeurope',
      resourceGroup: 'arlon-westeurope',
    });
    expect(find(objects, 'AzureMachineTemplate')[0]).toMatchObject({
      vmSize: 'Standard_D4s_v5',
      osDisk: { osType: 'Linux' },
    });
  });

  it('gcp: the project on GCPCluster; GKE: project and region on the cluster, project and location on the control plane', () => {
    expect(find(render('gcp', 'kubeadm'), 'GCPCluster')[0]).toEqual({
      project: 'acme-fleet',
      region: 'europe-west4',
      network: { name: 'default' },
    });
    const gke = render('gcp', 'gke');
    expect(find(gke, 'GCPManagedCluster')[0]).toMatchObject({
      project: 'acme-fleet',
      region: 'europe-west4',
    });
    expect(find(gke, 'GCPManagedControlPlane')[0]).toEqual({
      project: 'acme-fleet',
      location: 'europe-west4',
      version: '1.30.2',
    });
    expect(find(gke, 'GCPManagedMachinePool')[1]).toEqual({
      machineType: 'e2-standard-8',
      scaling: { minCount: 1, maxCount: 5 },
    });
  });

  it('vsphere: the vCenter on the cluster; template and port group on every machine', () => {
    const objects = render('vsphere', 'kubeadm');
    expect(find(objects, 'VSphereCluster')[0]).toEqual({
      server: 'vcenter.example.com',
    });
    for (const machine of find(objects, 'VSphereMachineTemplate'))
      expect(machine).toMatchObject({
        server: 'vcenter.example.com',
        datacenter: 'dc1',
        template: 'ubuntu-2204-kube-v1.30.0',
        network: { devices: [{ networkName: 'VM Network', dhcp4: true }] },
      });
  });

  it('openstack: the identity on the cluster; flavor, image and key on the machines', () => {
    const objects = render('openstack', 'kubeadm');
    expect(find(objects, 'OpenStackCluster')[0]).toEqual({
      identityRef: {
        type: 'Secret',
        name: 'openstack-cloud-config',
        cloudName: 'openstack',
      },
    });
    expect(find(objects, 'OpenStackMachineTemplate')[1]).toEqual({
      flavor: 'm1.large',
      image: { filter: { name: 'ubuntu-2204-kube-v1.30.0' } },
      sshKeyName: 'ops',
    });
  });

  it('metal3: the image with its checksum on the machines', () => {
    expect(
      find(render('metal3', 'kubeadm'), 'Metal3MachineTemplate')[0],
    ).toMatchObject({
      image: {
        url: 'http://images.example.com/ubuntu-2204-kube-v1.30.0.qcow2',
        checksumType: 'sha256',
      },
    });
  });

  it('kubevirt: a VM template with a container disk, sized by a cluster instancetype', () => {
    const machine = find(
      render('kubevirt', 'kubeadm'),
      'KubevirtMachineTemplate',
    )[1];
    const vm = machine.virtualMachineTemplate.spec;
    expect(vm.instancetype).toEqual({
      kind: 'VirtualMachineClusterInstancetype',
      name: 'u1.large',
    });
    expect(vm.template.spec.volumes).toEqual([
      {
        name: 'containervolume',
        containerDisk: {
          image: 'quay.io/capk/ubuntu-2204-container-disk:v1.30.1',
        },
      },
    ]);
    expect(vm.template.spec.domain.devices.disks[0].name).toBe(
      'containervolume',
    );
  });

  it('azure stack hci: location, resource group and version on the cluster; location, vmSize and key on the machines', () => {
    const objects = render('azurestackhci', 'kubeadm');
    expect(find(objects, 'AzureStackHCICluster')[0]).toEqual({
      location: 'westeurope',
      resourceGroup: 'hci-fleet',
      version: 'v1.30.2',
    });
    expect(find(objects, 'AzureStackHCIMachineTemplate')[0]).toMatchObject({
      location: 'westeurope',
      vmSize: 'Standard_A4_v2',
      sshPublicKey: expect.stringMatching(/^ssh-ed25519 /),
    });
  });

  it('digitalocean: region on the cluster; size, image and SSH key on the machines', () => {
    const objects = render('digitalocean', 'kubeadm');
    expect(find(objects, 'DOCluster')[0]).toEqual({ region: 'ams3' });
    expect(find(objects, 'DOMachineTemplate')[1]).toEqual({
      size: 's-2vcpu-4gb',
      image: 'ubuntu-22-04-x64',
      sshKeys: ['12345678'],
    });
  });

  it('ibmcloud: region and resource group on the cluster; profile, image and zone on the machines', () => {
    const objects = render('ibmcloud', 'kubeadm');
    expect(find(objects, 'IBMVPCCluster')[0]).toEqual({
      region: 'eu-de',
      resourceGroup: 'fleet',
      zone: 'eu-de-1',
    });
    expect(find(objects, 'IBMVPCMachineTemplate')[1]).toEqual({
      profile: 'bx2-4x16',
      zone: 'eu-de-1',
      image: { name: 'capibm-vpc-ubuntu-2204-kube-v1-30-0' },
      sshKeys: [{ name: 'ops' }],
    });
  });

  it('equinix: project and metro on the cluster; machine type and OS on the machines', () => {
    const objects = render('equinix', 'kubeadm');
    expect(find(objects, 'PacketCluster')[0]).toEqual({
      projectID: '3f7a6f31-9a39-4f62-8d48-6e9e9b0f2c11',
      metro: 'am',
      vipManager: 'CPEM',
    });
    expect(find(objects, 'PacketMachineTemplate')[1]).toEqual({
      machineType: 'c3.small.x86',
      os: 'ubuntu_22_04',
    });
  });

  it('nested: a NestedControlPlane without a version, referring to its three components', () => {
    const objects = render('nested', 'nested');
    const cp = objects.find(o => o.kind === 'NestedControlPlane')!;
    expect(cp.spec).toEqual({
      etcd: expect.objectContaining({ kind: 'NestedEtcd', name: 'c1-etcd' }),
      apiserver: expect.objectContaining({
        kind: 'NestedAPIServer',
        name: 'c1-apiserver',
      }),
      controllerManager: expect.objectContaining({
        kind: 'NestedControllerManager',
        name: 'c1-controller-manager',
      }),
    });
    for (const ref of Object.values(cp.spec as Record<string, any>))
      expect(
        objects.some(o => o.kind === ref.kind && o.metadata.name === ref.name),
      ).toBe(true);
  });

  it('maas: the DNS domain on the cluster; image, CPUs and memory on the machines', () => {
    const objects = render('maas', 'kubeadm');
    expect(find(objects, 'MaasCluster')[0]).toEqual({
      dnsDomain: 'maas.example.com',
    });
    expect(find(objects, 'MaasMachineTemplate')[0]).toEqual({
      image: 'custom/u-2204-0-k-1300-0',
      minCPU: 4,
      minMemory: 8192,
    });
  });

  it('hetzner: regions, token Secret and SSH keys on the cluster; the server type on the machines', () => {
    const objects = render('hetzner', 'kubeadm');
    expect(find(objects, 'HetznerCluster')[0]).toEqual({
      controlPlaneRegions: ['fsn1'],
      hetznerSecretRef: { name: 'hetzner', key: { hcloudToken: 'hcloud' } },
      sshKeys: { hcloud: [{ name: 'ops' }] },
    });
    expect(find(objects, 'HCloudMachineTemplate')[1]).toEqual({
      type: 'cpx31',
      imageName: 'ubuntu-22.04',
    });
  });

  it('sidero talos: the control plane config and its MetalMachineTemplate, picking servers of a ServerClass', () => {
    const objects = render('sidero', 'talos');
    const cp = objects.find(o => o.kind === 'TalosControlPlane')!.spec as any;
    expect(cp).toMatchObject({
      version: 'v1.30.2',
      controlPlaneConfig: { controlplane: { generateType: 'controlplane' } },
      infrastructureTemplate: { kind: 'MetalMachineTemplate' },
    });
    const template = objects.find(
      o =>
        o.kind === 'MetalMachineTemplate' &&
        o.metadata.name === cp.infrastructureTemplate.name,
    );
    expect((template!.spec as any).template.spec.serverClassRef).toEqual({
      apiVersion: 'metal.sidero.dev/v1alpha2',
      kind: 'ServerClass',
      name: 'any',
    });
  });

  it('byoh: empty cluster and machine specs (hosts register themselves)', () => {
    const objects = render('byoh', 'kubeadm');
    expect(find(objects, 'ByoCluster')[0]).toEqual({});
    expect(find(objects, 'ByoMachineTemplate')[0]).toEqual({});
  });
});
