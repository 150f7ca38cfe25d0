import type { FleetFiles } from '../model/Fleet';
import { bootstrapApplicationIn } from './bootstrapApplication';
import type { Problem } from '../validation/Problem';
import { isCapiVersion } from '../providers/capi/version';
import {
  CAPI_VERSION_ANNOTATION,
  CompileOptions,
  GENERATED_ROOT,
} from './compileFleet';
import { planFleetEdit } from './planFleetEdit';

/** The generated file that records where ArgoCD reads the fleet from. */
export const BOOTSTRAP_FILE = `${GENERATED_ROOT}/bootstrap/arlon-fleet.yaml`;

/** One generated file that differs from what the definitions compile to. */
export interface StaleFile {
  path: string;
  /** What regenerating does to it. */
  action: 'create' | 'update' | 'delete';
}

export interface GeneratedDrift {
  /** Problems of the definitions; when any, nothing is compiled and `changes` is empty. */
  problems: Problem[];
  /** What makes `generated/` what the definitions compile to: content, or null to delete. */
  changes: Record<string, string | null>;
  /** The same, as paths and actions, sorted by path. */
  stale: StaleFile[];
}

/**
 * Pure: whether the generated tree of `files` is what their definitions
 * compile to, and if not, the file changes that make it so. It is the plan
 * of an empty edit (planFleetEdit with no edits), which is what the portal's
 * POST /regenerate commits: one compiler, one notion of "current".
 *
 * When the definitions have problems nothing is compiled (changes empty): a
 * broken definition must never make generated files disappear.
 */
export function generatedDrift(
  files: FleetFiles,
  options: CompileOptions,
): GeneratedDrift {
  const { changes, problems } = planFleetEdit(files, [], options);
  const stale = Object.keys(changes)
    .sort()
    .map(path => ({
      path,
      action: actionOf(files[path], changes[path]),
    }));
  return { problems, changes, stale };
}

function actionOf(
  current: string | undefined,
  next: string | null,
): StaleFile['action'] {
  if (next === null) return 'delete';
  return current === undefined ? 'create' : 'update';
}

/** A clone URL or branch: printable, no spaces, of sane length. */
// eslint-disable-next-line no-control-regex
const PLAIN_VALUE = /^[^\s\u0000-\u001f\u007f]{1,2048}$/;

/**
 * Pure: the compile options the generated tree was made with, read from its
 * bootstrap Application (`spec.source.repoURL`, `targetRevision`, its
 * namespace, and the Cluster API version annotation when it is one of
 * CAPI_VERSIONS), so a checkout can be recompiled without being told where it
 * lives. Undefined options with a reason when the file is missing or does
 * not say; the file is data from a repository, so nothing else of it is
 * used, and an alias bomb is a reason, not a crash.
 */
export function compileOptionsOfGenerated(
  files: FleetFiles,
): { options: CompileOptions } | { options?: undefined; reason: string } {
  const text = files[BOOTSTRAP_FILE];
  if (text === undefined) return { reason: `${BOOTSTRAP_FILE} is missing` };
  const read = bootstrapApplicationIn(text, BOOTSTRAP_FILE);
  if (read.unreadable)
    return { reason: `${BOOTSTRAP_FILE} is not readable YAML` };
  const app = read.application;
  if (!app)
    return {
      reason: `${BOOTSTRAP_FILE} holds no Application named arlon-fleet`,
    };
  const repoUrl = app.spec?.source?.repoURL;
  const revision = app.spec?.source?.targetRevision;
  // metadata exists: the Application was found by its metadata.name.
  const namespace = app.metadata.namespace;
  // Absent from trees compiled before it was recorded: those are v1beta1.
  const capiVersion = app.metadata.annotations?.[CAPI_VERSION_ANNOTATION];
  for (const [field, value] of [
    ['spec.source.repoURL', repoUrl],
    ['spec.source.targetRevision', revision],
  ] as const) {
    if (typeof value !== 'string' || !PLAIN_VALUE.test(value))
      return {
        reason: `${BOOTSTRAP_FILE} has no usable ${field} (a string without spaces)`,
      };
  }
  return {
    options: {
      repoUrl,
      revision,
      ...(typeof namespace === 'string' &&
      /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(namespace)
        ? { argocdNamespace: namespace }
        : {}),
      ...(isCapiVersion(capiVersion) ? { capiVersion } : {}),
    },
  };
}
