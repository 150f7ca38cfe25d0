import path from 'node:path';
import {
  type CapiVersion,
  compileFleet,
  GENERATED_ROOT,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { formatProblems } from '@arlon-backstage/plugin-arlon-common';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';
import { writeGeneratedTree } from '../writeGeneratedTree';

export interface RenderOptions {
  out: string;
  repoUrl: string;
  revision: string;
  /** Namespace ArgoCD runs in; `argocd` when absent. */
  argocdNamespace?: string;
  /** Cluster API version of the core and kubeadm objects; v1beta1 when absent. */
  capiVersion?: CapiVersion;
}

/**
 * `arlon render [dir] --out <dir>`: validates, then writes the compiler's tree
 * under `<out>/generated/`, replacing what was there (the compiler owns it).
 * Nothing is written when the fleet has problems.
 */
export async function render(
  dir: string,
  options: RenderOptions,
  io: Output,
): Promise<number> {
  const { fleet, problems } = validateFleet(await readFleetDir(dir));
  if (problems.length) {
    io.err(formatProblems(problems, dir));
    io.err('Nothing was rendered.\n');
    return 1;
  }
  const files = compileFleet(fleet, {
    repoUrl: options.repoUrl,
    revision: options.revision,
    argocdNamespace: options.argocdNamespace,
    capiVersion: options.capiVersion,
  });
  await writeGeneratedTree(options.out, files);
  io.out(
    `Rendered ${Object.keys(files).length} files into ${path.join(
      options.out,
      GENERATED_ROOT,
    )}\n`,
  );
  return 0;
}
