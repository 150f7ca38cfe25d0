import { parseAllDocuments } from 'yaml';
import { GENERATED_ROOT } from '../compiler/compileFleet';
import { bootstrapTree, PLACED_TREES_ROOT } from '../compiler/placement';
import { documentData } from '../model/yamlData';

/** An object bootstrap applies (AppProject, Secret, Application): plain data. */
export interface BootstrapObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

/** HTTP basic credentials ArgoCD uses to clone the fleet repository. */
export interface RepositoryCredentials {
  username: string;
  password: string;
}

export const BOOTSTRAP_APPLICATION_FILE = `${GENERATED_ROOT}/bootstrap/arlon-fleet.yaml`;
export const APP_PROJECTS_DIR = `${GENERATED_ROOT}/argocd/projects/`;
/** The name of ArgoCD's repository Secret for the fleet repository. */
export const REPOSITORY_SECRET_NAME = 'arlon-fleet-repository';
/** Shown instead of a credential, in dry runs and reports. */
export const REDACTED = '<redacted>';

/** Why bootstrap cannot plan: the generated tree lacks what it applies. */
export class BootstrapPlanError extends Error {}

function objectsIn(text: string, file: string): BootstrapObject[] {
  return parseAllDocuments(text)
    .map(doc => {
      if (doc.errors.length)
        throw new BootstrapPlanError(
          `${file}: ${doc.errors[0].message.split('\n')[0]}`,
        );
      return documentData(doc, file) as BootstrapObject;
    })
    .filter(o => o && typeof o === 'object' && o.kind && o.metadata?.name);
}

const ARGOCD_API_VERSION = 'argoproj.io/v1alpha1';
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

function describeObject(o: BootstrapObject): string {
  return `${String(o.kind).slice(0, 64)} ${JSON.stringify(
    String(o.metadata.name).slice(0, 100),
  )}`;
}

/** An ArgoCD object of the fleet's, or a plan error naming the file and what is wrong. */
function refuseUnexpected(
  o: BootstrapObject,
  file: string,
  argocdNamespace: string,
): void {
  if (o.apiVersion !== ARGOCD_API_VERSION)
    throw new BootstrapPlanError(
      `${file}: ${describeObject(o)} has apiVersion ${JSON.stringify(
        String(o.apiVersion).slice(0, 100),
      )}, not ${ARGOCD_API_VERSION}: regenerate the tree`,
    );
  const ns = o.metadata.namespace ?? argocdNamespace;
  if (ns !== argocdNamespace)
    throw new BootstrapPlanError(
      `${file}: ${describeObject(o)} is in namespace ${JSON.stringify(
        String(ns).slice(0, 100),
      )}, not ArgoCD's (${argocdNamespace}): bootstrap applies only into ArgoCD's namespace; regenerate the tree`,
    );
}

/** ArgoCD's repository Secret for the fleet repository (declarative setup: `secret-type: repository`). */
export function repositorySecret(
  url: string,
  credentials: RepositoryCredentials,
  namespace: string,
): BootstrapObject {
  // btoa takes bytes as Latin-1 characters: encode UTF-8 first (browser and node alike).
  const b64 = (s: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(s)));
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: REPOSITORY_SECRET_NAME,
      namespace,
      labels: {
        'argocd.argoproj.io/secret-type': 'repository',
        'app.kubernetes.io/part-of': 'arlon',
      },
    },
    type: 'Opaque',
    data: {
      type: b64('git'),
      url: b64(url),
      username: b64(credentials.username),
      password: b64(credentials.password),
    },
  };
}

/**
 * Pure: what bootstrap applies, in order: the fleet's AppProjects (so the
 * first sync's Applications find them), ArgoCD's credentials for the fleet
 * repository (when it needs any), and the `arlon-fleet` Application, all
 * from the generated tree ArgoCD will sync: the default tree, or the named
 * management cluster's (see placement.ts).
 */
