import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { KubernetesObjectApi } from '@kubernetes/client-node';
import {
  KubeApiServer,
  kubeConfigFor,
  kubeconfigYaml,
} from '@arlon-backstage/arlon-sandbox';
import { MASK } from '@arlon-backstage/plugin-arlon-common';
import { parse, parseAllDocuments } from 'yaml';
import { EXAMPLE, run } from './__testUtils__/run';

/** An inline bundle whose Secret and ConfigMaps land in namespace web-config. */
const WEB_CONFIG = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {LOG_LEVEL: info, appVersion: "1.10"}
---
apiVersion: v1
kind: Secret
metadata: {name: db}
stringData: {password: hunter2}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: never-applied}
data: {a: b}
`;

describe('arlon snapshot against a live cluster (issue 18)', () => {
  let server: KubeApiServer;
  let dir: string;
  let fleet: string;
  let api: KubernetesObjectApi;
  const saved = process.env.KUBECONFIG;

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'snapshot-'));
    fleet = path.join(dir, 'fleet');
    await fs.cp(EXAMPLE, fleet, { recursive: true });
    await fs.writeFile(
      path.join(fleet, 'arlon/bundles/web-config.yaml'),
      'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata: {name: web-config}\nspec:\n  source:\n    inline: {}\n',
    );
    await fs.mkdir(path.join(fleet, 'bundles/web-config'));
    await fs.writeFile(
      path.join(fleet, 'bundles/web-config/objects.yaml'),
      WEB_CONFIG,
    );
    // A second context whose user runs a command: it must not matter to dev-1.
    const config = parse(
      kubeconfigYaml('dev-1', server.url, 't', server.caData),
    );
    config.contexts.push({
      name: 'cloud',
      context: { cluster: 'cloud', user: 'cloud' },
    });
    config.clusters.push({
      name: 'cloud',
      cluster: { server: 'https://cloud.example' },
    });
    config.users.push({
      name: 'cloud',
      user: { exec: { command: 'touch', args: [path.join(dir, 'ran')] } },
    });
    await fs.writeFile(path.join(dir, 'config'), JSON.stringify(config));
    process.env.KUBECONFIG = path.join(dir, 'config');
    api = KubernetesObjectApi.makeApiClient(
      kubeConfigFor(server.url, 't', server.caData),
    );
  });
  afterAll(async () => {
    process.env.KUBECONFIG = saved;
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('saves a bundle applied live as a List that arlon diff reads as live state and finds equal', async () => {
    for (const doc of (
      await fs.readFile(
        path.join(EXAMPLE, 'bundles/readonly-rbac/clusterrole.yaml'),
        'utf8',
      )
    ).split('\n---\n'))
      await api.create(parse(doc));
    const out = path.join(dir, 'rbac.yaml');
    const snap = await run(
      'snapshot',
      'readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      '-o',
      out,
    );
    expect(snap).toEqual({
      code: 0,
      out: '',
      err: `saved 2 object(s) of bundle readonly-rbac from context dev-1 to ${out}\n`,
    });
    const list = parse(await fs.readFile(out, 'utf8'));
    expect(list.kind).toBe('List');
    expect(list.items.map((o: any) => `${o.kind}/${o.metadata.name}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ClusterRole\//),
        expect.stringMatching(/^ClusterRoleBinding\//),
      ]),
    );
    // What the API server set is kept: it is what makes the file live state.
    expect(list.items[0].metadata.uid).toEqual(expect.any(String));
    expect(list.items[0].metadata.resourceVersion).toEqual(expect.any(String));

    const diff = await run(
      'diff',
      out,
      path.join(EXAMPLE, 'bundles/readonly-rbac'),
      '--color',
      'never',
    );
    expect(diff.out).toContain('it is compared as live state');
    expect(diff.out).toMatch(
      /0 to create, 0 to update, 0 to delete, 2 unchanged\n$/,
    );
    expect(diff.code).toBe(0);
    // The other context's exec plugin was never run.
    await expect(fs.access(path.join(dir, 'ran'))).rejects.toThrow();
  });

  it('masks Secret values, lists what the cluster lacks without inventing it, and a diff shows the change made live', async () => {
    await api.create({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'web-config' },
    });
    const docs = parseAllDocuments(WEB_CONFIG).map(d => d.toJS());
    for (const o of docs.slice(0, 2))
      await api.create({
        ...o,
        metadata: { ...o.metadata, namespace: 'web-config' },
      });
    const snap = await run(
      'snapshot',
      'bundle/web-config',
      '--context',
      'dev-1',
      '--fleet',
      fleet,
    );
    expect(snap.code).toBe(0);
    expect(snap.out).toContain(
      '# Not on the cluster (1), left out:\n#   v1 ConfigMap web-config/never-applied\n',
    );
    expect(snap.out).not.toContain('hunter2');
    expect(snap.out).not.toContain(Buffer.from('hunter2').toString('base64'));
    const list = parse(snap.out);
    expect(list.items.map((o: any) => o.metadata.name)).toEqual([
      'settings',
      'db',
    ]);
    expect(list.items[1].data).toEqual({ password: MASK });

    const file = path.join(dir, 'web.yaml');
    await fs.writeFile(file, snap.out);
    const desired = path.join(dir, 'desired.yaml');
    await fs.writeFile(
      desired,
      WEB_CONFIG.split('\n---\n')[0].replace('"1.10"', '"1.1"'),
    );
    const diff = await run(
      'diff',
      file,
      desired,
      '--namespace',
      'web-config',
      '--color',
      'never',
    );
    expect(diff.code).toBe(1);
    expect(diff.out).toContain('update ConfigMap web-config/settings');
    expect(diff.out).not.toContain('hunter2');
  });

  it('replaces an existing output file only with --force', async () => {
    const out = path.join(dir, 'existing.yaml');
    await fs.writeFile(out, 'mine\n');
    const args = [
      'snapshot',
      'readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      '-o',
      out,
    ];
    const refused = await run(...args);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `arlon: ${out} exists: give another -o file, or --force to replace it\n`,
    );
    expect(await fs.readFile(out, 'utf8')).toBe('mine\n');
    const forced = await run(...args, '--force');
    expect(forced.code).toBe(0);
    expect(parse(await fs.readFile(out, 'utf8')).kind).toBe('List');
  });
});
