import { checkDefinitionName } from '@arlon-backstage/plugin-arlon-common';
import type { ScaffolderZod } from './schema';

/** Inputs every create action takes for the definition's metadata. */
export const metadataInputs = {
  name: (z: ScaffolderZod) =>
    z
      .string()
      .describe(
        'The name: a DNS label (lower case letters, digits and "-", at most 63 characters)',
      ),
  description: (z: ScaffolderZod) =>
    z.string().optional().describe('What it is for'),
  owner: (z: ScaffolderZod) =>
    z
      .string()
      .optional()
      .describe('Owning group or user entity ref (annotation arlon.io/owner)'),
  labels: (z: ScaffolderZod) =>
    z.record(z.string()).optional().describe('Labels, e.g. { env: prod }'),
};

/** `metadata` from those inputs; a name that is not a definition name is an InputError naming it. */
export function metadataOf(input: {
  name: string;
  owner?: string;
  labels?: Record<string, string>;
}) {
  checkDefinitionName(input.name, 'name');
  // A form's empty field means "no such label", not a label with an empty value.
  const labels = Object.fromEntries(
    Object.entries(input.labels ?? {}).filter(([, value]) => value),
  );
  return {
    name: input.name,
    ...(Object.keys(labels).length ? { labels } : {}),
    ...(input.owner ? { annotations: { 'arlon.io/owner': input.owner } } : {}),
  };
}
