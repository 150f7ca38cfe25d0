import { parseArgs } from 'node:util';
import {
  CAPI_VERSIONS,
  isCapiVersion,
} from '@arlon-backstage/plugin-arlon-common';
import { providers } from './commands/providers';
import { render } from './commands/render';
import { validate } from './commands/validate';
import { regenerate } from './commands/regenerate';
import { Output, processOutput } from './Output';
import { diffCommand } from './commands/diffCommand';
import { context, CONTEXT_USAGE } from './commands/context';
import { commandContext } from './contexts/commandContext';
import { version } from './commands/version';
import { snapshot } from './commands/snapshot';
import { bootstrap, printRbac } from './commands/bootstrap';
import {
  checkSkew,
  portalFromEnvironment,
  printWarnings,
} from './version/checkSkew';

const USAGE = `Usage: arlon <command> [options]

Commands:
  validate [dir]                 Check a fleet repository; exit 1 with every problem, or
                                 when generated/ is not what the definitions compile to
      --context <name>           Also check that this management cluster (kubeconfig
                                 context) serves every Cluster API kind the clusters need
      --repo-url, --revision     Compile for these instead of what generated/ records
      --capi-version <v>         Cluster API version to render (v1beta2 or v1beta1;
                                 default: what generated/ records, else v1beta1)
      --output json              Machine-readable result
  regenerate [dir]               Rewrite generated/ in place from the definitions, for the
                                 repository URL and revision it records (nothing when current)
      --repo-url <url>           Fleet repository URL ArgoCD clones (when not recorded)
      --revision <branch>        Branch ArgoCD follows
      --capi-version <v>         Cluster API version to render instead of the recorded one
  render [dir] --out <dir>       Validate, then write the generated tree to <out>/generated
      --repo-url <url>           Fleet repository URL ArgoCD clones (required)
      --revision <branch>        Branch ArgoCD follows (default: main)
      --capi-version <v>         Cluster API version: v1beta2 (Cluster API 1.11 and
                                 later) or v1beta1 (default)
  providers                      List Cluster API providers and their cluster types
      --output json
  diff <left> <right>            What would change going from <left> to <right>; exit 0
                                 when equal, 1 when different, 2 on errors (as kubectl diff)
                                 A side is a YAML file, a directory of them, or
                                 context:<name>, a live cluster from your kubeconfig;
                                 a file saved with kubectl get -o yaml is live state
      --scope <file-or-dir>      The objects to compare when both sides are live
      --namespace <ns>           For namespaced objects that name none (default: default)
      --client-side              Skip the server-side dry-run apply
      --save <file>              Also write the report, importable in the portal
      --output json | --color always|never|auto
  preflight <bundle-or-profile>  What applying a bundle or profile would change on a cluster
      --context <name>           The live cluster (kubeconfig context; required)
      --fleet <dir>              The fleet repository checkout (default: .)
      --repo-url <url>           Its URL, to render Git sources that point at it
      --client-side, --save <file>, --output json, --color as for diff
  preflight -f <report.json>     Show a saved report again
  snapshot <bundle-or-profile>   Save the live objects a bundle or profile renders, read
                                 from a cluster, as one YAML List (Secret values masked;
                                 objects not found are listed in a comment), for a later
                                 arlon diff <snapshot> <manifests>
      --context <name>           The live cluster (kubeconfig context; required; a token
                                 or inline client certificate: exec and auth-provider
                                 are refused, never run)
      --fleet <dir>, --repo-url  As for preflight
      -o, --out <file>           Write it there instead of stdout
      --force                    Replace <file> when it exists
  bootstrap [dir]                Check a management cluster (ArgoCD 2.10+, the Cluster API
                                 providers the fleet needs: the clusterctl init for what is
                                 missing) and apply the fleet's AppProjects, ArgoCD's
                                 repository credentials and arlon-fleet (server-side; only
                                 what differs, so a second run changes nothing)
      --context <name>           The management cluster (kubeconfig context; required)
      --dry-run                  Print exactly what it would apply, credentials redacted
      --output json              Machine-readable result (credentials redacted)
      --argocd-namespace <ns>    Where ArgoCD runs: refuse a tree whose arlon-fleet is elsewhere
      --management-cluster <name>  Apply the tree of the clusters whose spec.managementCluster
                                 names it; leave it out for the default management cluster
                                 Credentials: ARLON_REPO_TOKEN (or ARLON_REPO_PASSWORD) and
                                 ARLON_REPO_USERNAME (default x-access-token), given only to
                                 the repository URL ARLON_REPO_URL names; none: anonymous
  bootstrap --print-rbac         The portal service account's least-privilege ClusterRole,
                                 Role and bindings (docs/rbac.md), as YAML
      --service-account <ns>/<name>  Default arlon/arlon-portal
      --argocd-namespace <ns>    Default argocd
      --without-bootstrap        Leave out what only the portal's bootstrap action needs
                                 (AppProjects, creating Applications)
${CONTEXT_USAGE}  version [dir]                  This CLI's version and the fleet format it writes; with
                                 [dir], the format that fleet's generated/ records
      --portal <url>             Also the portal's (its backend's base URL; default
                                 ARLON_PORTAL_URL, token in ARLON_PORTAL_TOKEN)
      --output json

Without --context, the commands that take it use the current arlon context (its cluster,
and its fleet for [dir] and --fleet) and say so on stderr. --context names a kubeconfig
context, else an arlon context; in diff, context: alone is the current one.
[dir] defaults to the current directory. A generated/ tree, or a portal (ARLON_PORTAL_URL),
of another release than this CLI is a warning on stderr; it never changes the exit code.
`;

