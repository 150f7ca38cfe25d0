import { WITHHELD_SECRET } from '@arlon-backstage/plugin-arlon-common';
/** What a template would commit, read from the scaffolder's dry-run log. */
export interface CommitPreview {
  /** `create arlon/clusters/qa-1.yaml`, … */
  files: string[];
  /** The error of a step that would fail (validation problems, a denied permission…). */
  problem?: string;
}

const FILE_LINE = /^(create|update|delete) \S+$/;

/** Errors a step throws for the answers themselves: the user can fix these. */
const REFUSALS = new Set([
  'InputError',
  'NotAllowedError',
  'ConflictError',
  'NotFoundError',
]);

/**
 * Pure: the problem in a dry run the scaffolder refused. A step that throws
 * (an Arlon action's validation error, a denied permission) does not end in
 * a failed log: the dry-run request is answered 400/403 with the error as
 * JSON, which the client raises as "Request failed with 400 Bad Request".
 * The error's own message (e.g. `bundles/x/manifests.yaml:1:1: …`) is what
 * the user must fix; any other failure is not about the answers: undefined.
 */
export function problemOfRefusedDryRun(error: unknown): string | undefined {
  const refused = (
    error as { body?: { error?: { name?: unknown; message?: unknown } } }
  )?.body?.error;
  if (typeof refused?.name !== 'string' || !REFUSALS.has(refused.name))
    return undefined;
  return typeof refused.message === 'string' && refused.message
    ? refused.message
    : undefined;
}

/**
 * Pure: the files and the failure a dry run reports. The Arlon actions log
 * each file they would write as `<action> <path>`; a failing step logs its
 * error, which the scaffolder prefixes with `Error: `.
 */
export function commitPreviewFromLog(
  log: Array<{ body: { message?: string; status?: string } }>,
): CommitPreview {
  const messages = log.map(l => l.body.message ?? '');
  const lines = messages
    .flatMap(m => m.split('\n'))
    .map(l => stripLevel(l).trim());
  const failed = log.some(l => l.body.status === 'failed');
  const error = messages.find(m => /\bError: /.test(m));
  return {
    files: [...new Set(lines.filter(l => FILE_LINE.test(l)))],
    ...(failed || error
      ? {
          problem: error
            ? error.slice(error.indexOf('Error: ') + 7)
            : 'The dry run failed',
        }
      : {}),
  };
}

/** Log lines may carry a level prefix with terminal colours (`info: …`). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function stripLevel(line: string): string {
  return line
    .replace(ANSI_COLOUR, '')
    .replace(/^(info|warn|error|debug): /, '');
}

export { WITHHELD_SECRET };

/**
 * Pure: a placeholder for every secret the template's form asks for (fields
 * with `ui:field: Secret`, in any page or conditional branch), so a dry run
 * gets past "missing input" without the browser sending a secret anywhere.
 */
export function secretPlaceholders(
  parameters: unknown,
): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const { properties } = node as { properties?: Record<string, any> };
      for (const [key, field] of Object.entries(properties ?? {}))
        if (field?.['ui:field'] === 'Secret') found[key] = WITHHELD_SECRET;
      Object.values(node).forEach(visit);
    }
  };
  visit(parameters);
  return found;
}

/**
 * Pure: the dry run's workspace, where the actions put the definitions a
 * commit would write, as text by path (base64 of UTF-8 in the response).
 */
export function previewContents(
  directoryContents: Array<{ path: string; base64Content: string }> = [],
): Record<string, string> {
  const utf8 = new TextDecoder();
  return Object.fromEntries(
    directoryContents.map(f => [
      f.path,
      utf8.decode(Uint8Array.from(atob(f.base64Content), c => c.charCodeAt(0))),
    ]),
  );
}
