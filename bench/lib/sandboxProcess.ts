import { spawn } from 'node:child_process';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

/** A sandbox management cluster running in its own process, as a real one runs elsewhere. */
export interface SandboxProcess {
  kc: KubeConfig;
  fleetRepoUrl: string;
  pid: number;
  stop(): void;
}

/**
 * Starts `yarn sandbox` in a child process (so its API servers do not share
 * the event loop of the code measured); resolves once it prints where it is.
 */
export function startSandboxProcess(
  options: { seed?: string; provisioningMs?: number } = {},
): Promise<SandboxProcess> {
  const args = [
    // This checkout's packages, in the sandbox too (see thisCheckout.cjs).
    '--require',
    path.resolve(__dirname, 'thisCheckout.cjs'),
    path.resolve('packages/sandbox/bin/arlon-sandbox'),
    '--provisioning-ms',
    String(options.provisioningMs ?? 500),
  ];
  if (options.seed) args.push('--seed', options.seed);
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A bench that fails part-way exits without its clean-up: the sandbox goes too.
  process.once('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', chunk => {
      out += chunk;
      const kubeconfig = /kubeconfig:\s+(\S+)/.exec(out);
      const fleet = /fleet repository:\s+(\S+)/.exec(out);
      if (kubeconfig && fleet) {
        const kc = new KubeConfig();
        kc.loadFromFile(kubeconfig[1]);
        resolve({
          kc,
          fleetRepoUrl: fleet[1],
          pid: child.pid!,
          stop: () => child.kill('SIGTERM'),
        });
      }
    });
    child.on('exit', code => reject(new Error(`sandbox exited with ${code}`)));
  });
}