/** Runs the command line; returns the exit code. */
export async function main(
  argv: string[],
  io: Output = processOutput,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        output: { type: 'string' },
        out: { type: 'string', short: 'o' },
        force: { type: 'boolean' },
        'repo-url': { type: 'string' },
        revision: { type: 'string' },
        'capi-version': { type: 'string' },
        scope: { type: 'string' },
        namespace: { type: 'string' },
        'client-side': { type: 'boolean' },
        save: { type: 'string' },
        color: { type: 'string' },
        context: { type: 'string' },
        fleet: { type: 'string' },
        'kube-context': { type: 'string' },
        kubeconfig: { type: 'string' },
        'management-cluster': { type: 'string' },
        file: { type: 'string', short: 'f' },
        portal: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'print-rbac': { type: 'boolean' },
        'without-bootstrap': { type: 'boolean' },
        'service-account': { type: 'string' },
        'argocd-namespace': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, dir = '.'] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.output !== undefined && values.output !== 'json') {
    io.err(`--output must be json, not "${values.output}"\n`);
    return 2;
  }
  const json = values.output === 'json';
  const capiVersion = values['capi-version'];
  if (capiVersion !== undefined && !isCapiVersion(capiVersion)) {
    io.err(
      `--capi-version must be ${CAPI_VERSIONS.join(
        ' or ',
      )} (the Cluster API version your management cluster serves: kubectl api-versions | grep cluster.x-k8s.io), not ${JSON.stringify(
        capiVersion,
      )}\n`,
    );
    return 2;
  }
  // The URL is written into generated/ and printed: credentials in it would
  // land in Git and in CI logs. ArgoCD takes them as repository credentials.
  if (hasCredentials(values['repo-url'])) {
    io.err(
      '--repo-url carries a user name or password: give the plain clone URL, and the credentials to ArgoCD as repository credentials\n',
    );
    return 2;
  }
  try {
    // The cluster (and fleet) of the commands that reach one: --context, or the current arlon context.
    const live =
      ['validate', 'bootstrap', 'snapshot'].includes(command) &&
      !values['print-rbac']
        ? await commandContext(values.context, process.env, io)
        : undefined;
    const fleetDir = positionals.length > 1 ? dir : live?.fleetDir ?? dir;
    switch (command) {
      case 'context':
        return await context(
          positionals.slice(1),
          {
            kubeContext: values['kube-context'],
            kubeconfig: values.kubeconfig,
            fleet: values.fleet,
            managementCluster: values['management-cluster'],
            json,
            env: process.env,
          },
          io,
        );
      case 'validate':
        return await withSkewWarnings(
          { fleetDir },
          () =>
            validate(
              fleetDir,
              {
                json,
                context: live?.kubeContext,
                kubeConfig: live?.kubeConfig,
                repoUrl: values['repo-url'],
                revision: values.revision,
                capiVersion,
              },
              io,
            ),
          io,
        );
      case 'regenerate':
        // Regenerating rewrites an older tree: only a newer one is worth a word.
        return await withSkewWarnings(
          { fleetDir: dir, onlyNewerFleet: true },
          () =>
            regenerate(
              dir,
              {
                repoUrl: values['repo-url'],
                revision: values.revision,
                capiVersion,
              },
              io,
            ),
          io,
        );
      case 'version':
        return await version(
          {
            json,
            fleetDir: positionals[1],
            portal: values.portal,
            env: process.env,
          },
          io,
        );
      case 'render':
        if (!values.out) {
          io.err(
            'render needs --out <dir> (use the fleet directory itself to update its generated/ tree)\n',
          );
          return 2;
        }
        if (!values['repo-url']) {
          io.err(
            'render needs --repo-url <url>: the fleet repository URL ArgoCD clones\n',
          );
          return 2;
        }
        return await render(
          dir,
          {
            out: values.out,
            repoUrl: values['repo-url'],
            revision: values.revision ?? 'main',
            capiVersion,
          },
          io,
        );
      case 'providers':
        return providers({ json }, io);
      case 'bootstrap':
        if (values['print-rbac'])
          return printRbac(
            {
              serviceAccount: values['service-account'],
              argocdNamespace: values['argocd-namespace'],
              bootstrap: !values['without-bootstrap'],
            },
            io,
          );
        return await bootstrap(
          fleetDir,
          {
            context: live?.kubeContext,
            kubeConfig: live?.kubeConfig,
            dryRun: !!values['dry-run'],
            json,
            argocdNamespace: values['argocd-namespace'],
            managementCluster: values['management-cluster'],
            env: process.env,
          },
          io,
        );
      case 'snapshot':
        if (positionals.length !== 2 || !live) {
          io.err(
            'snapshot needs a bundle or profile and --context <name> (or a current arlon context): arlon snapshot <bundle-or-profile> --context <name> [-o file]\n',
          );
          return 2;
        }
        return await snapshot(
          positionals[1],
          {
            context: live.kubeContext,
            kubeConfig: live.kubeConfig,
            fleet: values.fleet ?? live.fleetDir ?? '.',
            repoUrl: values['repo-url'] ?? live.repoUrl,
            out: values.out,
            force: !!values.force,
          },
          io,
        );
      case 'diff':
      case 'preflight':
        return await diffCommand(
          command,
          positionals.slice(1),
          values,
          json,
          USAGE,
          io,
        );
      default:
        io.err(`unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(
      e.code === 'ENOENT'
        ? `no such directory: ${e.path}\n`
        : `arlon: ${e.message}\n`,
    );
    return 1;
  }
}

/**
 * Runs a command on a fleet checkout, then warns (stderr, exit code
 * unchanged) when its generated/ was written in another fleet format, or the
 * portal named by ARLON_PORTAL_URL runs another release. The check reads the
 * tree before the command runs: regenerate rewrites it.
 */
async function withSkewWarnings(
  fleet: { fleetDir: string; onlyNewerFleet?: boolean },
  command: () => Promise<number>,
  io: Output,
): Promise<number> {
  const { portal, token, warning } = portalFromEnvironment(process.env);
  const { warnings } = await checkSkew({ ...fleet, portal, token });
  const code = await command();
  printWarnings(warning ? [warning, ...warnings] : warnings, io);
  return code;
}

function hasCredentials(url: unknown): boolean {
  if (typeof url !== 'string' || !URL.canParse(url)) return false;
  const { username, password } = new URL(url);
  return Boolean(username || password);
}
