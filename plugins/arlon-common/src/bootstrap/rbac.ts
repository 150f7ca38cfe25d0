/**
 * The least privilege the portal's own service account needs on a management
 * cluster, as RBAC objects (`arlon bootstrap --print-rbac`, the deployment's
 * manifests, and the tests that run the backend with nothing more).
 *
 * Each rule names the code that needs it; docs/rbac.md explains them line by
 * line. Workload clusters are not covered: the portal reaches them with the
 * credentials it is given (a CAPI kubeconfig, an import's admin kubeconfig,
 * ArgoCD's token), never with this account.
 */

/** An RBAC policy rule, as Kubernetes spells it. */
export interface RbacRule {
  /** API groups (`''` is the core group). */
  apiGroups?: string[];
  /** Resource plurals. */
  resources?: string[];
  /** Only these objects (get, patch, update, delete; never list or create). */
  resourceNames?: string[];
  /** Paths that are not resources (discovery, `/version`). */
  nonResourceURLs?: string[];
  /** What may be done. */
  verbs: string[];
}

/** A ClusterRole, Role, or one of their bindings: plain data, ready to apply. */
export interface RbacObject {
  /** Always RBAC v1. */
  apiVersion: 'rbac.authorization.k8s.io/v1';
  /** Which of the four. */
  kind: 'ClusterRole' | 'Role' | 'ClusterRoleBinding' | 'RoleBinding';
  /** Name, namespace (Role and RoleBinding) and Arlon's label. */
  metadata: {
    name: string;
    namespace?: string;
    labels: Record<string, string>;
  };
  /** A role's rules. */
  rules?: RbacRule[];
  /** A binding's role. */
  roleRef?: { apiGroup: string; kind: string; name: string };
  /** A binding's service account. */
  subjects?: Array<{ kind: string; name: string; namespace: string }>;
}

/** Where the portal runs and what it may do, for {@link portalClusterRole}. */
export interface PortalRbacOptions {
  /** The portal's service account. Default `arlon/arlon-portal`. */
  serviceAccount?: { name: string; namespace: string };
  /** Where ArgoCD runs on this management cluster. Default `argocd`. */
  argocdNamespace?: string;
  /**
   * Also grant what the portal's own bootstrap action (POST /bootstrap)
   * writes: the fleet's AppProjects, and creating Applications. Default
   * true; false when an administrator bootstraps with the CLI and the
   * portal should never create ArgoCD objects.
   */
  bootstrap?: boolean;
}

/** The portal's RBAC objects. */
export interface PortalRbac {
  /** What the portal reads across namespaces. */
  clusterRole: RbacObject;
  /** One Role, in the ArgoCD namespace. */
  roles: RbacObject[];
  /** Binds the ClusterRole to the service account. */
  clusterRoleBinding: RbacObject;
  /** Bind each Role to the service account. */
  roleBindings: RbacObject[];
  /** All of the above, roles first: the order to apply them. */
  objects: RbacObject[];
}

/** Name of the portal's ClusterRole, Role and bindings. */
export const PORTAL_ROLE_NAME = 'arlon-portal';
/** The service account the deployment runs the portal as. */
export const DEFAULT_PORTAL_SERVICE_ACCOUNT = {
  name: 'arlon-portal',
  namespace: 'arlon',
};
/** The AppProjects the generated tree defines (generated/argocd/projects). */
export const FLEET_APP_PROJECTS = ['arlon-bundles', 'arlon-clusters'];
/** The ArgoCD Deployments whose image tag tells ArgoCD's version. */
export const ARGOCD_VERSION_DEPLOYMENTS = [
  'argocd-applicationset-controller',
  'argocd-server',
];

const RBAC = 'rbac.authorization.k8s.io/v1';
const LABELS = { 'app.kubernetes.io/part-of': 'arlon' };
const READ = ['get', 'list', 'watch'];

/** What the portal reads cluster-wide: CAPI objects and kubeconfigs live in one namespace per cluster. */
function clusterRules(argocdNamespace: string): RbacRule[] {
  return [
    // FleetInformers.capiClusters: every cluster's phase, in every namespace.
    {
      apiGroups: ['cluster.x-k8s.io'],
      resources: ['clusters'],
      verbs: ['list', 'watch'],
    },
    // FleetInformers.kubeconfigSecrets: `<cluster>-kubeconfig` in each
    // cluster's namespace. RBAC cannot name a pattern or a label, so this is
    // list/watch on every Secret; the list asks for the CAPI label and the
    // informer drops all but `<cluster>-kubeconfig` before caching. No `get`.
    { apiGroups: [''], resources: ['secrets'], verbs: ['list', 'watch'] },
    // verifyManagementCluster and bootstrap: which ArgoCD and Cluster API
    // providers are installed (CRDs served).
    {
      apiGroups: ['apiextensions.k8s.io'],
      resources: ['customresourcedefinitions'],
      verbs: ['get', 'list'],
    },
    // verifyManagementCluster: ArgoCD's namespace exists. Only that one.
    {
      apiGroups: [''],
      resources: ['namespaces'],
      resourceNames: [argocdNamespace],
      verbs: ['get'],
    },
    // ManagementCluster.probe (/version) and LiveCluster's discovery
    // (ServedClusterKinds). Kubernetes grants these to every authenticated
    // user (system:discovery); repeated so the role stands alone.
    {
      nonResourceURLs: ['/version', '/api', '/api/*', '/apis', '/apis/*'],
      verbs: ['get'],
    },
  ];
}

