import { KubeConfig } from '@kubernetes/client-node';
import {
  DEFAULT_PORTAL_SERVICE_ACCOUNT,
  formatProblems,
  portalClusterRole,
  RepositoryCredentials,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import {
  bootstrapManagementCluster,
  BootstrapResult,
} from '@arlon-backstage/plugin-arlon-node';
import { stringify } from 'yaml';
import { generatedStatus } from '../generatedStatus';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';
import { readGeneratedTree } from '../readGeneratedTree';

export interface BootstrapCommandOptions {
  context?: string;
  /** The management cluster's client when an arlon context chose it. */
  kubeConfig?: KubeConfig;
  dryRun: boolean;
  json: boolean;
  /** Where ArgoCD runs, when the operator says: the tree's arlon-fleet must be there. */
  argocdNamespace?: string;
  /**
   * The management cluster's name as clusters give it in
   * `spec.managementCluster`: its tree is applied. Absent, the default tree.
   */
  managementCluster?: string;
  /** The process environment: the repository credentials come from it, never from flags. */
  env: Record<string, string | undefined>;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/**
 * `arlon bootstrap --print-rbac`: the portal service account's ClusterRole,
 * Role and bindings, as YAML for `kubectl apply -f -`.
 */
export function printRbac(
  options: {
    serviceAccount?: string;
    argocdNamespace?: string;
    /** Include what the portal's own bootstrap action needs (default true). */
    bootstrap?: boolean;
  },
  io: Output,
): number {
  let serviceAccount = DEFAULT_PORTAL_SERVICE_ACCOUNT;
  if (options.serviceAccount !== undefined) {
    const [namespace, name, ...rest] = options.serviceAccount.split('/');
    if (
      rest.length ||
      !DNS_LABEL.test(namespace ?? '') ||
      !DNS_LABEL.test(name ?? '')
    ) {
      io.err(
        `--service-account must be <namespace>/<name> (two DNS labels), not ${JSON.stringify(
          options.serviceAccount.slice(0, 100),
        )}\n`,
      );
      return 2;
    }
    serviceAccount = { namespace, name };
  }
  const argocdNamespace = options.argocdNamespace ?? 'argocd';
  if (!DNS_LABEL.test(argocdNamespace)) {
    io.err(
      `--argocd-namespace must be a DNS label, not ${JSON.stringify(
        argocdNamespace.slice(0, 100),
      )}\n`,
    );
    return 2;
  }
  const { objects } = portalClusterRole({
    serviceAccount,
    argocdNamespace,
    bootstrap: options.bootstrap,
  });
  io.out(
    `# The Arlon portal's least privilege on a management cluster (docs/rbac.md explains each rule).\n${objects
      .map(o => stringify(o))
      .join('---\n')}`,
  );
  return 0;
}

/**
 * ArgoCD's credentials for the fleet repository from the environment:
 * ARLON_REPO_TOKEN (or ARLON_REPO_PASSWORD) and ARLON_REPO_USERNAME (default
 * x-access-token, GitHub's). Never flags: those land in shell history and
 * process lists.
 */
function credentialsFromEnv(
  env: Record<string, string | undefined>,
): RepositoryCredentials | undefined {
  const password = env.ARLON_REPO_TOKEN || env.ARLON_REPO_PASSWORD;
  if (!password) return undefined;
  return { username: env.ARLON_REPO_USERNAME || 'x-access-token', password };
}

/**
 * The credentials for `url`, the repository the fleet's generated tree
 * points ArgoCD at. That URL comes from the repository itself, so whoever
 * can write to it could send ArgoCD, and the token, elsewhere: the token is
 * given only to the URL the operator pins in ARLON_REPO_URL.
 */
export function credentialsFor(
  url: string,
  env: Record<string, string | undefined>,
): RepositoryCredentials | undefined {
  const credentials = credentialsFromEnv(env);
  if (!credentials || env.ARLON_REPO_URL === url) return credentials;
  throw new Error(
    `the fleet's generated tree points ArgoCD at ${withoutUserInfo(url)}${
      env.ARLON_REPO_URL
        ? `, not at ARLON_REPO_URL (${withoutUserInfo(env.ARLON_REPO_URL)})`
        : ''
    }; the repository token goes only to the URL ARLON_REPO_URL names: check the URL, then set ARLON_REPO_URL to it. Nothing was applied.`,
  );
}

/** A URL as an error may show it: no user or password, at most 300 characters. */
function withoutUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().slice(0, 300);
  } catch {
    return JSON.stringify(url.slice(0, 300));
  }
}

