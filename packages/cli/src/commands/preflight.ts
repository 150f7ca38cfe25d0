import fs from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import {
  makeReport,
  parseDiffReportFile,
} from '@arlon-backstage/plugin-arlon-common';
import { preflight as preflightOn } from '@arlon-backstage/plugin-arlon-node';
import type { Output } from '../Output';
import { fleetTarget } from '../fleetTarget';
import { liveCluster } from '../sides';
import { ReportOutput, showReport } from './showReport';

export interface PreflightOptions extends ReportOutput {
  fleet: string;
  context: string;
  /** The cluster's client when an arlon context chose it. */
  kubeConfig?: KubeConfig;
  /** The fleet repository's URL, so Git sources that point at it are rendered. */
  repoUrl?: string;
  clientSide: boolean;
}

/**
 * `arlon preflight <bundle-or-profile> --context <cluster>`: what applying a
 * bundle or profile of the fleet repository would change on a live cluster.
 * `bundle/<name>` or `profile/<name>` when a name is both.
 */
export async function preflight(
  what: string,
  options: PreflightOptions,
  io: Output,
): Promise<number> {
  const { target, rendered } = await fleetTarget(
    what,
    options.fleet,
    options.repoUrl,
  );
  const { name } = target;
  const context = { kind: 'context', name: options.context } as const;
  const section = await preflightOn(
    `context ${options.context} → ${target.kind} ${name}`,
    rendered,
    liveCluster(options.context, options.kubeConfig),
    { serverSide: !options.clientSide },
  );
  return showReport(
    makeReport(context, target, [section], new Date()),
    options,
    io,
  );
}

/** `arlon preflight -f <report.json>`: shows a saved report again. */
export async function showSavedReport(
  file: string,
  options: ReportOutput,
  io: Output,
): Promise<number> {
  const parsed = parseDiffReportFile(
    JSON.parse(await fs.readFile(file, 'utf8')),
  );
  if ('problems' in parsed)
    throw new Error(
      `${file} is not a diff report Arlon exported: ${parsed.problems.join(
        '; ',
      )}`,
    );
  return showReport(parsed.report, { ...options, save: undefined }, io);
}
