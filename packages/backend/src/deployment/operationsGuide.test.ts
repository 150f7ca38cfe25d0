import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SECRET_KEYS } from './__testUtils__/deployedEnv';
import { readRepoFile, REPO_ROOT } from './__testUtils__/repository';

const run = promisify(execFile);

/** A shell block of docs/operations.md and what the comment before it says of it. */
interface GuideBlock {
  marker: string;
  script: string;
  line: number;
}

/**
 * Every ```sh block of the guide with the `<!-- ops: ... -->` marker just
 * before it: `run` (the test runs it), `environment` (variables the test
 * sets itself) or `not run by the test: <why>`.
 */
function guideBlocks(markdown: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  const pattern = /(?:<!-- ops: (.*?) -->\s*\n)?```sh\n([\s\S]*?)```/g;
  for (const match of markdown.matchAll(pattern)) {
    blocks.push({
      marker: match[1] ?? '',
      script: match[2],
      line: markdown.slice(0, match.index).split('\n').length + 1,
    });
  }
  return blocks;
}

const GUIDE = readRepoFile('docs/operations.md');

/**
 * docs/operations.md, from an empty kind cluster to a running fleet, run
 * against the sandbox: it stands in for kind with ArgoCD and Cluster API
 * installed (the same CRDs, simulated controllers), and its Git server for
 * the fleet repository. The blocks run in the guide's order, from the
 * repository root as the guide says, in one shell environment each; HOME is
 * a scratch folder, so `~/fleet` and `~/arlon-portal` land there.
 */
describe('docs/operations.md', () => {
  const blocks = guideBlocks(GUIDE);

  it('says of every shell block whether the test runs it, and why not', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks)
      expect([block.line, block.marker]).toEqual([
        block.line,
        expect.stringMatching(
          /^(run|environment \(.+\)|not run by the test: .{20,})$/,
        ),
      ]);
    // Only what the sandbox cannot be is left out: kind, the installers
    // (network), Docker builds, port forwarding.
    const skipped = blocks
      .filter(b => b.marker.startsWith('not run'))
      .map(b => b.script);
    expect(skipped.join('\n')).toMatch(/kind create cluster/);
    expect(
      skipped.every(s => /kind |clusterctl |build-image|port-forward/.test(s)),
    ).toBe(true);
  });

  it('creates the Secrets with exactly the keys the Deployment reads', () => {
    const script = blocks.map(b => b.script).join('\n');
    for (const [name, keys] of Object.entries(SECRET_KEYS)) {
      const command = script
        .split(/\n(?=kubectl)/)
        .find(c => c.includes(`create secret generic ${name} `));
      expect(command).toBeDefined();
      const created = [...command!.matchAll(/--from-literal=([A-Z_]+)=/g)].map(
        m => m[1],
      );
      expect(created.sort()).toEqual([...keys].sort());
    }
  });

  it('installs the ArgoCD and Cluster API releases whose CRDs the sandbox serves', () => {
    const provenance = JSON.parse(
      readRepoFile('packages/sandbox/crds/provenance.json'),
    ).files as Array<{ repository: string; tag: string }>;
    const tagOf = (repository: string) =>
      provenance.find(f => f.repository === repository)!.tag;
    expect(GUIDE).toContain(
      `argo-cd/${tagOf(
        'https://github.com/argoproj/argo-cd',
      )}/manifests/install.yaml`,
    );
    const capi = tagOf('https://github.com/kubernetes-sigs/cluster-api');
    expect(GUIDE).toContain(`--core cluster-api:${capi}`);
    expect(GUIDE).toContain(`--infrastructure docker:${capi}`);
  });

  describe('run against the sandbox', () => {
    let sandbox: Sandbox;
    let home: string;
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      sandbox = await Sandbox.start({ provisioningDelayMs: 200 });
      home = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-operations-'));
      // What `kind create cluster --name arlon` leaves: a kubeconfig whose
      // current context is kind-arlon, here pointing at the sandbox.
      const kubeconfig = path.join(home, '.kube', 'config');
      await fs.mkdir(path.dirname(kubeconfig), { recursive: true });
      await fs.copyFile(sandbox.kubeconfigPath, kubeconfig);
      const kubeconfigEnv = { ...process.env, KUBECONFIG: kubeconfig };
      const current = (
        await run('kubectl', ['config', 'current-context'], {
          env: kubeconfigEnv,
        })
      ).stdout.trim();
      await run(
        'kubectl',
        ['config', 'rename-context', current, 'kind-arlon'],
        {
          env: kubeconfigEnv,
        },
      );
      // The guide's environment block, with the sandbox's values.
      env = {
        ...process.env,
        HOME: home,
        KUBECONFIG: kubeconfig,
        FLEET_REPO_URL: sandbox.fleetRepoUrl,
        GITHUB_TOKEN: 'ghp_operationsGuideFleetToken0123456789',
        GITHUB_LOGIN: 'octocat',
        AUTH_GITHUB_CLIENT_ID: 'test-client-id',
        AUTH_GITHUB_CLIENT_SECRET: 'test-client-secret',
        GIT_AUTHOR_NAME: 'Operator',
        GIT_AUTHOR_EMAIL: 'operator@example.com',
        GIT_COMMITTER_NAME: 'Operator',
        GIT_COMMITTER_EMAIL: 'operator@example.com',
      };
    }, 60_000);
    afterAll(async () => {
      await sandbox?.stop();
      await fs.rm(home, { recursive: true, force: true });
    });

    it('sets every variable the environment block exports', () => {
      const exported = blocks
        .filter(b => b.marker.startsWith('environment'))
        .flatMap(b =>
          [...b.script.matchAll(/^export ([A-Z_]+)=/gm)].map(m => m[1]),
        );
      expect(exported.length).toBeGreaterThan(0);
      for (const name of exported)
        expect([name, env[name]]).toEqual([name, expect.any(String)]);
    });

    it('runs every runnable block in order, each succeeding', async () => {
      const runnable = blocks.filter(b => b.marker === 'run');
      const output: string[] = [];
      for (const block of runnable) {
        const script = block.script;
        try {
          const { stdout, stderr } = await run(
            'bash',
            ['-euo', 'pipefail', '-c', script],
            {
              cwd: REPO_ROOT,
              env,
              timeout: 300_000,
              maxBuffer: 16 * 1024 * 1024,
            },
          );
          // The fleet repository's token is never printed (bootstrap's
          // --dry-run included).
          output.push(stdout, stderr);
        } catch (error) {
          const { stdout, stderr } = error as {
            stdout?: string;
            stderr?: string;
          };
          throw new Error(
            `docs/operations.md line ${block.line} failed:\n${block.script}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`,
          );
        }
      }
      expect(output.join('\n')).not.toContain(env.GITHUB_TOKEN);
      // The fleet ran: the first cluster is Provisioned and its bundles'
      // Applications exist, made from the commit the guide pushed.
      const kubectl = (...args: string[]) =>
        run('kubectl', args, { env }).then(r => r.stdout);
      expect(
        await kubectl(
          'get',
          'clusters.cluster.x-k8s.io',
          'first',
          '-n',
          'first',
          '-o',
          'jsonpath={.status.phase}',
        ),
      ).toBe('Provisioned');
      const deployment = JSON.parse(
        await kubectl(
          'get',
          'deployment',
          'arlon-portal',
          '-n',
          'arlon',
          '-o',
          'json',
        ),
      );
      expect(deployment.status.readyReplicas).toBe(1);
    }, 900_000);
  });
});
