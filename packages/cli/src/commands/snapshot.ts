import fs from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { LiveCluster } from '@arlon-backstage/plugin-arlon-node';
import type { Output } from '../Output';
import { fleetTarget } from '../fleetTarget';
import { contextKubeConfig } from '../snapshot/contextKubeConfig';
import { missingObjects, snapshotYaml } from '../snapshot/snapshotList';

export interface SnapshotOptions {
  context: string;
  /** The cluster's client when an arlon context chose it (built by the same parser). */
  kubeConfig?: KubeConfig;
  fleet: string;
  repoUrl?: string;
  /** The file to write; stdout without it. */
  out?: string;
  /** Replace `out` when it exists. */
  force: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * `arlon snapshot <bundle-or-profile> --context <ctx> [-o file]`: the live
 * objects a bundle or profile renders, read from the cluster, saved as one
 * List that `arlon diff` later compares as live state.
 */
export async function snapshot(
  what: string,
  options: SnapshotOptions,
  io: Output,
): Promise<number> {
  const { target, rendered } = await fleetTarget(
    what,
    options.fleet,
    options.repoUrl,
  );
  // Checked before the cluster is read: a refusal should cost nothing.
  if (options.out && !options.force && (await exists(options.out)))
    throw new Error(
      `${options.out} exists: give another -o file, or --force to replace it`,
    );
  const { kubeConfig, server } = options.kubeConfig
    ? {
        kubeConfig: options.kubeConfig,
        server: options.kubeConfig.getCurrentCluster()?.server ?? '?',
      }
    : await contextKubeConfig(options.context, options.env);
  const desired = rendered.objects.map(r => r.object);
  let result;
  try {
    result = await new LiveCluster(options.context, kubeConfig).read(desired);
  } catch (error) {
    throw new Error(
      `cannot read ${target.kind} ${target.name}'s objects from context ${
        options.context
      } (${server}): ${connectionProblem(
        error,
      )}. Check that the cluster is up and that the context's user may list these kinds`,
    );
  }
  const text = snapshotYaml({
    what: `${target.kind} ${target.name}`,
    context: options.context,
    live: result.live,
    missing: missingObjects(desired, result.live),
    notes: [
      ...rendered.notes,
      ...result.unserved.map(
        k => `${k} is not served by context ${options.context}`,
      ),
    ],
    takenAt: new Date(),
  });
  if (!options.out) {
    io.out(text);
    return 0;
  }
  // `wx` refuses a file created since the check; --force replaces it.
  await fs.writeFile(options.out, text, {
    flag: options.force ? 'w' : 'wx',
    mode: 0o600,
  });
  io.err(
    `saved ${result.live.length} object(s) of ${target.kind} ${target.name} from context ${options.context} to ${options.out}\n`,
  );
  return 0;
}

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * A connection failure as its code or HTTP status, never the socket's or
 * server's message (docs/security.md: they may echo headers).
 */
function connectionProblem(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'number') return `the API server answered ${e.code}`;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code)
    ? code
    : 'the connection failed';
}
