import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';
import { parse } from 'yaml';
import { authorizeWrite, type WriteToAuthorize } from './authorizeWrite';

const credentials = {
  $$type: '@backstage/BackstageCredentials',
  principal: { type: 'user', userEntityRef: 'user:default/ada' },
} as BackstageCredentials;
const ALLOW: PolicyDecision = { result: AuthorizeResult.ALLOW };
const DENY: PolicyDecision = { result: AuthorizeResult.DENY };
const DEFAULT_OWNER = 'group:default/platform';

/**
 * A policy answering per permission name (unknown names: ALLOW, so a case
 * denies exactly what it names), recording the names it was asked.
 */
function policy(answers: Record<string, PolicyDecision | 'team-a'>) {
  const asked: string[] = [];
  const answer = (permission: any): PolicyDecision => {
    asked.push(permission.name);
    const a = answers[permission.name] ?? ALLOW;
    return a === 'team-a'
      ? createArlonConditionalDecision(
          permission,
          arlonConditions.isArlonOwner({ claims: ['group:default/team-a'] }),
        )
      : a;
  };
  const service = {
    authorize: async (requests: any[]) =>
      requests.map(r => answer(r.permission)),
    authorizeConditional: async (requests: any[]) =>
      requests.map(r => answer(r.permission)),
  } as unknown as PermissionsService;
  return { service, asked };
}

const spec = (name: string, provider = 'docker') =>
  `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: ${name}
spec:
  provider: ${provider}
  type: kubeadm
  kubernetesVersion: v1.30.0
  controlPlane: { replicas: 1 }
  nodePools:
    - { name: md-0, machineType: kindest/node:v1.30.0, replicas: 1 }
`;
const clusterYaml = (name: string, owner?: string, extra = '') =>
  `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}${owner ? `\n  annotations:\n    arlon.io/owner: ${owner}` : ''}
spec:
  clusterSpec: docker-dev
${extra}`;
const clusterObject = (
  name: string,
  owner: string | undefined,
  specFields: object,
) => ({
  apiVersion: 'core.arlon.io/v1',
  kind: 'Cluster',
  metadata: {
    name,
    ...(owner ? { annotations: { 'arlon.io/owner': owner } } : {}),
  },
  spec: specFields,
});

const FILES: Record<string, string> = {
  'arlon/clusterspecs/docker-dev.yaml': spec('docker-dev'),
  'arlon/clusters/ours.yaml': clusterYaml('ours', 'team-a'),
  'arlon/clusters/theirs.yaml': clusterYaml('theirs', 'team-b'),
  'arlon/clusters/edge.yaml': `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: edge
  annotations:
    arlon.io/owner: team-b
spec:
  external:
    server: https://edge.example.com
`,
  'arlon/profiles/apps.yaml': `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: apps
  annotations:
    arlon.io/owner: team-b
spec:
  bundles: []
`,
};

async function check(
  answers: Record<string, PolicyDecision | 'team-a'>,
  write: WriteToAuthorize,
  files = FILES,
) {
  const { service, asked } = policy(answers);
  const onHead = await authorizeWrite(
    service,
    credentials,
    write,
    DEFAULT_OWNER,
  );
  onHead?.(files);
  return { asked, onHead };
}

describe('authorizeWrite: creating', () => {
  it('checks arlon.cluster.create for a cluster, before anything is read', async () => {
    await expect(
      check(
        { 'arlon.cluster.create': DENY },
        { op: 'create', kind: 'Cluster', name: 'x' },
      ),
    ).rejects.toMatchObject({
      name: 'NotAllowedError',
      message:
        'You may not create Cluster definitions (permission arlon.cluster.create)',
    });
    const { asked, onHead } = await check(
      { 'arlon.definition.create': DENY },
      { op: 'create', kind: 'Cluster', name: 'x' },
    );
    expect(asked).toEqual(['arlon.cluster.create']);
    expect(onHead).toBeUndefined();
  });

  it('checks arlon.definition.create for the other kinds', async () => {
    await expect(
      check(
        { 'arlon.definition.create': DENY },
        { op: 'create', kind: 'Profile', name: 'x' },
      ),
    ).rejects.toThrow(
      'You may not create Profile definitions (permission arlon.definition.create)',
    );
    const { asked } = await check(
      { 'arlon.cluster.create': DENY },
      { op: 'create', kind: 'Bundle', name: 'x' },
    );
    expect(asked).toEqual(['arlon.definition.create']);
  });
});

