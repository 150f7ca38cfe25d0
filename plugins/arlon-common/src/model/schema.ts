import { z } from 'zod';
import { DNS_LABEL, FORBIDDEN_KEYS, MAX_NAME_LENGTH } from './names';
import { providerSpecSchema } from '../providers/providerSpec';
import {
  chartNameProblem,
  chartVersionProblem,
  helmRepositoryUrlProblem,
} from './helmRepository';

export { DNS_LABEL };
export const KUBERNETES_VERSION = /^v\d+\.\d+\.\d+$/;

/**
 * A Git URL ArgoCD can clone, anchored at both ends: https://, ssh:// or
 * git:// with a host, or scp-like git@host:path. No whitespace, quotes,
 * braces, backslashes or control characters, so it cannot break out of the
 * YAML or Go template it is written into.
 */
export const GIT_URL =
  /^(?:(?:https|ssh|git):\/\/[A-Za-z0-9._~%!$&()*+,;=:@-]+(?:\/[A-Za-z0-9._~%!$&()*+,;=:@\/-]*)?|git@[A-Za-z0-9.-]+:[A-Za-z0-9._~\/-]+)$/;
/** How the management cluster names itself to ArgoCD: bundles must never be sent there. */
const IN_CLUSTER_HOSTS = new Set([
  'kubernetes.default.svc',
  'kubernetes.default.svc.cluster.local',
  'kubernetes.default',
  'kubernetes',
]);
/** A folder inside a repository: relative, `/`-separated segments of a safe charset. `..` is refused separately. */
export const REPO_PATH =
  /^(?:\.|[A-Za-z0-9_][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)*)$/;
/** A branch, tag (semver ones too, e.g. v1.2.3+build.1) or commit SHA: Git's ref-name charset, no `..`, no `@{`. */
export const GIT_REVISION = /^[A-Za-z0-9_][A-Za-z0-9._+\/-]*$/;

const name = z
  .string()
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .regex(
    DNS_LABEL,
    "must be lower-case letters, digits and '-', starting and ending with a letter or digit",
  );

/** A key from input: never one that reaches an object's prototype. */
const key = z.string().refine(k => !FORBIDDEN_KEYS.has(k), {
  error: 'must not be __proto__, constructor or prototype',
});
const stringMap = z.record(key, z.string());
const metadata = z.strictObject({
  name,
  labels: stringMap.optional(),
  annotations: stringMap.optional(),
});

const parameterValue = z.union([z.string(), z.number(), z.boolean()], {
  error: 'must be a string, number or boolean',
});
/** A Helm value path: dot-separated segments, none of them one that reaches a prototype. */
const valuePath = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/,
    'must be a Helm value path such as replicaCount or image.tag',
  )
  .refine(p => !p.split('.').some(s => FORBIDDEN_KEYS.has(s)), {
    error: 'must not have a __proto__, constructor or prototype segment',
  });
const bundleValues = z.record(key, z.record(valuePath, parameterValue));
const updatePolicy = z.enum(['auto', 'manual']);
const tags = z.array(z.string());
const count = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be below zero');

