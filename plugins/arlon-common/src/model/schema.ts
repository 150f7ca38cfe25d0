import { z } from 'zod';

/** RFC 1123 label: what Kubernetes accepts as a name, and what we use in object names. */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const KUBERNETES_VERSION = /^v\d+\.\d+\.\d+$/;

const name = z
  .string()
  .max(63, 'must be at most 63 characters')
  .regex(
    DNS_LABEL,
    "must be lower-case letters, digits and '-', starting and ending with a letter or digit",
  );

const stringMap = z.record(z.string(), z.string());
const metadata = z.strictObject({
  name,
  labels: stringMap.optional(),
  annotations: stringMap.optional(),
});

const parameterValue = z.union([z.string(), z.number(), z.boolean()], {
  error: 'must be a string, number or boolean',
});
const bundleValues = z.record(z.string(), z.record(z.string(), parameterValue));
const updatePolicy = z.enum(['auto', 'manual']);
const tags = z.array(z.string());
const count = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be below zero');

const bundleSpec = z.strictObject({
  description: z.string().optional(),
  tags: tags.optional(),
  source: z.strictObject({
    inline: z.strictObject({}).optional(),
    git: z
      .strictObject({
        repoUrl: z
          .string()
          .regex(
            /^(https?|ssh|git):\/\/|^git@/,
            'must be a Git URL (https://, ssh:// or git@)',
          ),
        path: z.string(),
        revision: z.string().min(1, 'must not be empty'),
        type: z.enum(['directory', 'kustomize', 'helm']),
      })
      .optional(),
  }),
  parameters: z
    .array(
      z.strictObject({
        name: z
          .string()
          .regex(
            /^[A-Za-z_][A-Za-z0-9_.-]*$/,
            'must be a Helm value path such as replicaCount or image.tag',
          ),
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
      machineType: z.string(),
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
    .strictObject({ server: z.url({ error: 'must be a URL' }) })
    .optional(),
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
  server: 'Use the API server URL, e.g. https://10.0.0.1:6443.',
  apiVersion: 'Use apiVersion: core.arlon.io/v1.',
};