export function bootstrapObjects(
  files: Record<string, string>,
  credentials: RepositoryCredentials | undefined,
  expected: {
    argocdNamespace?: string;
    /**
     * The management cluster whose tree to apply, by the name clusters give
     * it in `spec.managementCluster`; absent, the default tree.
     */
    managementCluster?: string;
  } = {},
): { objects: BootstrapObject[]; repoUrl: string; argocdNamespace: string } {
  const placed = expected.managementCluster;
  // A name from a flag or config becomes a path: a DNS label, or nothing.
  if (placed !== undefined && !DNS_LABEL.test(placed))
    throw new BootstrapPlanError(
      `management cluster ${JSON.stringify(
        placed.slice(0, 100),
      )} is not a management cluster name (lower-case letters, digits and '-', at most 63 characters)`,
    );
  const tree = bootstrapTree(placed);
  const appFile = tree.bootstrapFile;
  const projectsDir = `${tree.argocdDir}/projects/`;
  const appText = files[appFile];
  if (appText === undefined && placed !== undefined)
    throw new BootstrapPlanError(
      `no cluster names management cluster "${placed}" (spec.managementCluster), so the fleet has no tree for it (${PLACED_TREES_ROOT}/${placed}/): place a cluster on it and regenerate, or bootstrap the default management cluster`,
    );
  if (appText === undefined)
    throw new BootstrapPlanError(
      `${appFile} is missing from the fleet repository: regenerate it (arlon regenerate, or POST /api/arlon/regenerate) and push`,
    );
  const app = objectsIn(appText, appFile).find(
    o => o.kind === 'Application' && o.metadata.name === 'arlon-fleet',
  );
  const source = (app?.spec as any)?.source;
  if (!app || typeof source?.repoURL !== 'string')
    throw new BootstrapPlanError(
      `${appFile} holds no arlon-fleet Application with spec.source.repoURL: regenerate it`,
    );
  const argocdNamespace = app.metadata.namespace ?? 'argocd';
  if (typeof argocdNamespace !== 'string' || !DNS_LABEL.test(argocdNamespace))
    throw new BootstrapPlanError(
      `${appFile}: arlon-fleet's metadata.namespace must be a namespace name (a DNS label), not ${JSON.stringify(
        String(argocdNamespace).slice(0, 100),
      )}: regenerate it`,
    );
  // The repository's files choose nothing but ArgoCD's own objects in
  // ArgoCD's namespace: bootstrap applies them with the operator's (or the
  // portal's) power, and the repository Secret goes where the Application is.
  refuseUnexpected(app, appFile, argocdNamespace);
  if (
    expected.argocdNamespace !== undefined &&
    argocdNamespace !== expected.argocdNamespace
  )
    throw new BootstrapPlanError(
      `${appFile}: arlon-fleet is in namespace ${JSON.stringify(
        argocdNamespace.slice(0, 100),
      )}, but ArgoCD on this management cluster is in ${JSON.stringify(
        expected.argocdNamespace,
      )}: regenerate the tree with that ArgoCD namespace (or say where ArgoCD is)`,
    );
  const projects = Object.keys(files)
    .filter(f => f.startsWith(projectsDir) && f.endsWith('.yaml'))
    .sort()
    .flatMap(f =>
      objectsIn(files[f], f).map(o => {
        if (o.kind !== 'AppProject')
          throw new BootstrapPlanError(
            `${f}: ${describeObject(
              o,
            )} is not an AppProject: bootstrap applies only AppProjects from ${projectsDir}; remove it and regenerate`,
          );
        refuseUnexpected(o, f, argocdNamespace);
        // Explicit, so the client does not apply it into "default".
        return {
          ...o,
          metadata: { ...o.metadata, namespace: argocdNamespace },
        };
      }),
    );
  if (!projects.length)
    throw new BootstrapPlanError(
      `${projectsDir} holds no AppProject: regenerate the generated tree`,
    );
  return {
    objects: [
      ...projects,
      ...(credentials
        ? [repositorySecret(source.repoURL, credentials, argocdNamespace)]
        : []),
      { ...app, metadata: { ...app.metadata, namespace: argocdNamespace } },
    ],
    repoUrl: source.repoURL,
    argocdNamespace,
  };
}

/** Pure: a copy with every Secret value replaced by {@link REDACTED}: what may be printed. */
export function redacted(object: BootstrapObject): BootstrapObject {
  if (object.kind !== 'Secret') return object;
  const mask = (values: unknown) =>
    values && typeof values === 'object'
      ? Object.fromEntries(Object.keys(values).map(k => [k, REDACTED]))
      : values;
  const copy: BootstrapObject = { ...object };
  if ('data' in copy) copy.data = mask(copy.data);
  if ('stringData' in copy) copy.stringData = mask(copy.stringData);
  return copy;
}

/** What applying an object would do to the live one. */
export type BootstrapAction = 'create' | 'update' | 'unchanged';

function contains(live: unknown, desired: unknown): boolean {
  if (desired === null || typeof desired !== 'object') return live === desired;
  if (Array.isArray(desired))
    return (
      Array.isArray(live) &&
      live.length === desired.length &&
      desired.every((d, i) => contains(live[i], d))
    );
  if (!live || typeof live !== 'object' || Array.isArray(live)) return false;
  return Object.entries(desired).every(([k, v]) =>
    contains((live as Record<string, unknown>)[k], v),
  );
}

/**
 * Pure: whether applying `desired` changes `live`. Every field bootstrap
 * sets must already hold its value (fields the API server or controllers
 * add, status included, do not count): the comparison made before applying,
 * so a second run applies nothing.
 */
export function bootstrapAction(
  desired: BootstrapObject,
  live: BootstrapObject | undefined,
): BootstrapAction {
  if (!live) return 'create';
  const { metadata, ...rest } = desired;
  const same =
    contains(live.metadata?.labels ?? {}, metadata.labels ?? {}) &&
    contains(live.metadata?.annotations ?? {}, metadata.annotations ?? {}) &&
    contains(live, rest);
  return same ? 'unchanged' : 'update';
}
