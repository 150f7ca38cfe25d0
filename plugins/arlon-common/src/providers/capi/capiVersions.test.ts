import { parseAllDocuments, stringify } from 'yaml';
import type { ClusterSpecSpec } from '../../model/types';
import { PROVIDERS } from '../catalog';
import { KubeObject, renderClusterManifests } from '../renderCluster';
import { installHint } from '../servedKinds';
import { canonicalJson, contentName } from './contentName';
import { CAPI_VERSIONS, CapiVersion, chooseCapiVersion } from './version';

const spec = (over: Partial<ClusterSpecSpec> = {}): ClusterSpecSpec => ({
  provider: 'aws',
  type: 'kubeadm',
  kubernetesVersion: 'v1.31.2',
  region: 'eu-west-1',
  sshKeyName: 'ops',
  controlPlane: { replicas: 3, machineType: 'm5.large' },
  nodePools: [
    { name: 'md-0', machineType: 'm5.xlarge', replicas: 2 },
    { name: 'md-1', machineType: 'm5.2xlarge', replicas: 1 },
  ],
  ...over,
});

/** Through YAML text, as the compiler writes and ArgoCD reads it. */
function render(s: ClusterSpecSpec, capiVersion: CapiVersion): KubeObject[] {
  const text = renderClusterManifests('c1', 'c1', s, { capiVersion })
    .map(o => stringify(o))
    .join('---\n');
  return parseAllDocuments(text).map(d => d.toJS());
}

const CAPI_OWN = /^(cluster|bootstrap|controlplane)\.cluster\.x-k8s\.io$/;
const isKubeadmOrCore = (o: KubeObject) =>
  CAPI_OWN.test(o.apiVersion.split('/')[0]) &&
  (o.apiVersion.startsWith('cluster.') || o.kind.startsWith('Kubeadm'));

/** Every object reference in Cluster API's own objects, where it sits. */
function refsOf(o: KubeObject): Array<[string, any]> {
  const s = o.spec as any;
  const found: Array<[string, any]> = [];
  const add = (path: string, r: any) => r && found.push([path, r]);
  add('spec.infrastructureRef', s.infrastructureRef);
  add('spec.controlPlaneRef', s.controlPlaneRef);
  add(
    'spec.template.spec.infrastructureRef',
    s.template?.spec?.infrastructureRef,
  );
  add(
    'spec.template.spec.bootstrap.configRef',
    s.template?.spec?.bootstrap?.configRef,
  );
  add(
    'spec.machineTemplate.infrastructureRef',
    s.machineTemplate?.infrastructureRef,
  );
  add(
    'spec.machineTemplate.spec.infrastructureRef',
    s.machineTemplate?.spec?.infrastructureRef,
  );
  return found;
}

function resolve(objects: KubeObject[], r: any): KubeObject | undefined {
  return objects.find(
    o =>
      o.kind === r.kind &&
      o.metadata.name === r.name &&
      (r.apiGroup
        ? o.apiVersion.split('/')[0] === r.apiGroup
        : o.apiVersion === r.apiVersion),
  );
}

const cases = PROVIDERS.flatMap(p =>
  Object.keys(p.clusterTypes).flatMap(type =>
    CAPI_VERSIONS.map(v => [`${p.id} ${type} at ${v}`, p.id, type, v] as const),
  ),
);

