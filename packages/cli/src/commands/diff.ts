import {
  compareFiles,
  describeTarget,
  makeReport,
} from '@arlon-backstage/plugin-arlon-common';
import { compareClusters, preflight } from '@arlon-backstage/plugin-arlon-node';
import type { Output } from '../Output';
import { ConnectSide, readManifests, readSide } from '../sides';
import { ReportOutput, showReport } from './showReport';

export interface DiffOptions extends ReportOutput {
  namespace: string;
  /** Manifests naming the objects to compare when both sides are live. */
  scope?: string;
  clientSide: boolean;
  /** How a `context:` side reaches its cluster (the kubeconfig without it). */
  connect?: ConnectSide;
}

/**
 * `arlon diff <left> <right>`: files against files field by field, files
 * against a live cluster as a pre-flight, or two live clusters for the
 * objects `--scope` names.
 */
export async function diff(
  leftArg: string,
  rightArg: string,
  options: DiffOptions,
  io: Output,
): Promise<number> {
  const [left, right] = await Promise.all([
    readSide(leftArg, options.namespace, options.connect),
    readSide(rightArg, options.namespace, options.connect),
  ]);
  const title = `${describeTarget(left.target)} → ${describeTarget(
    right.target,
  )}`;
  let section;
  if ('rendered' in left && 'rendered' in right) {
    // A file of saved live state (kubectl get -o yaml) is compared as live.
    section = compareFiles(title, left.rendered, right.rendered);
  } else if ('cluster' in left && 'cluster' in right) {
    if (!options.scope)
      throw new Error(
        'comparing two live clusters needs --scope <file-or-dir>: the manifests naming the objects to compare',
      );
    section = await compareClusters(
      title,
      await readManifests(options.scope, options.namespace),
      left.cluster,
      right.cluster,
    );
  } else {
    const files = 'rendered' in left ? left : right;
    const live = 'cluster' in left ? left : right;
    if (!('rendered' in files) || !('cluster' in live))
      throw new Error('unreachable');
    section = await preflight(title, files.rendered, live.cluster, {
      serverSide: !options.clientSide,
    });
  }
  return showReport(
    makeReport(left.target, right.target, [section], new Date()),
    options,
    io,
  );
}