/** A string checked by one rule that says what is wrong (one problem per field, not one per failed regex). */
const checked = (problem: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const bundleSpec = z.strictObject({
  description: z.string().optional(),
  tags: tags.optional(),
  source: z.strictObject({
    inline: z.strictObject({}).optional(),
    git: z
      .strictObject({
        repoUrl: z
          .string()
          .max(2048, 'must be at most 2048 characters')
          .regex(
            GIT_URL,
            'must be a Git URL (https://, ssh://, git:// or git@host:path) without spaces, quotes, braces or control characters',
          ),
        path: z
          .string()
          .max(1024, 'must be at most 1024 characters')
          .regex(
            REPO_PATH,
            "must be a relative folder of letters, digits, '.', '_', '-' and '/' (no leading '/')",
          )
          .refine(p => !p.split('/').includes('..'), {
            error: "must not have a '..' segment",
          }),
        revision: z
          .string()
          .min(1, 'must not be empty')
          .max(255, 'must be at most 255 characters')
          .regex(
            GIT_REVISION,
            "must be a branch, tag or commit: letters, digits, '.', '_', '+', '-' and '/'",
          )
          .refine(r => !r.includes('..') && !r.endsWith('.lock'), {
            error: "is not a valid Git ref name ('..' or a trailing .lock)",
          }),
        type: z.enum(['directory', 'kustomize', 'helm']),
      })
      .optional(),
    helmRepository: z
      .strictObject({
        repoUrl: checked(helmRepositoryUrlProblem),
        chart: checked(chartNameProblem),
        version: checked(chartVersionProblem),
      })
      .optional(),
  }),
  parameters: z
    .array(
      z.strictObject({
        name: valuePath,
        default: parameterValue.optional(),
        description: z.string().optional(),
      }),
    )
    .optional(),
});

const profileSpec = z.strictObject({
  description: z.string().optional(),
  tags: tags.optional(),
  bundles: z.union([z.string(), z.array(z.string())], {
    error: 'must be a list of bundle names (or a comma-separated string)',
  }),
  values: bundleValues.optional(),
  updatePolicy: updatePolicy.optional(),
});

export const clusterSpecSpec = z.strictObject({
  description: z.string().optional(),
  tags: tags.optional(),
  provider: z.string(),
  type: z.string(),
  kubernetesVersion: z
    .string()
    .regex(KUBERNETES_VERSION, 'is not a Kubernetes version'),
  region: z.string().optional(),
  controlPlane: z
    .strictObject({
      replicas: count.optional(),
      machineType: z.string().optional(),
    })
    .optional(),
  nodePools: z.array(
    z.strictObject({
      name,
      machineType: z.string().optional(),
      replicas: count,
      autoscaling: z.strictObject({ min: count, max: count }).optional(),
    }),
  ),
  network: z
    .strictObject({
      vpcId: z.string().optional(),
      podCidrs: z.array(z.string()).optional(),
      serviceCidrs: z.array(z.string()).optional(),
    })
    .optional(),
  sshKeyName: z.string().optional(),
  providerSpec: providerSpecSchema.optional(),
  addons: z.array(z.string()).optional(),
  updatePolicy: updatePolicy.optional(),
});

const clusterSpec = z.strictObject({
  description: z.string().optional(),
  clusterSpec: name.optional(),
  mode: z.enum(['linked', 'cloned']).optional(),
  clonedFrom: z
    .strictObject({
      revision: z.string().min(1, 'must not be empty'),
      spec: clusterSpecSpec,
    })
    .optional(),
  external: z
    .strictObject({
      server: z
        .url({ protocol: /^https$/, error: 'must be an https URL' })
        .refine(
          // zod runs refinements after a failed check too: never throw here.
          server =>
            !URL.canParse(server) ||
            !IN_CLUSTER_HOSTS.has(new URL(server).hostname),
          'is the management cluster itself (its in-cluster address), not an external cluster',
        ),
    })
    .optional(),
  managementCluster: name.optional(),
  profiles: z.array(z.string()).optional(),
  values: bundleValues.optional(),
  updatePolicy: updatePolicy.optional(),
});

const object = <K extends string, S extends z.ZodType>(kind: K, spec: S) =>
  z.strictObject({
    apiVersion: z.literal('core.arlon.io/v1'),
    kind: z.literal(kind),
    metadata,
    spec,
  });

/** Schemas by kind; `strictObject` so unknown fields are reported, not ignored. */
export const KIND_SCHEMAS = {
  Bundle: object('Bundle', bundleSpec),
  Profile: object('Profile', profileSpec),
  ClusterSpec: object('ClusterSpec', clusterSpecSpec),
  Cluster: object('Cluster', clusterSpec),
} as const;

/** Hints by field name, for problems zod finds. */
export const FIELD_HINTS: Record<string, string> = {
  name: "Use lower-case letters, digits and '-' (RFC 1123), at most 63 characters, e.g. prod-eu-1.",
  kubernetesVersion: 'Write the full version with a leading v, e.g. v1.29.4.',
  replicas: 'Use a whole number, 0 or more.',
  min: 'Use a whole number, 0 or more.',
  max: 'Use a whole number, 0 or more.',
  updatePolicy:
    'Use auto (changes reach clusters by themselves) or manual (the portal offers the update).',
  mode: 'Use linked (follows its spec) or cloned (keeps a frozen copy of it).',
  type: 'See `arlon providers` for the cluster types of each provider.',
  repoUrl: 'Use the clone URL, e.g. https://github.com/acme/charts.git.',
  path: 'Use a folder of the repository relative to its root, e.g. charts/podinfo (or . for the root).',
  revision: 'Use a branch, tag or commit SHA, e.g. main, v1.2.3 or 6.5.4.',
  server: 'Use the API server URL, e.g. https://10.0.0.1:6443.',
  // Looked up as `<parent>.<field>` first: a chart repository is not a clone URL.
  'helmRepository.repoUrl':
    "Use the Helm repository's https URL, e.g. https://charts.jetstack.io; give ArgoCD its credentials as a repository Secret, never in the URL.",
  'helmRepository.chart':
    "Use the chart's name as the repository lists it, e.g. cert-manager.",
  'helmRepository.version':
    'Use one exact chart version, e.g. v1.21.1; ranges (^, ~, >=, *, x) are refused.',
  apiVersion: 'Use apiVersion: core.arlon.io/v1.',
  managementCluster:
    'Use the name of a management cluster in arlon.managementClusters (a DNS label, e.g. mc-east), or leave it out for the default one.',
};
