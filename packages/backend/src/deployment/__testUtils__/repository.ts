import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';

/** The repository's root: the Docker build context and where deploy/ and docs/ are. */
export const REPO_ROOT = path.resolve(__dirname, '../../../../..');

export const repoPath = (...parts: string[]) => path.join(REPO_ROOT, ...parts);

export const readRepoFile = (...parts: string[]) =>
  fs.readFileSync(repoPath(...parts), 'utf8');

/** Every YAML document in a text, empty (comment-only) ones left out. */
export function yamlDocuments(text: string): any[] {
  return parseAllDocuments(text)
    .map(doc => {
      if (doc.errors.length) throw doc.errors[0];
      return doc.toJS();
    })
    .filter(doc => doc !== null && doc !== undefined);
}

const run = promisify(execFile);

/** The machine's kubectl, as an operator runs it. */
export async function kubectl(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return (await run('kubectl', args, { env, maxBuffer: 16 * 1024 * 1024 }))
    .stdout;
}

/** deploy/portal as `kubectl apply -k deploy/portal` sends it. */
export async function renderPortalManifests(): Promise<any[]> {
  return yamlDocuments(await kubectl(['kustomize', repoPath('deploy/portal')]));
}

/**
 * The environment variables a config file substitutes, split into those
 * without a default (`${NAME}`) and those with one (`${NAME:-default}`).
 */
export function configVariables(text: string): {
  required: Set<string>;
  defaulted: Set<string>;
} {
  const required = new Set<string>();
  const defaulted = new Set<string>();
  // Comment lines may show examples; only values count.
  const values = text
    .split('\n')
    .filter(line => !line.trim().startsWith('#'))
    .join('\n');
  for (const [, name, fallback] of values.matchAll(
    /\$\{([A-Z0-9_]+)(:-[^}]*)?\}/g,
  )) {
    (fallback ? defaulted : required).add(name);
  }
  return { required, defaulted };
}
