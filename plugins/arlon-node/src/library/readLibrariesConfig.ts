import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

/**
 * One library repository (`arlon.libraries[]`): read-only, pinned to a
 * revision (a tag or a full commit) or following a branch.
 *
 * @public
 */
export interface LibraryConfig {
  name: string;
  url: string;
  /** What the library is read at: a fixed tag or commit, or a branch's head at each poll. */
  pin: { revision: string } | { branch: string };
}

const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** A full commit id (SHA-1 or SHA-256). */
export const COMMIT_ID = /^([0-9a-f]{40}|[0-9a-f]{64})$/;
/**
 * A branch or tag name Git accepts (git check-ref-format) and no more:
 * never a leading '-' (it would read as an option to a Git program), no
 * '..', '@{', control characters, spaces, '~^:?*[\\' or a '.lock' or '/'
 * at the end.
 */
const REF_NAME =
  /^(?!-)(?!.*\.\.)(?!.*@\{)(?!.*\/\/)(?!.*\/\.)(?!\.)[A-Za-z0-9._\-/]+(?<![./])(?<!\.lock)$/;
const MAX_REF_LENGTH = 255;

/**
 * Reads `arlon.libraries`. Every mistake fails at start-up naming the key:
 * a library URL goes into the generated manifests ArgoCD reads, so it must
 * never carry credentials (they come from `integrations`, as the fleet
 * repository's do).
 */
export function readLibrariesConfig(root: Config): LibraryConfig[] {
  const entries = root.getOptionalConfigArray('arlon.libraries') ?? [];
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const key = `arlon.libraries[${index}]`;
    const name = entry.getString('name');
    if (name.length > 63 || !NAME.test(name))
      throw new InputError(
        `${key}.name "${name.slice(
          0,
          64,
        )}" must be at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit: it is the part before the "/" of "<library>/<bundle>"`,
      );
    if (seen.has(name))
      throw new InputError(
        `arlon.libraries has two entries named "${name}"; names must be unique`,
      );
    seen.add(name);
    const url = libraryUrl(entry.getString('url'), `${key}.url`);
    const revision = entry.getOptionalString('revision');
    const branch = entry.getOptionalString('branch');
    if ((revision === undefined) === (branch === undefined))
      throw new InputError(
        `${key} must set exactly one of revision (a tag or full commit: the library stays there) and branch (its head is followed)`,
      );
    if (revision !== undefined)
      return {
        name,
        url,
        pin: { revision: refName(revision, `${key}.revision`) },
      };
    return { name, url, pin: { branch: refName(branch!, `${key}.branch`) } };
  });
}

function libraryUrl(value: string, key: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`${key} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InputError(
      `${key} must be an http or https URL (Git's smart HTTP protocol); file:, ssh:, ext:: and other transports are refused`,
    );
  if (url.username || url.password)
    throw new InputError(
      `${key} must not carry a user name or password: it is written into the generated manifests. Give credentials under integrations, as for arlon.fleetRepo.url`,
    );
  if (url.search || url.hash || /[\s"'{}\\<>`]/.test(value))
    throw new InputError(
      `${key} must be a plain clone URL: no query, fragment, spaces, quotes, braces or backslashes`,
    );
  return value.replace(/\/+$/, '');
}

function refName(value: string, key: string): string {
  if (
    value.length > MAX_REF_LENGTH ||
    !(COMMIT_ID.test(value) || REF_NAME.test(value))
  )
    throw new InputError(
      `${key} "${value.slice(
        0,
        64,
      )}" is not a Git branch, tag or full commit id: letters, digits, '.', '_', '-' and '/', not starting with '-' or '.', without '..'`,
    );
  return value;
}
