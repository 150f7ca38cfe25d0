import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { parseKubeconfig } from '@arlon-backstage/plugin-arlon-node';
import { parseDocument } from 'yaml';

/** Where kubectl reads kubeconfigs: each file KUBECONFIG lists, else ~/.kube/config. */
export function kubeconfigFiles(env: NodeJS.ProcessEnv): string[] {
  const listed = (env.KUBECONFIG ?? '').split(path.delimiter).filter(Boolean);
  return listed.length ? listed : [path.join(os.homedir(), '.kube', 'config')];
}

type Entry = { name?: unknown; [field: string]: unknown };

/**
 * Pure: the kubeconfig `text` cut down to `context`, its cluster and its
 * user, as `kubectl config view --minify --flatten` would, or undefined when
 * the file has no such context. Only the chosen entries reach the safe
 * parser, so another context's exec plugin does not refuse this one, while
 * this one's does.
 */
export function minifyKubeconfig(
  text: string,
  context: string,
): string | undefined {
  // No aliases: a kubeconfig never needs them, and they can blow up in size.
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) throw new Error(doc.errors[0].message);
  const root = doc.toJS({ maxAliasCount: 0 }) as Record<string, unknown>;
  if (!root || typeof root !== 'object') return undefined;
  const named = (list: unknown, name: unknown): Entry | undefined =>
    Array.isArray(list)
      ? list.find(
          (e): e is Entry => !!e && typeof e === 'object' && e.name === name,
        )
      : undefined;
  const ctx = named(root.contexts, context);
  if (!ctx) return undefined;
  const body = (ctx.context ?? {}) as Entry;
  const cluster = named(root.clusters, body.cluster);
  const user = named(root.users, body.user);
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: cluster ? [cluster] : [],
    users: user ? [user] : [],
    contexts: [ctx],
    'current-context': context,
  });
}

/** The portal parser's message, said of this machine and without its portal-specific advice. */
function forTheCli(message: string): string {
  return message
    .replace(/\. Export a self-contained.*$/s, '')
    .replace(/the portal host/g, 'this machine')
    .replace(/the portal/g, 'arlon');
}

/** The names of the contexts a kubeconfig text holds, for the "no such context" message. */
export function contextNames(text: string): string[] {
  try {
    const root = parseDocument(text).toJS({
      maxAliasCount: 0,
    });
    return Array.isArray(root?.contexts)
      ? root.contexts.map((c: Entry) => String(c?.name))
      : [];
  } catch {
    return [];
  }
}

/**
 * A client-node KubeConfig for one context of the user's kubeconfig, built
 * from the fixed shape the portal's parser returns: an https server with an
 * inline CA, a token or inline client certificate. `exec`, `auth-provider`,
 * file paths and the rest are refused naming the field, never run or read.
 */
export async function contextKubeConfig(
  context: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ kubeConfig: KubeConfig; server: string }> {
  const seen: string[] = [];
  for (const file of kubeconfigFiles(env)) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      continue;
    }
    let minified: string | undefined;
    try {
      minified = minifyKubeconfig(text, context);
    } catch (error) {
      throw new Error(
        `${file} is not a kubeconfig YAML file: ${(error as Error).message}`,
      );
    }
    if (!minified) {
      seen.push(...contextNames(text));
      continue;
    }
    let workload;
    try {
      workload = parseKubeconfig(minified);
    } catch (error) {
      // The parser names fields of the cut-down file, whose lists have one entry.
      throw new Error(
        `context "${context}" in ${file}: ${forTheCli(
          (error as Error).message,
        )}. Give the CLI a context authenticated by a token or an inline client certificate (kubectl config view --minify --flatten --raw --context ${context} shows what it holds)`,
      );
    }
    const kubeConfig = new KubeConfig();
    const user =
      'token' in workload.user
        ? { name: 'user', token: workload.user.token }
        : {
            name: 'user',
            certData: workload.user.clientCertificateData,
            keyData: workload.user.clientKeyData,
          };
    kubeConfig.loadFromOptions({
      clusters: [
        {
          name: 'cluster',
          server: workload.server,
          caData: workload.caData,
          skipTLSVerify: false,
          ...(workload.tlsServerName
            ? { tlsServerName: workload.tlsServerName }
            : {}),
        },
      ],
      users: [user],
      contexts: [{ name: context, cluster: 'cluster', user: 'user' }],
      currentContext: context,
    });
    return { kubeConfig, server: workload.server };
  }
  throw new Error(
    `there is no context "${context}" in your kubeconfig (${kubeconfigFiles(
      env,
    ).join(', ')}; contexts: ${seen.join(', ') || 'none'})`,
  );
}
