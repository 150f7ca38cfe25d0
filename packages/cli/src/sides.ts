import fs from 'node:fs/promises';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import {
  DiffTarget,
  KubeObject,
  placeInNamespace,
  Rendered,
  documentData,
  documentObjects,
} from '@arlon-backstage/plugin-arlon-common';
import { LiveCluster } from '@arlon-backstage/plugin-arlon-node';
import { parseAllDocuments } from 'yaml';

/** One side of `arlon diff`: manifests from files, or a live cluster. */
export type Side =
  | { target: DiffTarget; rendered: Rendered }
  | { target: DiffTarget; cluster: LiveCluster };

const CONTEXT = /^context:(.*)$/;

/** How `context:<name>` reaches its cluster (`context:` alone gives ''). */
export type ConnectSide = (
  context: string,
) => Promise<{ name: string; cluster: LiveCluster }>;

/**
 * `context:<name>` is a live cluster; anything else a file or directory of
 * manifests.
 */
export async function readSide(
  arg: string,
  namespace: string,
  connect: ConnectSide = async name => ({
    name,
    cluster: liveCluster(name),
  }),
): Promise<Side> {
  const context = CONTEXT.exec(arg)?.[1];
  if (context !== undefined) {
    const { name, cluster } = await connect(context);
    return { target: { kind: 'context', name }, cluster };
  }
  return {
    target: { kind: 'files', name: arg },
    rendered: await readManifests(arg, namespace),
  };
}

/**
 * A live cluster from the user's kubeconfig (KUBECONFIG or ~/.kube/config),
 * or from `kubeConfig` when an arlon context built it.
 */
export function liveCluster(
  context: string,
  kubeConfig?: KubeConfig,
): LiveCluster {
  if (kubeConfig) return new LiveCluster(context, kubeConfig);
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const names = kc.getContexts().map(c => c.name);
  if (!names.includes(context))
    throw new Error(
      `there is no context "${context}" in your kubeconfig (contexts: ${
        names.join(', ') || 'none'
      })`,
    );
  kc.setCurrentContext(context);
  return new LiveCluster(context, kc);
}

/**
 * Every Kubernetes object in a YAML/JSON file or under a directory, each
 * remembered with its file; namespaced objects without a namespace go to
 * `namespace`. A document that does not parse is an error naming the file
 * and line.
 */
export async function readManifests(
  target: string,
  namespace: string,
): Promise<Rendered> {
  const files = (await fs.stat(target)).isDirectory()
    ? await manifestFiles(target)
    : [target];
  const objects: Array<{ file: string; value: KubeObject }> = [];
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    for (const doc of parseAllDocuments(text, { prettyErrors: true })) {
      if (doc.errors.length) {
        const e = doc.errors[0];
        throw new Error(
          `${file}:${e.linePos?.[0].line ?? '?'}: ${e.message.split('\n')[0]}`,
        );
      }
      // `kubectl get a,b -o yaml` saves several objects as one List.
      const line = doc.contents?.range
        ? lineOf(text, doc.contents.range[0])
        : '?';
      for (const value of documentObjects(
        documentData(doc, file),
        `${file}:${line}`,
      ) as any[])
        if (value?.kind && value?.metadata?.name) objects.push({ file, value });
    }
  }
  const placed = placeInNamespace(
    objects.map(o => o.value),
    namespace,
  );
  return {
    objects: placed.map((object, i) => ({ bundle: objects[i].file, object })),
    notes: [],
  };
}

/** The 1-based line of `offset` in `text`. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) line++;
  return line;
}

async function manifestFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter(e => !e.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(e => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return manifestFiles(full);
        return Promise.resolve(/\.(ya?ml|json)$/.test(e.name) ? [full] : []);
      }),
  );
  return nested.flat();
}
