import type { z } from 'zod';
import { requestProblems } from './problems';
import {
  clusterImportRequestSchema,
  clusterUnregisterRequestSchema,
  profileAssignmentRequestSchema,
} from './clusterActions';
import {
  definitionIdentitySchema,
  definitionJsonBodySchema,
  definitionNameSchema,
} from './definitions';
import { writeQuerySchema } from './common';

/** The one-line answer a route gives for a body, or 'ok'. */
const answer = (schema: z.ZodType<unknown, unknown>, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? 'ok' : requestProblems(result.error);
};

const PROFILES = 'Send "profiles": a non-empty list of profile names';
const TARGETS =
  'Send either "clusters" (a list of names) or "selector" (a label selector such as env=prod), not both';

describe('profile assignment requests (POST /profiles/apply, /profiles/remove)', () => {
  it.each<[string, unknown, string]>([
    ['clusters by name', { profiles: ['p'], clusters: ['a', 'b'] }, 'ok'],
    ['clusters by selector', { profiles: ['p'], selector: 'env=prod' }, 'ok'],
    [
      'no body',
      undefined,
      'Invalid input: expected object, received undefined',
    ],
    ['no profiles', { clusters: ['a'] }, PROFILES],
    ['no profile in the list', { profiles: [], clusters: ['a'] }, PROFILES],
    ['profiles as text', { profiles: 'p', clusters: ['a'] }, PROFILES],
    [
      'a profile that is no text',
      { profiles: ['p', 7, {}], clusters: ['a'] },
      PROFILES,
    ],
    ['neither clusters nor selector', { profiles: ['p'] }, TARGETS],
    [
      'both',
      { profiles: ['p'], clusters: ['a'], selector: 'env=prod' },
      TARGETS,
    ],
    ['clusters as text', { profiles: ['p'], clusters: 'a' }, TARGETS],
    [
      'a selector that is no text',
      { profiles: ['p'], selector: { env: 'x' } },
      TARGETS,
    ],
  ])('%s: %s', (_case, body, expected) => {
    expect(answer(profileAssignmentRequestSchema, body)).toBe(expected);
  });
});

const IMPORT_SOURCE =
  'Send either "kubeconfig" (YAML text) or "argocdCluster" (a cluster ArgoCD already knows)';

describe('cluster import requests (POST /clusters/import)', () => {
  it.each<[string, unknown, string]>([
    [
      'from a kubeconfig',
      { name: 'edge-1', kubeconfig: 'apiVersion: v1' },
      'ok',
    ],
    [
      'from ArgoCD',
      { name: 'edge-1', argocdCluster: 'edge', profiles: ['p'] },
      'ok',
    ],
    [
      'no name',
      { kubeconfig: 'k' },
      'Send "name": the name the cluster gets in the fleet',
    ],
    [
      'an empty name',
      { name: '', kubeconfig: 'k' },
      'Send "name": the name the cluster gets in the fleet',
    ],
    [
      'a name that is no text',
      { name: 7, kubeconfig: 'k' },
      'Send "name": the name the cluster gets in the fleet',
    ],
    ['no source', { name: 'edge-1' }, IMPORT_SOURCE],
    [
      'both sources',
      { name: 'edge-1', kubeconfig: 'k', argocdCluster: 'a' },
      IMPORT_SOURCE,
    ],
    ['an empty kubeconfig', { name: 'edge-1', kubeconfig: '' }, IMPORT_SOURCE],
    [
      'a kubeconfig that is no text',
      { name: 'edge-1', kubeconfig: { clusters: [] } },
      IMPORT_SOURCE,
    ],
    [
      'profiles as text',
      { name: 'edge-1', kubeconfig: 'k', profiles: 'p' },
      '"profiles" must be a list of profile names',
    ],
    [
      'profiles null',
      { name: 'edge-1', kubeconfig: 'k', profiles: null },
      '"profiles" must be a list of profile names',
    ],
    [
      'a management cluster that is no text',
      { name: 'edge-1', kubeconfig: 'k', managementCluster: 1 },
      '"managementCluster" must be the name of a management cluster (arlon.managementClusters)',
    ],
  ])('%s', (_case, body, expected) => {
    expect(answer(clusterImportRequestSchema, body)).toBe(expected);
  });

  it('gives a missing profile list as none', () => {
    expect(
      clusterImportRequestSchema.parse({ name: 'a', kubeconfig: 'k' }).profiles,
    ).toEqual([]);
  });
});

describe('unregister requests (POST /clusters/:name/unregister)', () => {
  it.each<[string, unknown, RegExp | string]>([
    ['no kubeconfig', {}, 'ok'],
    ['a kubeconfig', { kubeconfig: 'apiVersion: v1' }, 'ok'],
    [
      'a kubeconfig that is no text',
      { kubeconfig: 42 },
      /^"kubeconfig" must be YAML text/,
    ],
  ])('%s', (_case, body, expected) => {
    expect(answer(clusterUnregisterRequestSchema, body)).toMatch(expected);
  });
});

describe('definition bodies', () => {
  it.each<[string, unknown, string | RegExp]>([
    [
      'a matching body',
      { kind: 'Profile', metadata: { name: 'dev-local' } },
      'ok',
    ],
    ['no kind or name (validation judges it)', { spec: {} }, 'ok'],
    [
      'an empty object',
      {},
      'Send a Profile definition as application/yaml or application/json',
    ],
    [
      'no body',
      undefined,
      'Send a Profile definition as application/yaml or application/json',
    ],
    [
      'another kind',
      { kind: 'Cluster' },
      'The body is a Cluster, but the URL is for a Profile',
    ],
    [
      'another name',
      { metadata: { name: 'qa-1' } },
      'The body names "qa-1", but the URL names "dev-local"',
    ],
    [
      'a name with a path in it',
      { metadata: { name: '../x' } },
      /^metadata\.name "\.\.\/x" must be lower-case/,
    ],
    [
      'a huge name',
      { metadata: { name: 'a'.repeat(250_000) } },
      /^metadata\.name "a{10,}\.\.\." must be at most 63 characters/,
    ],
  ])('%s', (_case, body, expected) => {
    const message = answer(
      definitionJsonBodySchema('Profile', 'dev-local'),
      body,
    );
    expect(message).toMatch(expected);
    expect(message.length).toBeLessThan(300);
  });

  it('judges YAML read as data by identity only', () => {
    expect(answer(definitionIdentitySchema('Bundle'), 'not an object')).toBe(
      'ok',
    );
    expect(
      answer(definitionIdentitySchema('Bundle'), { metadata: { name: 'web' } }),
    ).toBe('ok');
  });

  it("refuses a URL's name that is not a definition name, naming it as the core does", () => {
    expect(answer(definitionNameSchema("the URL's name"), 'Web')).toMatch(
      /^the URL's name "Web" must be lower-case letters/,
    );
    expect(definitionNameSchema("the URL's name").parse('web')).toBe('web');
  });
});

describe('write queries', () => {
  it.each<[unknown, boolean]>([
    [{ dryRun: 'true' }, true],
    [{ dryRun: 'false' }, false],
    [{}, false],
  ])('%j is a dry run: %s', (query, dryRun) => {
    expect(writeQuerySchema.parse(query)).toEqual({ dryRun });
  });

  it.each<[unknown]>([
    [{ dryRun: '1' }],
    [{ dryRun: 'yes' }],
    [{ dryRun: '' }],
    [{ dryRun: ['true', 'true'] }],
  ])('%j is refused, never read as a real write', query => {
    expect(answer(writeQuerySchema, query)).toBe(
      'dryRun must be true or false',
    );
  });
});
