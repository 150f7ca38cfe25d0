import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import {
  GitHttpServer,
  createFleetRepository,
} from '@arlon-backstage/arlon-sandbox';
import {
  FleetDefinitions,
  FleetRepository,
  ManagementClusters,
  ServedClusterKinds,
} from '@arlon-backstage/plugin-arlon-node';
import type { ArlonActionsOptions } from '../actions/options';

const run = promisify(execFile);
export const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * A real fleet repository (the example fleet) behind the sandbox's Git HTTP
 * server, the write path actions use, and a permission switch.
 */
export class TestFleet {
  allow = true;
  readonly denied: string[] = [];
  /** When set, the policy's answer per permission name (overrides `allow`). */
  decide?: (permission: string) => PolicyDecision;

  private constructor(
    private readonly root: string,
    private readonly server: GitHttpServer,
    readonly url: string,
    readonly definitions: FleetDefinitions,
  ) {}

  static async start(
    managementClusters = new ManagementClusters([]),
  ): Promise<TestFleet & { options: ArlonActionsOptions }> {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'actions-git-'));
    await createFleetRepository({
      projectRoot: root,
      name: 'fleet',
      branch: 'main',
      seedDir: EXAMPLE,
    });
    const server = await GitHttpServer.start({ projectRoot: root });
    const url = `${server.url}/fleet.git`;
    const repository = new FleetRepository(
      { url, branch: 'main', writeMode: 'commit' } as any,
      async () => undefined,
      await fs.mkdtemp(path.join(root, 'checkout-')),
    );
    const served = new ServedClusterKinds(managementClusters);
    const fleet = new TestFleet(
      root,
      server,
      url,
      new FleetDefinitions(repository, () => served.current()),
    );
    // The example's generated tree names another URL: regenerate it for this one first.
    await fleet.definitions.change(
      {
        message: 'Regenerate',
        author: { name: 'test', email: 'test@example.com' },
      },
      () => [],
    );
    const answer = (name: string): PolicyDecision => {
      const decision = fleet.decide
        ? fleet.decide(name)
        : {
            result: fleet.allow ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
          };
      if (decision.result !== AuthorizeResult.ALLOW) fleet.denied.push(name);
      return decision;
    };
    const permissions = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map(r => answer(r.permission.name)) as any,
      authorizeConditional: async requests =>
        requests.map(r => answer(r.permission.name)) as any,
    });
    return Object.assign(fleet, {
      options: {
        definitions: fleet.definitions,
        permissions,
        managementClusters,
      },
    });
  }

  /** How many commits the branch has: each write is exactly one. */
  async commits(): Promise<number> {
    const { stdout } = await run('git', [
      '-C',
      path.join(this.root, 'fleet.git'),
      'rev-list',
      '--count',
      'main',
    ]);
    return Number(stdout.trim());
  }

  async head(): Promise<string> {
    const { stdout } = await run('git', [
      '-C',
      path.join(this.root, 'fleet.git'),
      'rev-parse',
      'main',
    ]);
    return stdout.trim();
  }

  /** A file at the head, or undefined. */
  async file(file: string): Promise<string | undefined> {
    try {
      const { stdout } = await run('git', [
        '-C',
        path.join(this.root, 'fleet.git'),
        'show',
        `main:${file}`,
      ]);
      return stdout;
    } catch {
      return undefined;
    }
  }

  async stop() {
    await this.server.stop();
    await fs.rm(this.root, { recursive: true, force: true });
  }
}

/** A scaffolder step's context for `input`, started by Jane; its outputs and log lines collected. */
export function stepContext<I extends Record<string, any>>(
  input: I,
  options: { dryRun?: boolean } = {},
) {
  const outputs: Record<string, unknown> = {};
  const logs: string[] = [];
  const log = (message: string) => {
    logs.push(message);
  };
  const logger = {
    info: log,
    warn: log,
    error: log,
    debug: log,
    child: () => logger,
  };
  const ctx = {
    ...createMockActionContext({ input: input as any }),
    logger,
    isDryRun: options.dryRun ?? false,
    getInitiatorCredentials: async () =>
      mockCredentials.user('user:default/jane'),
    output: (name: string, value: unknown) => {
      outputs[name] = value;
    },
  };
  return { ctx: ctx as any, outputs, logs };
}
