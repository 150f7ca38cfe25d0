import {
  CoreV1Api,
  HttpMethod,
  KubeConfig,
  RbacAuthorizationV1Api,
  V1ClusterRole,
  V1PolicyRule,
  V1Secret,
} from '@kubernetes/client-node';
import { JsonClient, jsonClient, segment } from '../live/jsonClient';

/** Marks what Arlon created in a workload cluster: only that is ever updated or removed. */
export const MANAGED_BY = { 'app.kubernetes.io/managed-by': 'arlon' };

const isOurs = (labels?: Record<string, string>) =>
  labels?.['app.kubernetes.io/managed-by'] === 'arlon';

/** Whether a workload-cluster object carries Arlon's managed-by label. */
export const isArlonManaged = (object?: {
  metadata?: { labels?: Record<string, string> };
}) => isOurs(object?.metadata?.labels);

/**
 * A service account Arlon makes in a workload cluster (ArgoCD's, the
 * portal's read-only viewer): the account, a ClusterRole with its rules,
 * the binding, and a long-lived token Secret.
 */
export interface ServiceAccountSpec {
  name: string;
  namespace: string;
}

const RBAC = '/apis/rbac.authorization.k8s.io/v1';

const roleName = (account: ServiceAccountSpec) => `${account.name}-role`;
const bindingName = (account: ServiceAccountSpec) =>
  `${account.name}-role-binding`;
const tokenName = (account: ServiceAccountSpec) => `${account.name}-token`;

/** A token for an account, and the CA that the token's Secret says the cluster has. */
export interface AccountToken {
  bearerToken: string;
  /** The cluster's CA, base64 PEM, from the token Secret when it has one. */
  caData?: string;
}

/**
 * Creates `account` in the cluster `kc` reaches (idempotent: what exists is
 * kept; a ClusterRole Arlon made is brought to `rules`, one it did not make
 * is left alone) and waits for the token controller to fill in its token
 * Secret. A service-account-token Secret, not a TokenRequest: the token is
 * stored and must outlive any expiry; deleting the Secret revokes it.
 */
export async function createServiceAccountAccess(
  kc: KubeConfig,
  account: ServiceAccountSpec,
  rules: V1PolicyRule[],
  timeoutMs = 15_000,
): Promise<AccountToken> {
  // Made once per cluster by the thousand in a burst: over requestJson, not
  // the generated clients (see jsonClient).
  const request = jsonClient(kc);
  const { namespace } = account;
  const core = `/api/v1/namespaces/${segment(namespace)}`;
  const labels = MANAGED_BY;
  const create = (path: string, body: object) =>
    request({ method: HttpMethod.POST, path, body: JSON.stringify(body) });

  await ignoreConflict(
    create(`${core}/serviceaccounts`, {
      metadata: { name: account.name, labels },
    }),
  );
  await putClusterRole(request, roleName(account), rules);
  await ignoreConflict(
    create(`${RBAC}/clusterrolebindings`, {
      metadata: { name: bindingName(account), labels },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: roleName(account),
      },
      subjects: [{ kind: 'ServiceAccount', name: account.name, namespace }],
    }),
  );
  await ignoreConflict(
    create(`${core}/secrets`, {
      metadata: {
        name: tokenName(account),
        labels,
        annotations: { 'kubernetes.io/service-account.name': account.name },
      },
      type: 'kubernetes.io/service-account-token',
    }),
  );

  // The token controller fills the Secret in shortly after it is created.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const secret: V1Secret = await request({
      method: HttpMethod.GET,
      path: `${core}/secrets/${segment(tokenName(account))}`,
    });
    const token = secret.data?.token;
    if (typeof token === 'string' && token)
      return {
        bearerToken: Buffer.from(token, 'base64').toString('utf8'),
        caData:
          typeof secret.data?.['ca.crt'] === 'string'
            ? secret.data['ca.crt']
            : undefined,
      };
    if (Date.now() > deadline)
      throw new Error(
        `no token for service account ${namespace}/${account.name} after ${
          timeoutMs / 1000
        } s`,
      );
    await new Promise(r => setTimeout(r, 100));
  }
}

/** Creates the ClusterRole, or brings the one Arlon created before to `rules`. */
async function putClusterRole(
  request: JsonClient,
  name: string,
  rules: V1PolicyRule[],
) {
  try {
    await request({
      method: HttpMethod.POST,
      path: `${RBAC}/clusterroles`,
      body: JSON.stringify({ metadata: { name, labels: MANAGED_BY }, rules }),
    });
  } catch (error: any) {
    if (error?.code !== 409) throw error;
    const path = `${RBAC}/clusterroles/${segment(name)}`;
    const existing: V1ClusterRole = await request({
      method: HttpMethod.GET,
      path,
    });
    if (!isOurs(existing.metadata?.labels)) return;
    await request({
      method: HttpMethod.PUT,
      path,
      body: JSON.stringify({ ...existing, rules }),
    });
  }
}

/** One object of an account: its name for people, how to read and delete it. */
export interface AccountObject {
  what: string;
  read(): Promise<{ metadata?: { labels?: Record<string, string> } }>;
  remove(): Promise<unknown>;
}

/** The objects createServiceAccountAccess makes, reached through `kc`; each revocation picks its order. */
export function serviceAccountObjects(
  kc: KubeConfig,
  account: ServiceAccountSpec,
): Record<'serviceAccount' | 'binding' | 'role' | 'token', AccountObject> {
  const core = kc.makeApiClient(CoreV1Api);
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  const { name, namespace } = account;
  return {
    serviceAccount: {
      what: `ServiceAccount ${namespace}/${name}`,
      read: () => core.readNamespacedServiceAccount({ name, namespace }),
      remove: () => core.deleteNamespacedServiceAccount({ name, namespace }),
    },
    binding: {
      what: `ClusterRoleBinding ${bindingName(account)}`,
      read: () => rbac.readClusterRoleBinding({ name: bindingName(account) }),
      remove: () =>
        rbac.deleteClusterRoleBinding({ name: bindingName(account) }),
    },
    role: {
      what: `ClusterRole ${roleName(account)}`,
      read: () => rbac.readClusterRole({ name: roleName(account) }),
      remove: () => rbac.deleteClusterRole({ name: roleName(account) }),
    },
    token: {
      what: `Secret ${namespace}/${tokenName(account)}`,
      read: () =>
        core.readNamespacedSecret({ name: tokenName(account), namespace }),
      remove: () =>
        core.deleteNamespacedSecret({ name: tokenName(account), namespace }),
    },
  };
}

/**
 * Deletes the token Secret (which revokes the token), the binding, the
 * ClusterRole and the service account, with an admin's access (`kc`). Only
 * objects carrying Arlon's managed-by label are deleted. Returns what it deleted.
 */
export async function revokeServiceAccountAccess(
  kc: KubeConfig,
  account: ServiceAccountSpec,
): Promise<string[]> {
  const objects = serviceAccountObjects(kc, account);
  const deleted: string[] = [];
  for (const key of ['token', 'binding', 'role', 'serviceAccount'] as const) {
    const { what, read, remove } = objects[key];
    const object = await read().catch(ignore404);
    if (!object || !isOurs(object.metadata?.labels)) continue;
    await remove().catch(ignore404);
    deleted.push(what);
  }
  return deleted;
}

function ignore404(error: any): undefined {
  if (error?.code !== 404) throw error;
  return undefined;
}

async function ignoreConflict(work: Promise<unknown>) {
  try {
    await work;
  } catch (error: any) {
    if (error?.code !== 409) throw error;
  }
}
