import fs from 'node:fs';
import path from 'node:path';
import {
  definitionViews,
  FleetFiles,
} from '@arlon-backstage/plugin-arlon-common';
import { entityName } from '@arlon-backstage/plugin-arlon-common';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { fleetEntities } from './fleetEntities';
import { fleetLinks } from './fleetLinks';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

function readDir(dir: string, rel = ''): FleetFiles {
  const files: FleetFiles = {};
  for (const e of fs.readdirSync(path.join(dir, rel), {
    withFileTypes: true,
  })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(files, readDir(dir, child));
    else files[child] = fs.readFileSync(path.join(dir, child), 'utf8');
  }
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

describe('fleetEntities', () => {
  const files = readDir(EXAMPLE);
  const entities = fleetEntities(
    definitionViews(files),
    name =>
      name === 'prod-us-west'
        ? {
            phase: 'Provisioned',
            registration: 'registered',
            server: 'https://10.0.0.1:6443',
            managementCluster: 'mgmt-a',
          }
        : undefined,
    options,
  );
  const byName = (name: string) =>
    entities.find(e => e.metadata.name === name)!;

  it('emits one Resource per definition, typed, with kind-prefixed names for all but clusters', () => {
    expect(entities.map(e => [e.metadata.name, e.spec!.type]).sort()).toEqual([
      ['bundle-calico', 'arlon-bundle'],
      ['bundle-cert-manager', 'arlon-bundle'],
      ['bundle-guestbook', 'arlon-bundle'],
      ['bundle-readonly-rbac', 'arlon-bundle'],
      ['clusterspec-aws-eks', 'arlon-clusterspec'],
      ['clusterspec-aws-kubeadm', 'arlon-clusterspec'],
      ['clusterspec-azure-aks', 'arlon-clusterspec'],
      ['clusterspec-docker-dev', 'arlon-clusterspec'],
      ['dev-local', 'kubernetes-cluster'],
      ['edge-imported', 'kubernetes-cluster'],
      ['prod-us-west', 'kubernetes-cluster'],
      ['profile-apps', 'arlon-profile'],
      ['profile-infrastructure', 'arlon-profile'],
      ['staging-eu', 'kubernetes-cluster'],
    ]);
    expect(
      entities.every(
        e => e.kind === 'Resource' && e.apiVersion === 'backstage.io/v1alpha1',
      ),
    ).toBe(true);
  });

  it('relates a cluster to its spec and profiles, and a profile to its bundles', () => {
    expect(byName('dev-local').spec!.dependsOn).toEqual([
      'resource:default/clusterspec-docker-dev',
      'resource:default/profile-infrastructure',
      'resource:default/profile-apps',
    ]);
    expect(byName('profile-infrastructure').spec!.dependsOn).toEqual([
      'resource:default/bundle-calico',
      'resource:default/bundle-cert-manager',
      'resource:default/bundle-readonly-rbac',
    ]);
    expect(byName('edge-imported').spec!.dependsOn).toEqual([
      'resource:default/profile-infrastructure',
    ]);
  });

  it('takes the owner from arlon.io/owner, else the configured default', () => {
    expect(byName('bundle-guestbook').spec!.owner).toBe('group:default/apps');
    expect(byName('staging-eu').spec!.owner).toBe('group:default/platform');
  });

  it('annotates clusters for ArgoCD, the Kubernetes plugin and people, with live facts and no secret', () => {
    const prod = byName('prod-us-west');
    expect(prod.metadata.annotations).toEqual({
      'arlon.io/fleet': 'default',
      'arlon.io/kind': 'Cluster',
      'arlon.io/source-file': 'arlon/clusters/prod-us-west.yaml',
      'arlon.io/mode': 'linked',
      'arlon.io/provider': 'aws/eks',
      'arlon.io/kubernetes-version': 'v1.29.4',
      'arlon.io/phase': 'Provisioned',
      'arlon.io/registration': 'registered',
      'kubernetes.io/api-server': 'https://10.0.0.1:6443',
      'argocd/app-selector': 'arlon.io/cluster=prod-us-west',
      'backstage.io/kubernetes-label-selector': '!arlon.io/portal-hidden',
      'backstage.io/kubernetes-cluster': 'prod-us-west',
      'backstage.io/managed-by-location':
        'url:https://github.com/acme/fleet/blob/main/arlon/clusters/prod-us-west.yaml',
      'backstage.io/managed-by-origin-location':
        'url:https://github.com/acme/fleet/blob/main/arlon/clusters/prod-us-west.yaml',
      'backstage.io/source-location':
        'url:https://github.com/acme/fleet/tree/main/arlon/clusters/',
      'backstage.io/view-url':
        'https://github.com/acme/fleet/blob/main/arlon/clusters/prod-us-west.yaml',
      'backstage.io/edit-url':
        'https://github.com/acme/fleet/edit/main/arlon/clusters/prod-us-west.yaml',
    });
    expect(prod.metadata.links).toContainEqual({
      url: 'https://argocd.acme.com/applications?labels=arlon.io%2Fcluster%3Dprod-us-west',
      title: 'Applications in ArgoCD',
    });
    expect(byName('staging-eu').metadata.annotations).toMatchObject({
      'arlon.io/mode': 'cloned',
      'arlon.io/cloned-from-revision':
        '3f9c2a1d7e5b4c6a8f0e1d2c3b4a5968778695a4',
      'arlon.io/kubernetes-version': 'v1.28.9',
    });
    expect(byName('edge-imported').metadata.annotations).toMatchObject({
      'arlon.io/mode': 'external',
      'kubernetes.io/api-server': 'https://edge.example.com:6443',
    });
  });

  it('keeps a broken definition visible, carrying its problems', () => {
    const broken = {
      ...files,
      'arlon/profiles/apps.yaml': files['arlon/profiles/apps.yaml'].replace(
        'bundles: guestbook',
        'bundles: guestbok',
      ),
    };
    const apps = fleetEntities(
      definitionViews(broken),
      () => undefined,
      options,
    ).find(e => e.metadata.name === 'profile-apps')!;
    expect(JSON.parse(apps.metadata.annotations!['arlon.io/problems'])).toEqual(
      [
        expect.objectContaining({
          file: 'arlon/profiles/apps.yaml',
          field: 'spec.bundles',
          message: 'bundle "guestbok" does not exist',
        }),
        expect.objectContaining({ field: 'spec.values.guestbook' }),
      ],
    );
  });

  it('keeps entity names within 63 characters', () => {
    const long = 'a'.repeat(60);
    expect(entityName('ClusterSpec', long)).toHaveLength(63);
    expect(entityName('ClusterSpec', long)).not.toBe(
      entityName('ClusterSpec', `${'a'.repeat(59)}b`),
    );
  });

  it('names the ArgoCD instance (the management cluster) only when there are several', () => {
    expect(
      byName('prod-us-west').metadata.annotations?.['argocd/instance-name'],
    ).toBeUndefined();
    const several = fleetEntities(
      definitionViews(files),
      () => ({ server: 'https://10.0.0.1:6443', managementCluster: 'mgmt-b' }),
      { ...options, multipleArgoCdInstances: true },
    ).find(e => e.metadata.name === 'prod-us-west')!;
    expect(several.metadata.annotations).toMatchObject({
      'argocd/instance-name': 'mgmt-b',
      'argocd/app-selector': 'arlon.io/cluster=prod-us-west',
    });
  });

  it('gives a repository on a host no integration covers no guessed file links', () => {
    const entity = fleetEntities(definitionViews(files), () => undefined, {
      ...options,
      links: fleetLinks(
        ScmIntegrations.fromConfig(new ConfigReader({})),
        'https://git.internal.example/acme/fleet.git',
        'main',
      ),
    }).find(e => e.metadata.name === 'prod-us-west')!;
    const annotations = entity.metadata.annotations!;
    expect(annotations['backstage.io/view-url']).toBeUndefined();
    expect(annotations['backstage.io/edit-url']).toBeUndefined();
    expect(annotations['backstage.io/source-location']).toBe(
      'url:https://git.internal.example/acme/fleet',
    );
  });
});
