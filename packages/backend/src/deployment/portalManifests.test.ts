import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { portalClusterRole } from '@arlon-backstage/plugin-arlon-common';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import {
  Namespace,
  Secret,
  ConfigMap,
  Service,
  ServiceAccount,
} from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import {
  ClusterRole,
  ClusterRoleBinding,
  Role,
  RoleBinding,
} from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { DEPLOYED_ENV, SECRET_KEYS } from './__testUtils__/deployedEnv';
import {
  kubectl,
  readRepoFile,
  renderPortalManifests,
  repoPath,
  yamlDocuments,
} from './__testUtils__/repository';

/** The published Kubernetes schema of each kind deploy/portal uses. */
const MODELS: Record<string, { new (data: any): { validate(): void } }> = {
  'v1/Namespace': Namespace,
  'v1/ServiceAccount': ServiceAccount,
  'v1/Secret': Secret,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'rbac.authorization.k8s.io/v1/ClusterRole': ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': ClusterRoleBinding,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
};

const PORTAL = { name: 'arlon-portal', namespace: 'arlon' };

/**
 * deploy/portal, the portal on its management cluster, as `kubectl apply -k`
 * renders it: each object valid against Kubernetes' published schema, the
 * service account bound to exactly the RBAC `arlon bootstrap --print-rbac`
 * prints, the Deployment wired to the production config, and the whole
 * applied (server-side dry run) to the sandbox's API server.
 */
