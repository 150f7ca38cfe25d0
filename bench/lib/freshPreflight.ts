/**
 * One server-side pre-flight in a process of its own, as a portal's first
 * after it starts: run by bench:diff once the API server is warm (a real
 * one is compiled Go, with nothing to warm), so the figure is what the
 * portal's own first pre-flight costs. Reads `{ kubeconfig, objects }` as
 * JSON on stdin; prints `{ ms, cpuMs, update, unchanged }` on stdout, timed
 * around the pre-flight alone (not the process's start).
 */
import { performance } from 'node:perf_hooks';
import { text } from 'node:stream/consumers';
import { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject } from '@arlon-backstage/plugin-arlon-common';
import { LiveCluster, preflight } from '@arlon-backstage/plugin-arlon-node';
import { ownCpuMs } from './processCpu';

async function main() {
  const input: {
    kubeconfig: string;
    objects: KubeObject[];
  } = JSON.parse(await text(process.stdin));
  const kc = new KubeConfig();
  kc.loadFromString(input.kubeconfig);
  const rendered = {
    objects: input.objects.map(object => ({ bundle: 'bench', object })),
    notes: [],
  };
  const cluster = new LiveCluster('bench', kc);
  const cpuBefore = ownCpuMs();
  const start = performance.now();
  const section = await preflight('bench', rendered, cluster, {
    serverSide: true,
  });
  const ms = performance.now() - start;
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs: ownCpuMs() - cpuBefore,
      method: section.method,
      summary: section.summary,
    }),
  );
  process.exit(0);
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
