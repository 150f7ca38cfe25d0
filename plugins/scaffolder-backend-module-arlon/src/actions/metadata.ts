/** Inputs every create action takes for the definition's metadata. */
export const metadataInputs = {
  name: (z: any) =>
    z
      .string()
      .describe(
        'The name: a DNS label (lower case letters, digits and "-", at most 63 characters)',
      ),
  description: (z: any) => z.string().optional().describe('What it is for'),
  owner: (z: any) =>
    z
      .string()
      .optional()
      .describe('Owning group or user entity ref (annotation arlon.io/owner)'),
  labels: (z: any) =>
    z.record(z.string()).optional().describe('Labels, e.g. { env: prod }'),
};

/** `metadata` from those inputs. */
export function metadataOf(input: {
  name: string;
  owner?: string;
  labels?: Record<string, string>;
}) {
  return {
    name: input.name,
    ...(input.labels && Object.keys(input.labels).length
      ? { labels: input.labels }
      : {}),
    ...(input.owner ? { annotations: { 'arlon.io/owner': input.owner } } : {}),
  };
}