describe('Cluster API versions', () => {
  it.each(cases)(
    '%s: core and kubeadm kinds at that version, every reference in its shape and resolving',
    (_label, provider, type, version) => {
      const objects = render(
        spec({ provider, type, region: 'r', sshKeyName: 'k' }),
        version,
      );
      for (const o of objects.filter(isKubeadmOrCore))
        expect(`${o.kind} ${o.apiVersion}`).toMatch(new RegExp(`/${version}$`));
      for (const o of objects.filter(isKubeadmOrCore))
        for (const [path, r] of refsOf(o)) {
          expect([path, Object.keys(r).sort()]).toEqual([
            path,
            version === 'v1beta2'
              ? ['apiGroup', 'kind', 'name']
              : ['apiVersion', 'kind', 'name'],
          ]);
          expect([o.kind, path, resolve(objects, r)?.kind]).toEqual([
            o.kind,
            path,
            r.kind,
          ]);
        }
    },
  );

  it.each(CAPI_VERSIONS)(
    'at %s the YAML has no anchors or aliases (objects are never shared between fields)',
    version => {
      for (const provider of ['aws', 'docker'])
        for (const o of renderClusterManifests('c1', 'c1', spec({ provider }), {
          capiVersion: version,
        }))
          expect(stringify(o)).not.toMatch(/(^|\s)[&*]a\d+\b/m);
    },
  );

  it('KubeadmControlPlane: v1beta2 nests the infrastructure reference under machineTemplate.spec', () => {
    const kcp = (v: CapiVersion) =>
      render(spec(), v).find(o => o.kind === 'KubeadmControlPlane')!
        .spec as any;
    expect(kcp('v1beta2').machineTemplate).toEqual({
      spec: {
        infrastructureRef: {
          apiGroup: 'infrastructure.cluster.x-k8s.io',
          kind: 'AWSMachineTemplate',
          name: expect.stringMatching(/^c1-control-plane-[0-9a-f]{8}$/),
        },
      },
    });
    expect(kcp('v1beta1').machineTemplate.infrastructureRef).toMatchObject({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2',
      kind: 'AWSMachineTemplate',
    });
  });

  it("a managed control plane (EKS) is the provider's kind at the catalog's version in both", () => {
    for (const v of CAPI_VERSIONS) {
      const objects = render(spec({ type: 'eks' }), v);
      const cluster = objects.find(o => o.kind === 'Cluster')!.spec as any;
      expect(resolve(objects, cluster.controlPlaneRef)?.apiVersion).toBe(
        'controlplane.cluster.x-k8s.io/v1beta2',
      );
    }
  });

  it.each(CAPI_VERSIONS)(
    'docker at %s: the ClusterClass and its templates are rendered beside the Cluster, before it',
    version => {
      const objects = render(
        spec({ provider: 'docker', type: 'kubeadm', region: undefined }),
        version,
      );
      const cluster = objects.find(o => o.kind === 'Cluster')!;
      const topology = (cluster.spec as any).topology;
      const className =
        version === 'v1beta2' ? topology.classRef.name : topology.class;
      expect(topology.classRef?.namespace ?? topology.classNamespace).toBe(
        undefined,
      );
      const clusterClass = objects.find(
        o => o.kind === 'ClusterClass' && o.metadata.name === className,
      )!;
      expect(clusterClass.metadata.namespace).toBe(cluster.metadata.namespace);
      expect(clusterClass.metadata.annotations).toEqual({
        'argocd.argoproj.io/sync-wave': '-1',
      });
      const cc = clusterClass.spec as any;
      const refKey = version === 'v1beta2' ? 'templateRef' : 'ref';
      const classRefs = [
        cc.infrastructure[refKey],
        cc.controlPlane[refKey],
        cc.controlPlane.machineInfrastructure[refKey],
        ...cc.workers.machineDeployments.flatMap((md: any) =>
          version === 'v1beta2'
            ? [md.bootstrap[refKey], md.infrastructure[refKey]]
            : [
                md.template.bootstrap[refKey],
                md.template.infrastructure[refKey],
              ],
        ),
      ];
      expect(classRefs.map(r => resolve(objects, r)?.kind)).toEqual([
        'DockerClusterTemplate',
        'KubeadmControlPlaneTemplate',
        'DockerMachineTemplate',
        'KubeadmConfigTemplate',
        'DockerMachineTemplate',
        'KubeadmConfigTemplate',
        'DockerMachineTemplate',
      ]);
      // Each topology pool names a worker class the class has.
      expect(
        topology.workers.machineDeployments.map((md: any) => md.class),
      ).toEqual(cc.workers.machineDeployments.map((md: any) => md.class));
    },
  );
});

