import {
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import { InputError } from '@backstage/errors';
import {
  BootstrapAction,
  bootstrapAction,
  bootstrapChecks,
  BootstrapObject,
  bootstrapObjects,
  BootstrapPlanError,
  compileOptionsOfGenerated,
  DEFAULT_CAPI_VERSION,
  fleetOfTree,
  redacted,
  RepositoryCredentials,
  requiredClusterKinds,
  validateFleet,
  VerifyCheck,
} from '@arlon-backstage/plugin-arlon-common';
import { kubernetesFailure } from './kubernetesFailure';
import { readManagementState } from './readManagementState';

/** The field manager bootstrap applies with (server-side apply). */
export const BOOTSTRAP_FIELD_MANAGER = 'arlon-bootstrap';

export interface BootstrapOptions {
  /** The fleet repository's files: its definitions and generated tree. */
  files: Record<string, string>;
  /**
   * ArgoCD's credentials for the fleet repository at the URL the generated
   * tree names (what ArgoCD clones); undefined for a public repository.
   */
  credentials?: (url: string) => Promise<RepositoryCredentials | undefined>;
  /** Check and compare only: apply nothing. */
  dryRun?: boolean;
  /**
   * Where ArgoCD runs on the management cluster, when known: the generated
   * tree's arlon-fleet must be there, or nothing is planned (the repository
   * Secret goes to the Application's namespace).
   */
  argocdNamespace?: string;
  /**
   * The tree to apply: the management cluster's name when clusters name it
   * in `spec.managementCluster` and it is not the default; absent, the
   * default tree.
   */
  managementCluster?: string;
}

/** One object bootstrap applies: what it does to it, and the object with credentials redacted. */
export interface BootstrapStep {
  kind: string;
  name: string;
  namespace?: string;
  action: BootstrapAction;
  /** Printable: Secret values are redacted. */
  object: BootstrapObject;
}

export interface BootstrapResult {
  /** Every check passed (and, unless a dry run, every change was applied). */
  ok: boolean;
  checks: VerifyCheck[];
  /** The `clusterctl init` that installs the Cluster API providers missing. */
  clusterctl?: string;
  steps: BootstrapStep[];
  /** Whether anything was applied (false on a dry run, a failed check, or nothing to change). */
  applied: boolean;
  dryRun: boolean;
}

async function readLive(
  client: KubernetesObjectApi,
  object: BootstrapObject,
): Promise<BootstrapObject | undefined> {
  try {
    return (await client.read({
      apiVersion: object.apiVersion,
      kind: object.kind,
      metadata: {
        name: object.metadata.name,
        namespace: object.metadata.namespace,
      },
    })) as unknown as BootstrapObject;
  } catch (error: any) {
    if (error?.code === 404) return undefined;
    throw kubernetesFailure(error, describe('get', object));
  }
}

function describe(verb: string, o: BootstrapObject) {
  return `${verb} ${o.kind} ${o.metadata.name}${
    o.metadata.namespace ? ` in namespace ${o.metadata.namespace}` : ''
  }`;
}

/**
 * Bootstraps a management cluster for the fleet: checks ArgoCD (installed,
 * 2.10 or later) and the Cluster API providers the fleet's specs need, then
 * applies, server-side, the fleet's AppProjects, ArgoCD's credentials for
 * the fleet repository and the `arlon-fleet` Application, each only when the
 * live object differs (compared first, so a second run applies nothing).
 * Nothing is applied when a check fails. Credentials are never in the
 * result or in an error.
 */
export async function bootstrapManagementCluster(
  kc: KubeConfig,
  options: BootstrapOptions,
): Promise<BootstrapResult> {
  let plan;
  try {
    const expected = {
      argocdNamespace: options.argocdNamespace,
      managementCluster: options.managementCluster,
    };
    const { repoUrl } = bootstrapObjects(options.files, undefined, expected);
    const credentials = await options.credentials?.(repoUrl);
    plan = bootstrapObjects(options.files, credentials, expected);
  } catch (error) {
    if (error instanceof BootstrapPlanError)
      throw new InputError(error.message);
    throw error;
  }
  const { fleet } = validateFleet(options.files);
  const capiVersion =
    compileOptionsOfGenerated(options.files).options?.capiVersion ??
    DEFAULT_CAPI_VERSION;
  const state = await readManagementState(kc, plan.argocdNamespace);
  const { ok, checks, clusterctl } = bootstrapChecks(
    state,
    // Only the providers of the clusters this management cluster builds.
    requiredClusterKinds(
      fleetOfTree(fleet, options.managementCluster),
      capiVersion,
    ),
  );
  const argocdInstalled = checks[0].ok;
  const client = KubernetesObjectApi.makeApiClient(kc);
  const steps: BootstrapStep[] = [];
  for (const object of plan.objects) {
    // Without ArgoCD (its CRDs, its namespace) there is nothing to read.
    const live = argocdInstalled ? await readLive(client, object) : undefined;
    steps.push({
      kind: object.kind,
      name: object.metadata.name,
      namespace: object.metadata.namespace,
      action: bootstrapAction(object, live),
      object: redacted(object),
    });
  }
  const dryRun = !!options.dryRun;
  let applied = false;
  if (ok && !dryRun)
    for (const [i, object] of plan.objects.entries()) {
      if (steps[i].action === 'unchanged') continue;
      try {
        await client.patch(
          object as KubernetesObject,
          undefined,
          undefined,
          BOOTSTRAP_FIELD_MANAGER,
          true,
          PatchStrategy.ServerSideApply,
        );
      } catch (error) {
        throw kubernetesFailure(error, describe('apply', object));
      }
      applied = true;
    }
  return { ok, checks, clusterctl, steps, applied, dryRun };
}