function contextConfig(context: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const names = kc.getContexts().map(c => c.name);
  if (!names.includes(context))
    throw new Error(
      `there is no context "${context.slice(
        0,
        100,
      )}" in your kubeconfig (contexts: ${names.join(', ') || 'none'})`,
    );
  kc.setCurrentContext(context);
  return kc;
}

/**
 * `arlon bootstrap [dir] --context <management-cluster>`: checks the
 * management cluster and applies what runs the fleet on it (see
 * bootstrapManagementCluster). Exit 0 when ready (applied, or nothing to
 * change), 1 when a check fails or the fleet is not ready to bootstrap.
 */
export async function bootstrap(
  dir: string,
  options: BootstrapCommandOptions,
  io: Output,
): Promise<number> {
  if (!options.context) {
    io.err(
      'bootstrap needs --context <name> (or a current arlon context): the management cluster, a context of your kubeconfig (KUBECONFIG or ~/.kube/config)\n',
    );
    return 2;
  }
  const placed = options.managementCluster;
  // Checked before anything is read: it becomes a path of the tree.
  if (placed !== undefined && !DNS_LABEL.test(placed)) {
    io.err(
      `--management-cluster must be a management cluster name (lower-case letters, digits and '-', at most 63 characters), not ${JSON.stringify(
        placed.slice(0, 100),
      )}\n`,
    );
    return 2;
  }
  const definitions = await readFleetDir(dir);
  const { problems } = validateFleet({
    ...definitions,
    ...(await readGeneratedTree(dir)).files,
  });
  if (problems.length) {
    io.err(
      `${formatProblems(
        problems,
        dir,
      )}\nFix these before bootstrapping: nothing was applied.\n`,
    );
    return 1;
  }
  const status = await generatedStatus(dir, definitions, {});
  if (!status.current) {
    io.err(
      `${dir}/generated is not what the definitions compile to${
        status.reason ? ` (${status.reason})` : ''
      }: run ${
        status.command
      }, push it, then bootstrap. Nothing was applied.\n`,
    );
    return 1;
  }
  const credentials = credentialsFromEnv(options.env);
  const files = { ...definitions, ...(await readGeneratedTree(dir)).files };
  const result = await bootstrapManagementCluster(
    options.kubeConfig ?? contextConfig(options.context),
    {
      files,
      credentials: async url => credentialsFor(url, options.env),
      dryRun: options.dryRun,
      argocdNamespace: options.argocdNamespace,
      managementCluster: options.managementCluster,
    },
  );
  if (options.json) {
    io.out(
      `${JSON.stringify({ context: options.context, ...result }, null, 2)}\n`,
    );
    return result.ok ? 0 : 1;
  }
  io.out(report(options.context, result, !!credentials));
  return result.ok ? 0 : 1;
}

const DONE = {
  create: 'created  ',
  update: 'updated  ',
  unchanged: 'unchanged',
} as const;

function report(
  context: string,
  result: BootstrapResult,
  withCredentials: boolean,
): string {
  const lines: string[] = [`Management cluster ${context}:`];
  for (const c of result.checks) {
    lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    if (!c.ok && c.hint) lines.push(`       ${c.hint}`);
  }
  if (result.clusterctl)
    lines.push(
      '',
      `Install the missing Cluster API providers:`,
      `  ${result.clusterctl}`,
    );
  if (!withCredentials)
    lines.push(
      '',
      'No repository credentials (ARLON_REPO_TOKEN unset): ArgoCD will clone the fleet repository anonymously.',
    );
  if (!result.ok) {
    lines.push(
      '',
      'Nothing was applied: fix the checks above and run it again.',
    );
    return `${lines.join('\n')}\n`;
  }
  const changes = result.steps.filter(s => s.action !== 'unchanged');
  if (result.dryRun) {
    lines.push(
      '',
      changes.length
        ? `Dry run: would apply (server-side) ${changes.length} of ${result.steps.length} objects; credentials redacted:`
        : `Dry run: nothing to change (${result.steps.length} objects already as they would be applied).`,
    );
    const docs = result.steps.map(
      s =>
        `# ${s.action}: ${s.kind} ${s.namespace ? `${s.namespace}/` : ''}${
          s.name
        }\n${stringify(s.object)}`,
    );
    return `${lines.join('\n')}\n---\n${docs.join('---\n')}`;
  }
  lines.push('');
  if (!changes.length)
    lines.push(
      `Nothing to change: all ${
        result.steps.length
      } objects are already applied (AppProjects, ${
        withCredentials ? 'repository credentials, ' : ''
      }arlon-fleet).`,
    );
  for (const s of result.steps)
    lines.push(
      `  ${DONE[s.action]} ${s.kind} ${s.namespace ? `${s.namespace}/` : ''}${
        s.name
      }`,
    );
  return `${lines.join('\n')}\n`;
}