describe('machine templates named by their content', () => {
  const names = (s: ClusterSpecSpec, v: CapiVersion = 'v1beta2') =>
    render(s, v)
      .filter(o => /MachineTemplate$|KubeadmConfigTemplate$/.test(o.kind))
      .map(o => `${o.kind}/${o.metadata.name}`);
  const mdRef = (s: ClusterSpecSpec, pool: string) =>
    (
      render(s, 'v1beta2').find(
        o => o.kind === 'MachineDeployment' && o.metadata.name === `c1-${pool}`,
      )!.spec as any
    ).template.spec.infrastructureRef.name;

  it('the same spec gives the same names, rendered twice', () => {
    expect(names(spec())).toEqual(names(spec()));
    expect(names(spec())).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AWSMachineTemplate\/c1-md-0-[0-9a-f]{8}$/),
      ]),
    );
  });

  it("a pool's machineType change renames only its machine template, and its MachineDeployment follows", () => {
    const before = spec();
    const after = spec({
      nodePools: [
        { name: 'md-0', machineType: 'm6i.xlarge', replicas: 2 },
        before.nodePools[1],
      ],
    });
    expect(mdRef(after, 'md-0')).not.toBe(mdRef(before, 'md-0'));
    expect(mdRef(after, 'md-1')).toBe(mdRef(before, 'md-1'));
    const changed = names(after).filter(n => !names(before).includes(n));
    expect(changed).toEqual([`AWSMachineTemplate/${mdRef(after, 'md-0')}`]);
  });

  it("an image change renames the template (docker's customImage, via the class)", () => {
    const docker = (image: string) =>
      spec({
        provider: 'docker',
        nodePools: [{ name: 'md-0', machineType: image, replicas: 1 }],
        controlPlane: { replicas: 1, machineType: 'kindest/node:v1.31.2' },
      });
    const a = names(docker('kindest/node:v1.31.2'));
    const b = names(docker('kindest/node:v1.31.4'));
    expect(b.filter(n => !a.includes(n))).toEqual([
      expect.stringMatching(/^DockerMachineTemplate\/quick-start-md-0-/),
    ]);
  });

  it('a replica count change renames nothing: it is not template content', () => {
    expect(
      names(spec({ controlPlane: { replicas: 5, machineType: 'm5.large' } })),
    ).toEqual(names(spec()));
  });

  it('switching Cluster API versions renames nothing, so it rolls no machine', () => {
    expect(names(spec(), 'v1beta1')).toEqual(names(spec(), 'v1beta2'));
  });

  it('canonical JSON ignores key order and undefined values', () => {
    expect(
      canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } }),
    ).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(contentName('p', { a: 1, b: 2 })).toBe(
      contentName('p', { b: 2, a: 1 }),
    );
    expect(contentName('p', { a: 1 })).not.toBe(contentName('p', { a: 2 }));
  });
});

describe('chooseCapiVersion', () => {
  const v1beta2 = new Set([
    'cluster.x-k8s.io/v1beta2/Cluster',
    'cluster.x-k8s.io/v1beta1/Cluster',
  ]);
  const v1beta1 = new Set(['cluster.x-k8s.io/v1beta1/Cluster']);

  it('v1beta2 when every management cluster building the fleet serves it', () => {
    expect(chooseCapiVersion([v1beta2, v1beta2], 'v1beta1')).toBe('v1beta2');
  });

  it('v1beta1 when one of them does not', () => {
    expect(chooseCapiVersion([v1beta2, v1beta1], 'v1beta2')).toBe('v1beta1');
  });

  it('what the tree records when the only one answering runs no Cluster API yet', () => {
    expect(chooseCapiVersion([new Set<string>()], 'v1beta2')).toBe('v1beta2');
    expect(chooseCapiVersion([new Set<string>(), v1beta1], 'v1beta2')).toBe(
      'v1beta1',
    );
  });

  it('what the tree records when none answers, so an outage does not flip it', () => {
    expect(chooseCapiVersion([], 'v1beta2')).toBe('v1beta2');
    expect(chooseCapiVersion([], undefined)).toBe('v1beta1');
  });
});

describe('installHint for a generated ClusterClass', () => {
  it('names the infrastructure provider for its cluster template, Cluster API for the kubeadm ones', () => {
    expect(
      installHint(
        'infrastructure.cluster.x-k8s.io/v1beta1',
        'DockerClusterTemplate',
      ),
    ).toContain('clusterctl init --infrastructure docker');
    expect(
      installHint(
        'controlplane.cluster.x-k8s.io/v1beta2',
        'KubeadmControlPlaneTemplate',
      ),
    ).toContain('Install Cluster API on it');
  });
});
