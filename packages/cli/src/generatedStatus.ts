import {
  type CapiVersion,
  compileOptionsOfGenerated,
  generatedDrift,
  type CompileOptions,
  type FleetFiles,
  type StaleFile,
} from '@arlon-backstage/plugin-arlon-common';
import { readGeneratedTree } from './readGeneratedTree';

export interface CompileOverrides {
  repoUrl?: string;
  revision?: string;
  /** Instead of the Cluster API version generated/ records. */
  capiVersion?: CapiVersion;
}

export interface GeneratedStatus {
  /** Whether `generated/` is exactly what the definitions compile to. */
  current: boolean;
  /** The files that differ, and what regenerating does to each. */
  stale: StaleFile[];
  /** What the tree is compiled with: flags first, else its bootstrap Application. */
  options?: CompileOptions;
  /** Why the compile options are unknown, when they are. */
  reason?: string;
  /** The command that makes `generated/` current, as the user would type it. */
  command: string;
}

/**
 * Compares a checkout's `generated/` with what its definitions compile to.
 * `definitions` are the checkout's other files, already validated: a fleet
 * with problems has no "what it compiles to".
 */
export async function generatedStatus(
  dir: string,
  definitions: FleetFiles,
  overrides: CompileOverrides,
): Promise<GeneratedStatus> {
  const tree = await readGeneratedTree(dir);
  const files = { ...definitions, ...tree.files };
  const recorded = compileOptionsOfGenerated(files);
  const capiVersion = overrides.capiVersion ?? recorded.options?.capiVersion;
  const options: CompileOptions | undefined = overrides.repoUrl
    ? {
        repoUrl: overrides.repoUrl,
        revision: overrides.revision ?? recorded.options?.revision ?? 'main',
        ...(recorded.options?.argocdNamespace
          ? { argocdNamespace: recorded.options.argocdNamespace }
          : {}),
        ...(capiVersion ? { capiVersion } : {}),
      }
    : recorded.options && {
        ...recorded.options,
        ...(overrides.revision ? { revision: overrides.revision } : {}),
        ...(capiVersion ? { capiVersion } : {}),
      };
  const command = regenerateCommand(dir, overrides, !options);
  if (!options)
    return {
      current: false,
      stale: [],
      reason: 'reason' in recorded ? recorded.reason : undefined,
      command,
    };
  const { stale } = generatedDrift(files, options);
  // Links and other oddities are never what the compiler writes.
  const listed = new Set(stale.map(s => s.path));
  const all = [
    ...stale,
    ...tree.others
      .filter(p => !listed.has(p))
      .map(p => ({ path: p, action: 'delete' as const })),
  ].sort((a, b) => (a.path < b.path ? -1 : 1));
  return { current: all.length === 0, stale: all, options, command };
}

/** How this CLI was started: through yarn in a checkout of Arlon for Backstage, or as `arlon`. */
function invocation(): string {
  return process.env.npm_config_user_agent?.startsWith('yarn')
    ? 'yarn arlon'
    : 'arlon';
}

function regenerateCommand(
  dir: string,
  overrides: CompileOverrides,
  needsUrl: boolean,
): string {
  const words = [invocation(), 'regenerate', shellWord(dir)];
  if (overrides.repoUrl) words.push('--repo-url', shellWord(overrides.repoUrl));
  else if (needsUrl)
    words.push('--repo-url', '<the clone URL ArgoCD reads the fleet from>');
  if (overrides.revision)
    words.push('--revision', shellWord(overrides.revision));
  if (overrides.capiVersion)
    words.push('--capi-version', overrides.capiVersion);
  return words.join(' ');
}

/** A word the shell reads back as itself. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text)
    ? text
    : `'${text.replace(/'/g, `'\\''`)}'`;
}