/** What the portal reads and writes in ArgoCD's namespace, and nowhere else. */
function argocdRules(bootstrap: boolean): RbacRule[] {
  const rules: RbacRule[] = [
    // FleetInformers (status, health, diff's tracked resources),
    // bundleApplications (ordered deletion); patch: the sync and refresh
    // actions (clusterActionsRouter), and bootstrap's arlon-fleet.
    {
      apiGroups: ['argoproj.io'],
      resources: ['applications'],
      verbs: [...READ, 'patch'],
    },
    // FleetInformers.applicationSets: the profiles' generated ApplicationSets.
    {
      apiGroups: ['argoproj.io'],
      resources: ['applicationsets'],
      verbs: READ,
    },
    // ArgoCD cluster Secrets (`cluster-<name>`: registration creates them,
    // keeps their profile labels, deletion annotates and deletes them, import
    // adopts them), viewer Secrets (`arlon-viewer-<name>`, replaced when a
    // token is renewed) and the fleet repository's credentials (bootstrap).
    // Names vary per cluster, and create cannot be limited by name.
    {
      apiGroups: [''],
      resources: ['secrets'],
      verbs: [...READ, 'create', 'update', 'patch', 'delete'],
    },
    // Bootstrap's check of ArgoCD's version: the image tag of these two only.
    {
      apiGroups: ['apps'],
      resources: ['deployments'],
      resourceNames: ARGOCD_VERSION_DEPLOYMENTS,
      verbs: ['get'],
    },
  ];
  if (bootstrap)
    rules.push(
      // Bootstrap compares before applying, then applies the fleet's
      // AppProjects (server-side apply is a patch, and a create when new).
      {
        apiGroups: ['argoproj.io'],
        resources: ['appprojects'],
        resourceNames: FLEET_APP_PROJECTS,
        verbs: ['get', 'patch'],
      },
      // Server-side apply of an object that does not exist yet is authorised
      // as create too (arlon-fleet, the AppProjects on a new cluster).
      // Kubernetes cannot limit create by name.
      {
        apiGroups: ['argoproj.io'],
        resources: ['applications', 'appprojects'],
        verbs: ['create'],
      },
    );
  return rules;
}

/**
 * The portal service account's ClusterRole, its Role in ArgoCD's namespace,
 * and their bindings: exactly what the backend's code reads and writes on a
 * management cluster.
 */
export function portalClusterRole(options: PortalRbacOptions = {}): PortalRbac {
  const argocdNamespace = options.argocdNamespace ?? 'argocd';
  const account = options.serviceAccount ?? DEFAULT_PORTAL_SERVICE_ACCOUNT;
  const subjects = [{ kind: 'ServiceAccount', ...account }];
  const clusterRole: RbacObject = {
    apiVersion: RBAC,
    kind: 'ClusterRole',
    metadata: { name: PORTAL_ROLE_NAME, labels: LABELS },
    rules: clusterRules(argocdNamespace),
  };
  const role: RbacObject = {
    apiVersion: RBAC,
    kind: 'Role',
    metadata: {
      name: PORTAL_ROLE_NAME,
      namespace: argocdNamespace,
      labels: LABELS,
    },
    rules: argocdRules(options.bootstrap ?? true),
  };
  const clusterRoleBinding: RbacObject = {
    apiVersion: RBAC,
    kind: 'ClusterRoleBinding',
    metadata: { name: PORTAL_ROLE_NAME, labels: LABELS },
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: PORTAL_ROLE_NAME,
    },
    subjects,
  };
  const roleBinding: RbacObject = {
    apiVersion: RBAC,
    kind: 'RoleBinding',
    metadata: {
      name: PORTAL_ROLE_NAME,
      namespace: argocdNamespace,
      labels: LABELS,
    },
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: PORTAL_ROLE_NAME,
    },
    subjects,
  };
  return {
    clusterRole,
    roles: [role],
    clusterRoleBinding,
    roleBindings: [roleBinding],
    objects: [clusterRole, role, clusterRoleBinding, roleBinding],
  };
}
