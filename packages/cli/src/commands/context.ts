import fs from 'node:fs/promises';
import path from 'node:path';
import type { Output } from '../Output';
import { contextKubeConfig } from '../snapshot/contextKubeConfig';
import {
  contextsFilePath,
  readContexts,
  writeContexts,
} from '../contexts/contextsFile';
import {
  ArlonContext,
  ArlonContexts,
  contextNameProblem,
  fleetUrlProblem,
} from '../contexts/contextsModel';

export const CONTEXT_USAGE = `  context add <name>             Save a context: a management cluster and its fleet, so
                                 commands can leave out --context (and --fleet, [dir])
      --kube-context <name>      The kubeconfig context (required; a token or inline
                                 client certificate: exec is refused, never run)
      --kubeconfig <path>        The kubeconfig file (default KUBECONFIG or ~/.kube/config)
      --fleet <dir-or-git-url>   The fleet checkout, or its Git URL (required)
      --management-cluster <n>   Its name in the portal's arlon.managementClusters
  context use <name>             Make it the current context
  context list                   The contexts, the current one marked * (--output json)
  context remove <name>          Forget a context
                                 Stored in $XDG_CONFIG_HOME/arlon/contexts.yaml (or
                                 ~/.config/arlon; ARLON_CONFIG names another file)
`;

export interface ContextOptions {
  kubeContext?: string;
  kubeconfig?: string;
  fleet?: string;
  managementCluster?: string;
  json: boolean;
  env: NodeJS.ProcessEnv;
}

/** `arlon context add|use|list|remove`. Exit 2 on a usage error, 1 when the file is unusable. */
export async function context(
  args: string[],
  options: ContextOptions,
  io: Output,
): Promise<number> {
  const [verb, name, ...rest] = args;
  const file = contextsFilePath(options.env);
  if (verb === 'list' && name === undefined) {
    const contexts = (await readContexts(file)) ?? noContexts();
    list(contexts, options.json, io);
    return 0;
  }
  if (!['add', 'use', 'remove'].includes(verb) || !name || rest.length) {
    io.err(
      `arlon context takes add, use, list or remove, and one name:\n${CONTEXT_USAGE}`,
    );
    return 2;
  }
  const invalid = contextNameProblem(name);
  if (invalid) {
    io.err(`arlon context ${verb}: ${invalid}\n`);
    return 2;
  }
  const contexts = (await readContexts(file)) ?? noContexts();
  if (verb === 'add') {
    const added = await newContext(name, options, io);
    if (!added) return 2;
    const replaced = contexts.contexts.has(name);
    contexts.contexts.set(name, added);
    await writeContexts(file, contexts);
    io.err(
      `${replaced ? 'Updated' : 'Added'} context ${name} in ${file}${
        contexts.current === name
          ? ''
          : `; arlon context use ${name} makes it current`
      }\n`,
    );
    return 0;
  }
  if (!contexts.contexts.has(name)) {
    io.err(
      `there is no arlon context "${name}" in ${file} (contexts: ${
        [...contexts.contexts.keys()].join(', ') || 'none'
      }): add it with arlon context add ${name} --kube-context <context> --fleet <dir-or-git-url>\n`,
    );
    return 1;
  }
  if (verb === 'use') {
    contexts.current = name;
    await writeContexts(file, contexts);
    io.err(`Switched to context ${name}\n`);
    return 0;
  }
  contexts.contexts.delete(name);
  const wasCurrent = contexts.current === name;
  if (wasCurrent) contexts.current = undefined;
  await writeContexts(file, contexts);
  io.err(
    `Removed context ${name}${
      wasCurrent
        ? '; it was the current one, so there is none now: arlon context use <name> chooses another'
        : ''
    }\n`,
  );
  return 0;
}

/**
 * The context `add` saves, checked now rather than at its first use: the
 * kubeconfig context must exist and be usable without running anything,
 * the fleet must be a directory or a Git URL without credentials.
 */
async function newContext(
  name: string,
  options: ContextOptions,
  io: Output,
): Promise<ArlonContext | undefined> {
  const { kubeContext, fleet, managementCluster } = options;
  if (!kubeContext || !fleet) {
    io.err(
      `arlon context add ${name} needs --kube-context <kubeconfig-context> and --fleet <dir-or-git-url>\n`,
    );
    return undefined;
  }
  if (
    managementCluster !== undefined &&
    !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(managementCluster)
  ) {
    io.err(
      `--management-cluster must be a DNS label (its name in arlon.managementClusters), not ${JSON.stringify(
        managementCluster.slice(0, 70),
      )}\n`,
    );
    return undefined;
  }
  const kubeconfig =
    options.kubeconfig === undefined
      ? undefined
      : path.resolve(options.kubeconfig);
  const fleetValue = await fleetOf(fleet, io);
  if (!fleetValue) return undefined;
  // Throws naming the kubeconfig's contexts, or the field the parser refuses.
  await contextKubeConfig(
    kubeContext,
    kubeconfig ? { ...options.env, KUBECONFIG: kubeconfig } : options.env,
  );
  return {
    kubeContext,
    fleet: fleetValue,
    ...(kubeconfig ? { kubeconfig } : {}),
    ...(managementCluster ? { managementCluster } : {}),
  };
}

/** A Git URL as given, or a directory made absolute (contexts work from any directory). */
async function fleetOf(fleet: string, io: Output): Promise<string | undefined> {
  if (/^[a-z][a-z0-9+.-]*:\/\/|^[\w.-]+@[\w.-]+:/i.test(fleet)) {
    const problem = fleetUrlProblem(fleet);
    if (problem) io.err(`--fleet: ${problem}\n`);
    return problem ? undefined : fleet;
  }
  const dir = path.resolve(fleet);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) {
    io.err(
      `--fleet: ${dir} is not a directory: give the fleet repository's checkout or its Git URL\n`,
    );
    return undefined;
  }
  return dir;
}

/** What a missing file holds. */
function noContexts(): ArlonContexts {
  return { contexts: new Map() };
}

function list(contexts: ArlonContexts, json: boolean, io: Output) {
  const rows = [...contexts.contexts.entries()].sort(([a], [b]) =>
    a.localeCompare(b),
  );
  if (json) {
    io.out(
      `${JSON.stringify(
        {
          current: contexts.current ?? null,
          contexts: rows.map(([name, c]) => ({ name, ...c })),
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const table = [
      ['CURRENT', 'NAME', 'KUBE-CONTEXT', 'FLEET', 'MANAGEMENT-CLUSTER'],
      ...rows.map(([name, c]) => [
        contexts.current === name ? '*' : '',
        name,
        c.kubeContext,
        c.fleet,
        c.managementCluster ?? '',
      ]),
    ];
    const widths = table[0].map((_, i) =>
      Math.max(...table.map(row => row[i].length)),
    );
    io.out(
      table
        .map(row =>
          row
            .map((cell, i) => cell.padEnd(widths[i]))
            .join('   ')
            .trimEnd(),
        )
        .join('\n')
        .concat('\n'),
    );
  }
  if (contexts.current && !contexts.contexts.has(contexts.current))
    io.err(
      `warning: the current context "${contexts.current}" is not one of these: arlon context use <name> chooses another\n`,
    );
}
