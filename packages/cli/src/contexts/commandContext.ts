import fs from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Output } from '../Output';
import {
  contextKubeConfig,
  contextNames,
  kubeconfigFiles,
} from '../snapshot/contextKubeConfig';
import { contextsFilePath, readContexts } from './contextsFile';
import { ArlonContext, isFleetUrl } from './contextsModel';

/** The cluster (and fleet) a command runs against. */
export interface CommandContext {
  /** The kubeconfig context; the name reports and messages use. */
  kubeContext: string;
  /**
   * Set when an arlon context chose the cluster: built by the portal's
   * kubeconfig parser (token or inline certificate; exec never run).
   * Without it the command loads the kubeconfig as it always has.
   */
  kubeConfig?: KubeConfig;
  /** The fleet checkout the arlon context names, when a directory. */
  fleetDir?: string;
  /** The fleet repository URL the arlon context names, when a URL. */
  repoUrl?: string;
  managementCluster?: string;
}

/**
 * What `--context <name>` (or its absence) means. A name that is a context
 * of the kubeconfig is that context, as before arlon contexts existed
 * (scripts keep working; an arlon context of the same name is then only
 * reachable as the current one, and a warning says so). Another name is an
 * arlon context. No name is the current arlon context, or undefined when
 * there is none. Which arlon context was used goes to stderr.
 */
export async function commandContext(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv,
  io: Output,
): Promise<CommandContext | undefined> {
  const file = contextsFilePath(env);
  if (explicit !== undefined) {
    if ((await kubeContextNames(env)).includes(explicit)) {
      // Only a warning: a broken contexts file must not stop a command that never needed it.
      const shadowed = await readContexts(file).catch(() => undefined);
      if (shadowed?.contexts.has(explicit))
        io.err(
          `warning: "${explicit}" is a kubeconfig context and an arlon context; --context means the kubeconfig context. Use the arlon context with arlon context use ${explicit} and no --context, or rename one\n`,
        );
      return { kubeContext: explicit };
    }
    const contexts = await readContexts(file);
    const named = contexts?.contexts.get(explicit);
    if (!named) return { kubeContext: explicit }; // the command says it does not exist
    return fromArlonContext(explicit, named, file, env, io);
  }
  const contexts = await readContexts(file);
  if (!contexts?.current) return undefined;
  const current = contexts.contexts.get(contexts.current);
  if (!current)
    throw new Error(
      `the current arlon context "${
        contexts.current
      }" (${file}) is not one of its contexts (${
        [...contexts.contexts.keys()].join(', ') || 'none'
      }): choose one with arlon context use <name>, or give --context`,
    );
  return fromArlonContext(contexts.current, current, file, env, io);
}

async function fromArlonContext(
  name: string,
  context: ArlonContext,
  file: string,
  env: NodeJS.ProcessEnv,
  io: Output,
): Promise<CommandContext> {
  let connection;
  try {
    connection = await contextKubeConfig(
      context.kubeContext,
      context.kubeconfig ? { ...env, KUBECONFIG: context.kubeconfig } : env,
    );
  } catch (error) {
    throw new Error(
      `arlon context "${name}" (${file}): ${
        (error as Error).message
      }. Point it at a context that exists with arlon context add ${name} --kube-context <context> --fleet ${
        context.fleet
      }, or remove it with arlon context remove ${name}`,
    );
  }
  const url = isFleetUrl(context.fleet);
  io.err(
    `arlon context ${name}: kubeconfig context ${context.kubeContext} (${connection.server}), fleet ${context.fleet}\n`,
  );
  return {
    kubeContext: context.kubeContext,
    kubeConfig: connection.kubeConfig,
    ...(url ? { repoUrl: context.fleet } : { fleetDir: context.fleet }),
    ...(context.managementCluster
      ? { managementCluster: context.managementCluster }
      : {}),
  };
}

/** Every context name of the user's kubeconfig files; an unreadable file has none. */
export async function kubeContextNames(
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const names: string[] = [];
  for (const file of kubeconfigFiles(env)) {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    names.push(...contextNames(text));
  }
  return names;
}