describe('authorizeWrite: updating and deleting', () => {
  it.each([
    ['update', 'Cluster', 'arlon.cluster.update'],
    ['delete', 'Cluster', 'arlon.cluster.delete'],
    ['update', 'Profile', 'arlon.definition.update'],
    ['delete', 'ClusterSpec', 'arlon.definition.delete'],
  ] as const)(
    '%s of a %s is refused at once when the policy denies %s',
    async (op, kind, permission) => {
      const { service } = policy({ [permission]: DENY });
      await expect(
        authorizeWrite(service, credentials, { op, kind, name: 'ours' }, ''),
      ).rejects.toThrow(
        `You may not ${op} ${kind} definitions (permission ${permission})`,
      );
    },
  );

  it('a delete asks only its own permission and checks the owner at the head', async () => {
    const { asked } = await check(
      { 'arlon.cluster.delete': 'team-a' },
      { op: 'delete', kind: 'Cluster', name: 'ours' },
    );
    expect(asked).toEqual(['arlon.cluster.delete']);
    await expect(
      check(
        { 'arlon.cluster.delete': 'team-a' },
        { op: 'delete', kind: 'Cluster', name: 'theirs' },
      ),
    ).rejects.toThrow(
      'You may not delete this definition: Cluster "theirs" (owner group:default/team-b) (permission arlon.cluster.delete)',
    );
  });

  it('an update of a Profile is checked on its owner and never asks the cluster delete permission', async () => {
    await expect(
      check(
        { 'arlon.definition.update': 'team-a' },
        { op: 'update', kind: 'Profile', name: 'apps' },
      ),
    ).rejects.toThrow('Profile "apps" (owner group:default/team-b)');
    const { asked } = await check(
      { 'arlon.cluster.delete': DENY },
      { op: 'update', kind: 'Profile', name: 'apps', next: {} },
    );
    expect(asked).toEqual(['arlon.definition.update']);
  });

  it('a definition missing at the head passes (the write answers 404)', async () => {
    await expect(
      check(
        { 'arlon.cluster.update': 'team-a' },
        { op: 'update', kind: 'Cluster', name: 'gone' },
      ),
    ).resolves.toBeDefined();
    // Another kind of the same name is not the definition.
    await expect(
      check(
        { 'arlon.definition.update': 'team-a' },
        { op: 'update', kind: 'Bundle', name: 'theirs' },
      ),
    ).resolves.toBeDefined();
  });

  it('refuses handing a cluster to an owner the caller could not update it as', async () => {
    const next = clusterObject('ours', 'team-b', {
      clusterSpec: 'docker-dev',
    });
    await expect(
      check(
        { 'arlon.cluster.update': 'team-a' },
        { op: 'update', kind: 'Cluster', name: 'ours', next },
      ),
    ).rejects.toThrow(
      'You may not hand Cluster "ours" to group:default/team-b (metadata.annotations.arlon.io/owner): you could not update it as that owner (permission arlon.cluster.update); ask an Arlon admin',
    );
    // Without an owner the default owner is the new owner: also not team-a's.
    await expect(
      check(
        { 'arlon.cluster.update': 'team-a' },
        {
          op: 'update',
          kind: 'Cluster',
          name: 'ours',
          next: clusterObject('ours', undefined, {
            clusterSpec: 'docker-dev',
          }),
        },
      ),
    ).rejects.toThrow(`to ${DEFAULT_OWNER}`);
    await expect(
      check(
        { 'arlon.cluster.update': 'team-a' },
        {
          op: 'update',
          kind: 'Cluster',
          name: 'ours',
          next: clusterObject('ours', 'team-a', { clusterSpec: 'docker-dev' }),
        },
      ),
    ).resolves.toBeDefined();
  });
});

