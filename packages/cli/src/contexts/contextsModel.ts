import { parseDocument, stringify } from 'yaml';

/**
 * One `arlon context`: a management cluster (a context of a kubeconfig) and
 * the fleet repository it runs, so commands need no --context or --fleet.
 */
export interface ArlonContext {
  /** The kubeconfig context that reaches the management cluster. */
  kubeContext: string;
  /** The kubeconfig file it is in (absolute); KUBECONFIG or ~/.kube/config without it. */
  kubeconfig?: string;
  /** The fleet checkout (an absolute directory) or its Git URL. */
  fleet: string;
  /** The management cluster's name in the portal's `arlon.managementClusters`. */
  managementCluster?: string;
}

/** The contexts file: the contexts by name (a Map: names are data) and the current one. */
export interface ArlonContexts {
  current?: string;
  contexts: Map<string, ArlonContext>;
}

/** More than anyone's contexts, far less than would slow the CLI down. */
export const MAX_CONTEXTS_BYTES = 64 * 1024;

/** A context's name: what `arlon context use` and `--context` take. */
const CONTEXT_NAME = /^[A-Za-z0-9]([-A-Za-z0-9._]{0,61}[A-Za-z0-9])?$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** Names that would reach an object's prototype if anything ever used them as keys. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// Shown on the terminal: no control characters (an escape sequence could rewrite it).
const PRINTABLE = /^[^\p{Cc}]+$/u;
const GIT_URL = /^(https?|ssh|git):\/\/[^\s]+$|^[\w.-]+@[\w.-]+:[^\s]+$/;

/** Why `name` cannot name an arlon context, or undefined when it can. */
export function contextNameProblem(name: string): string | undefined {
  if (PROTOTYPE_KEYS.has(name))
    return `"${name}" is reserved (it names an object prototype)`;
  if (!CONTEXT_NAME.test(name))
    return `${JSON.stringify(
      name.slice(0, 70),
    )} is not a context name: 1 to 63 letters, digits, ".", "_" or "-", starting and ending with a letter or digit`;
  return undefined;
}

/** Why `url` cannot be a fleet repository URL in the file, or undefined when it can. */
export function fleetUrlProblem(url: string): string | undefined {
  if (!GIT_URL.test(url) || url.length > 2048)
    return `${JSON.stringify(
      url.slice(0, 100),
    )} is neither an absolute directory nor a Git URL (https://, ssh:// or user@host:path)`;
  // Credentials would sit in a file other tools back up and sync: ArgoCD and
  // Git take them from their own credential stores.
  if (/^https?:/.test(url) && URL.canParse(url)) {
    const { username, password } = new URL(url);
    if (username || password)
      return 'the fleet URL carries a user name or password: give the plain clone URL and keep credentials in your Git credential helper';
  }
  return undefined;
}

/** Whether `fleet` names a Git URL rather than a directory. */
export function isFleetUrl(fleet: string): boolean {
  return !fleet.startsWith('/') && GIT_URL.test(fleet);
}

type Fields = Map<unknown, unknown>;
const isMap = (value: unknown): value is Fields => value instanceof Map;

/**
 * Pure: the contexts `text` holds, or an error naming `file` and the field.
 * Parsed with every mapping as a Map, so `__proto__` and friends are plain
 * keys, then refused by name.
 */
export function parseContexts(text: string, file: string): ArlonContexts {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0];
    throw new Error(
      `${file}:${e.linePos?.[0].line ?? '?'}: not YAML: ${
        e.message.split('\n')[0]
      }. Fix or delete the file (arlon context add writes a new one)`,
    );
  }
  let root: unknown;
  try {
    root = doc.toJS({ mapAsMap: true, maxAliasCount: 0 });
  } catch {
    // The only error toJS throws with aliases off; contexts never need them.
    throw new Error(
      `${file}: YAML aliases (*name) are not allowed in a contexts file: write each value out`,
    );
  }
  const problem = (field: string, message: string) =>
    new Error(`${file}: ${field}: ${message}`);
  if (root === null || root === undefined) return { contexts: new Map() };
  if (!isMap(root))
    throw new Error(
      `${file}: not a map of contexts (it holds ${
        Array.isArray(root) ? 'a list' : typeof root
      }): fix or delete the file`,
    );
  for (const key of root.keys())
    if (key !== 'current' && key !== 'contexts')
      throw problem(String(key), 'unknown field (current and contexts are)');
  const current = root.get('current');
  if (current !== undefined && current !== null && typeof current !== 'string')
    throw problem('current', `must be a context name, not ${typeof current}`);
  const listed = root.get('contexts') ?? new Map();
  if (!isMap(listed))
    throw problem('contexts', 'must be a map of context names to contexts');
  const contexts = new Map<string, ArlonContext>();
  for (const [name, value] of listed) {
    const where = `contexts.${String(name).slice(0, 70)}`;
    const invalid =
      typeof name === 'string'
        ? contextNameProblem(name)
        : `${typeof name} is not a context name`;
    if (invalid) throw problem(where, invalid);
    contexts.set(name as string, parseContext(value, where, problem));
  }
  return { current: current ?? undefined, contexts };
}

function parseContext(
  value: unknown,
  where: string,
  problem: (field: string, message: string) => Error,
): ArlonContext {
  if (!isMap(value))
    throw problem(where, 'must be a map with kubeContext and fleet');
  const known = ['kubeContext', 'kubeconfig', 'fleet', 'managementCluster'];
  for (const key of value.keys())
    if (typeof key !== 'string' || !known.includes(key))
      throw problem(
        `${where}.${String(key).slice(0, 70)}`,
        `unknown field (${known.join(', ')} are)`,
      );
  const text = (field: string, required: boolean): string | undefined => {
    const v = value.get(field);
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'string' || !v)
      throw problem(`${where}.${field}`, 'must be a non-empty string');
    if (v.length > 2048 || !PRINTABLE.test(v))
      throw problem(
        `${where}.${field}`,
        'must be at most 2048 characters, none of them control characters',
      );
    return v;
  };
  const kubeContext = text('kubeContext', true)!;
  const kubeconfig = text('kubeconfig', false);
  if (kubeconfig !== undefined && !kubeconfig.startsWith('/'))
    throw problem(`${where}.kubeconfig`, 'must be an absolute path');
  const fleet = text('fleet', true)!;
  if (!fleet.startsWith('/')) {
    const bad = fleetUrlProblem(fleet);
    if (bad) throw problem(`${where}.fleet`, bad);
  }
  const managementCluster = text('managementCluster', false);
  if (managementCluster !== undefined && !DNS_LABEL.test(managementCluster))
    throw problem(
      `${where}.managementCluster`,
      'must be a DNS label (the name in arlon.managementClusters)',
    );
  return {
    kubeContext,
    fleet,
    ...(kubeconfig ? { kubeconfig } : {}),
    ...(managementCluster ? { managementCluster } : {}),
  };
}

/** Pure: the file's text for `contexts`, in name order so rewrites diff cleanly. */
export function contextsYaml(contexts: ArlonContexts): string {
  const byName: Record<string, ArlonContext> = Object.create(null);
  for (const name of [...contexts.contexts.keys()].sort())
    byName[name] = contexts.contexts.get(name)!;
  return `# arlon CLI contexts: written by arlon context add|use|remove\n${stringify(
    {
      ...(contexts.current ? { current: contexts.current } : {}),
      contexts: byName,
    },
  )}`;
}