describe('deploy/portal', () => {
  let objects: any[];
  const find = (kind: string, name: string) =>
    objects.find(o => o.kind === kind && o.metadata.name.startsWith(name));
  let deployment: any;
  let container: any;

  beforeAll(async () => {
    objects = await renderPortalManifests();
    deployment = find('Deployment', 'arlon-portal');
    container = deployment.spec.template.spec.containers[0];
  });

  it('renders only kinds with a published schema, each valid against it', () => {
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model).toBeDefined();
      expect(() => new Model(object).validate()).not.toThrow();
    }
    expect(objects.map(o => o.kind).sort()).toEqual([
      'ClusterRole',
      'ClusterRoleBinding',
      'ConfigMap',
      'ConfigMap',
      'Deployment',
      'Namespace',
      'Role',
      'RoleBinding',
      'Secret',
      'Service',
      'ServiceAccount',
    ]);
  });

  it('a schema violation is caught (the check can fail)', () => {
    const broken = structuredClone(deployment);
    broken.spec.replicas = 'one';
    expect(() => new Deployment(broken).validate()).toThrow(
      /spec\/replicas must be integer/,
    );
  });

  it("grants the portal's service account exactly the generated least privilege", () => {
    const generated = portalClusterRole().objects;
    // rbac.yaml is what `arlon bootstrap --print-rbac` prints, as committed.
    expect(yamlDocuments(readRepoFile('deploy/portal/rbac.yaml'))).toEqual(
      generated,
    );
    // and it reaches the cluster unchanged (kustomize's labels included).
    const rendered = objects.filter(o =>
      o.apiVersion.startsWith('rbac.authorization.k8s.io/'),
    );
    expect(rendered).toHaveLength(generated.length);
    for (const object of generated) expect(rendered).toContainEqual(object);
    expect(deployment.spec.template.spec.serviceAccountName).toBe(PORTAL.name);
    expect(find('ServiceAccount', PORTAL.name).metadata.namespace).toBe(
      PORTAL.namespace,
    );
    for (const binding of rendered.filter(o => o.subjects))
      expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', ...PORTAL }]);
  });

  it('gives the portal its management-cluster token from the service account token Secret', () => {
    const token = find('Secret', 'arlon-portal-token');
    expect(token.type).toBe('kubernetes.io/service-account-token');
    expect(token.metadata.annotations).toEqual({
      'kubernetes.io/service-account.name': PORTAL.name,
    });
    expect(
      container.env.find(
        (e: any) => e.name === 'ARLON_MANAGEMENT_CLUSTER_TOKEN',
      ).valueFrom,
    ).toEqual({ secretKeyRef: { name: 'arlon-portal-token', key: 'token' } });
    // The cluster's CA is the token Secret's ca.crt, trusted by Node.
    const caPath = container.env.find(
      (e: any) => e.name === 'NODE_EXTRA_CA_CERTS',
    ).value;
    const mount = container.volumeMounts.find(
      (m: any) => path.dirname(caPath) === m.mountPath,
    );
    const volume = deployment.spec.template.spec.volumes.find(
      (v: any) => v.name === mount.name,
    );
    expect(volume.secret).toEqual({
      secretName: 'arlon-portal-token',
      items: [{ key: 'ca.crt', path: path.basename(caPath) }],
    });
  });

  it('sets exactly the environment the production config reads', () => {
    const configMap = find('ConfigMap', 'arlon-portal-config');
    const fromConfigMap = Object.keys(configMap.data);
    const fromSecrets = container.envFrom
      .filter((source: any) => source.secretRef)
      .flatMap(
        (source: any) =>
          SECRET_KEYS[source.secretRef.name as keyof typeof SECRET_KEYS],
      );
    const own = container.env
      .map((e: any) => e.name)
      .filter((name: string) => name !== 'NODE_EXTRA_CA_CERTS');
    expect(
      container.envFrom.find((s: any) => s.configMapRef).configMapRef.name,
    ).toBe(configMap.metadata.name);
    expect([...fromConfigMap, ...fromSecrets, ...own].sort()).toEqual(
      Object.keys(DEPLOYED_ENV).sort(),
    );
    // portal.env is the ConfigMap's source, as kustomize reads it.
    expect(configMap.data).toEqual(
      parseEnv(readRepoFile('deploy/portal/portal.env')),
    );
  });

  it("probes Backstage's health endpoints on the port the backend listens on, as a non-root user", () => {
    expect(container.ports).toEqual([{ name: 'http', containerPort: 7007 }]);
    expect(container.startupProbe.httpGet).toEqual({
      path: '/.backstage/health/v1/liveness',
      port: 'http',
    });
    expect(container.livenessProbe.httpGet).toEqual({
      path: '/.backstage/health/v1/liveness',
      port: 'http',
    });
    expect(container.readinessProbe.httpGet).toEqual({
      path: '/.backstage/health/v1/readiness',
      port: 'http',
    });
    expect(deployment.spec.template.spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 1000,
    });
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    // The Service sends its port to the named container port.
    expect(find('Service', 'arlon-portal').spec.ports).toEqual([
      { name: 'http', port: 80, targetPort: 'http' },
    ]);
    // The image is the one `yarn build-image` tags.
    const buildImage = JSON.parse(readRepoFile('packages/backend/package.json'))
      .scripts['build-image'];
    expect(buildImage).toContain(
      `--tag ${container.image.replace(/:latest$/, '')}`,
    );
  });

  describe('applied to the sandbox', () => {
    let sandbox: Sandbox;
    let env: NodeJS.ProcessEnv;
    let home: string;
    const k = (...args: string[]) => kubectl(args, env);

    beforeAll(async () => {
      sandbox = await Sandbox.start();
      home = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-manifests-'));
      env = { ...process.env, KUBECONFIG: sandbox.kubeconfigPath, HOME: home };
      await k('create', 'namespace', PORTAL.namespace);
      for (const [name, keys] of Object.entries(SECRET_KEYS))
        await k(
          'create',
          'secret',
          'generic',
          name,
          '-n',
          PORTAL.namespace,
          ...keys.map(key => `--from-literal=${key}=${DEPLOYED_ENV[key]}`),
        );
    }, 60_000);
    afterAll(async () => {
      await sandbox?.stop();
      await fs.rm(home, { recursive: true, force: true });
    });

    it('is accepted by the API server (server-side dry run), changing nothing', async () => {
      const out = await k(
        'apply',
        '-k',
        repoPath('deploy/portal'),
        '--server-side',
        '--dry-run=server',
      );
      expect(out.trim().split('\n').sort()).toEqual(
        [
          'namespace/arlon serverside-applied (server dry run)',
          'serviceaccount/arlon-portal serverside-applied (server dry run)',
          'role.rbac.authorization.k8s.io/arlon-portal serverside-applied (server dry run)',
          'clusterrole.rbac.authorization.k8s.io/arlon-portal serverside-applied (server dry run)',
          'rolebinding.rbac.authorization.k8s.io/arlon-portal serverside-applied (server dry run)',
          'clusterrolebinding.rbac.authorization.k8s.io/arlon-portal serverside-applied (server dry run)',
          `configmap/${
            find('ConfigMap', 'arlon-portal-config').metadata.name
          } serverside-applied (server dry run)`,
          `configmap/${
            find('ConfigMap', 'arlon-portal-org').metadata.name
          } serverside-applied (server dry run)`,
          'secret/arlon-portal-token serverside-applied (server dry run)',
          'service/arlon-portal serverside-applied (server dry run)',
          'deployment.apps/arlon-portal serverside-applied (server dry run)',
        ].sort(),
      );
      await expect(
        k('get', 'deployment', 'arlon-portal', '-n', PORTAL.namespace),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('NotFound') });
    });
  });
});
