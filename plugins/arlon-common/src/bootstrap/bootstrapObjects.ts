import { parseAllDocuments } from 'yaml';
import { GENERATED_ROOT } from '../compiler/compileFleet';
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
 * from the generated tree ArgoCD will sync.
 */
export function bootstrapObjects(
  files: Record<string, string>,
  credentials: RepositoryCredentials | undefined,
): { objects: BootstrapObject[]; repoUrl: string; argocdNamespace: string } {
  const appText = files[BOOTSTRAP_APPLICATION_FILE];
  if (appText === undefined)
    throw new BootstrapPlanError(
      `${BOOTSTRAP_APPLICATION_FILE} is missing from the fleet repository: regenerate it (arlon regenerate, or POST /api/arlon/regenerate) and push`,
    );
  const app = objectsIn(appText, BOOTSTRAP_APPLICATION_FILE).find(
    o => o.kind === 'Application' && o.metadata.name === 'arlon-fleet',
  );
  const source = (app?.spec as any)?.source;
  if (!app || typeof source?.repoURL !== 'string')
    throw new BootstrapPlanError(
      `${BOOTSTRAP_APPLICATION_FILE} holds no arlon-fleet Application with spec.source.repoURL: regenerate it`,
    );
  const argocdNamespace = app.metadata.namespace ?? 'argocd';
  const projects = Object.keys(files)
    .filter(f => f.startsWith(APP_PROJECTS_DIR) && f.endsWith('.yaml'))
    .sort()
    .flatMap(f => objectsIn(files[f], f))
    .filter(o => o.kind === 'AppProject');
  if (!projects.length)
    throw new BootstrapPlanError(
      `${APP_PROJECTS_DIR} holds no AppProject: regenerate the generated tree`,
    );
  return {
    objects: [
      ...projects,
      ...(credentials
        ? [repositorySecret(source.repoURL, credentials, argocdNamespace)]
        : []),
      app,
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