describe('authorizeWrite: updates that tear a cluster down', () => {
  const toExternal = clusterObject('ours', 'team-a', {
    external: { server: 'https://ours.example.com' },
  });

  it('needs arlon.cluster.delete on a built cluster turned external', async () => {
    await expect(
      check(
        { 'arlon.cluster.delete': DENY },
        { op: 'update', kind: 'Cluster', name: 'ours', next: toExternal },
      ),
    ).rejects.toThrow(
      'This update turns a built cluster into an external one (Cluster API deletes what it built): it needs permission arlon.cluster.delete on Cluster "ours" (owner group:default/team-a), which you do not have; ask an Arlon admin',
    );
    // Delete on someone else's clusters only is not delete on this one.
    await expect(
      check(
        {
          'arlon.cluster.delete': createArlonConditionalDecision(
            { type: 'resource', name: 'arlon.cluster.delete' } as any,
            arlonConditions.isArlonOwner({ claims: ['team-b'] }),
          ),
        },
        { op: 'update', kind: 'Cluster', name: 'ours', next: toExternal },
      ),
    ).rejects.toThrow('needs permission arlon.cluster.delete');
    await expect(
      check(
        {},
        { op: 'update', kind: 'Cluster', name: 'ours', next: toExternal },
      ),
    ).resolves.toBeDefined();
  });

  it('an ordinary update (profiles, labels) needs no delete permission', async () => {
    const next = clusterObject('ours', 'team-a', {
      clusterSpec: 'docker-dev',
      profiles: ['apps'],
    });
    const { asked } = await check(
      { 'arlon.cluster.delete': DENY },
      { op: 'update', kind: 'Cluster', name: 'ours', next },
    );
    expect(asked).toEqual(['arlon.cluster.update', 'arlon.cluster.delete']);
  });

  it('an update without a readable body is checked on the owner only', async () => {
    for (const next of [undefined, 'not an object'])
      await expect(
        check(
          { 'arlon.cluster.delete': DENY },
          { op: 'update', kind: 'Cluster', name: 'ours', next },
        ),
      ).resolves.toBeDefined();
  });

  it('a ClusterSpec update that rebuilds its linked clusters needs delete on each of them', async () => {
    const files = {
      ...FILES,
      'arlon/clusters/cloned.yaml': clusterYaml(
        'cloned',
        'team-b',
        '  mode: cloned\n',
      ),
    };
    const next = {
      apiVersion: 'core.arlon.io/v1',
      kind: 'ClusterSpec',
      metadata: { name: 'docker-dev' },
      spec: { provider: 'aws' },
    };
    const write = {
      op: 'update',
      kind: 'ClusterSpec',
      name: 'docker-dev',
      next,
    } as const;
    // Delete on team-a's clusters only: "theirs" (team-b, linked) stops it.
    await expect(
      check(
        {
          'arlon.cluster.delete': 'team-a',
        },
        write,
        files,
      ),
    ).rejects.toThrow(
      /^This update of ClusterSpec "docker-dev" changes its provider, which rebuilds it for Cluster "theirs", which follows it \(mode linked\): it needs permission arlon\.cluster\.delete on that cluster \(owner group:default\/team-b\)/,
    );
    // The external cluster and the cloned one do not follow the spec.
    const withoutTheirs: Record<string, string> = { ...files };
    delete withoutTheirs['arlon/clusters/theirs.yaml'];
    await expect(
      check({ 'arlon.cluster.delete': 'team-a' }, write, withoutTheirs),
    ).resolves.toBeDefined();
    await expect(
      check({ 'arlon.cluster.delete': ALLOW }, write, files),
    ).resolves.toBeDefined();
  });

  it('a ClusterSpec update that rebuilds nothing needs no delete permission', async () => {
    const next = parse(spec('docker-dev'));
    next.spec.kubernetesVersion = 'v1.31.0';
    await expect(
      check(
        { 'arlon.cluster.delete': DENY },
        { op: 'update', kind: 'ClusterSpec', name: 'docker-dev', next },
      ),
    ).resolves.toBeDefined();
  });
});
