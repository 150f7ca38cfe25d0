import path from 'node:path';
import { parseArgs } from 'node:util';
import { Sandbox } from './Sandbox';

const USAGE = `Usage: yarn sandbox [options]

Starts the sandbox management cluster (Kubernetes API with simulated Cluster API
and ArgoCD) and the fleet repository, on loopback, until interrupted.

  --port <n>           API server port (default: a free one)
  --git-port <n>       fleet Git server port (default: a free one)
  --token <t>          bearer token (default: random)
  --seed <dir>         folder that seeds the fleet repository (default: ./examples/fleet)
  --provisioning-ms <n>  time a CAPI Cluster takes to become Provisioned (default 3000)
`;

/**
 * `arlon-sandbox [options]`: starts the sandbox until interrupted.
 *
 * @public
 */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'git-port': { type: 'string' },
      token: { type: 'string' },
      seed: { type: 'string' },
      'provisioning-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  // Sandbox.start refuses NODE_ENV=production before it does anything.
  const started = Date.now();
  const sandbox = await Sandbox.start({
    apiServerPort: values.port ? Number(values.port) : undefined,
    gitPort: values['git-port'] ? Number(values['git-port']) : undefined,
    token: values.token,
    fleetSeedDir: path.resolve(values.seed ?? 'examples/fleet'),
    provisioningDelayMs: values['provisioning-ms']
      ? Number(values['provisioning-ms'])
      : undefined,
  });
  process.stdout.write(
    [
      `Sandbox ready in ${Date.now() - started} ms (development only)`,
      `  API server:        ${sandbox.apiServer.url}`,
      `  kubeconfig:        ${sandbox.kubeconfigPath}`,
      `  fleet repository:  ${sandbox.fleetRepoUrl} (branch ${sandbox.fleetBranch})`,
      `  try:               KUBECONFIG=${sandbox.kubeconfigPath} kubectl get namespaces`,
      '',
    ].join('\n'),
  );
  const stop = async () => {
    try {
      await sandbox.stop();
      process.exit(0);
    } catch (error) {
      // Stopping is best effort: say what was left, not a stack trace.
      process.stderr.write(`Sandbox stopped, but not cleanly: ${error}\n`);
      process.exit(1);
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
