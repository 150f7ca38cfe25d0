import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  ARLON_API_VERSION,
  Bundle,
  BundleSource,
  GitSource,
  HelmRepositorySource,
  inlineBundleFolder,
} from '@arlon-backstage/plugin-arlon-common';
import { examples } from './bundleCreate.examples';
import { definition } from './definitions';
import { metadataInputs, metadataOf } from './metadata';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';
import { createDefinition } from './writeFleet';

/**
 * `arlon:bundle:create`: a bundle of inline manifests (written to
 * `bundles/<name>/` in the same commit), a reference to manifests in Git, or
 * a chart from a Helm chart repository, with its parameters.
 *
 * @public
 */
export function createBundleCreateAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:bundle:create',
    description:
      'Writes a new Arlon bundle (inline manifests, a Git directory, Kustomization or Helm chart, or a chart from a Helm repository) with its parameters, as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...metadataInputs,
        tags: (z: ScaffolderZod) => z.array(z.string()).optional(),
        manifests: (z: ScaffolderZod) =>
          z
            .record(z.string())
            .optional()
            .describe(
              'Inline manifests: file name (e.g. deployment.yaml) to YAML text, written under bundles/<name>/',
            ),
        git: (z: ScaffolderZod) =>
          z
            .object({
              repoUrl: z.string(),
              path: z.string(),
              revision: z.string().default('HEAD'),
              type: z
                .enum(['directory', 'kustomize', 'helm'])
                .default('directory'),
            })
            .optional()
            .describe('Or: manifests elsewhere in Git'),
        helmRepository: (z: ScaffolderZod) =>
          z
            .object({
              repoUrl: z.string(),
              chart: z.string(),
              version: z.string(),
            })
            .optional()
            .describe(
              'Or: a chart from a Helm chart repository (https URL, chart name, one exact version)',
            ),
        parameters: (z: ScaffolderZod) =>
          z
            .array(
              z.object({
                name: z.string(),
                default: z
                  .union([z.string(), z.number(), z.boolean()])
                  .optional(),
                description: z.string().optional(),
              }),
            )
            .optional()
            .describe('Parameters profiles and clusters may set (Helm values)'),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const input = ctx.input;
      const given = [input.manifests, input.git, input.helmRepository];
      if (given.filter(Boolean).length !== 1)
        throw new InputError(
          'Give the bundle one source: "manifests" (inline files), "git" (a repository, path and revision) or "helmRepository" (a Helm repository URL, chart and version)',
        );
      const bundle = definition<Bundle>({
        apiVersion: ARLON_API_VERSION,
        kind: 'Bundle',
        metadata: metadataOf(input),
        spec: {
          description: input.description,
          tags: input.tags,
          source: sourceOf(input),
          parameters: input.parameters,
        },
      });
      const manifests = input.manifests;
      await createDefinition(ctx, options, {
        kind: 'Bundle',
        what: 'write bundles',
        message: `Create Bundle ${input.name}`,
        plan: () => ({
          definition: bundle,
          // The same manifests again are no change; different ones under an existing bundle are.
          with: files => {
            const folder = `${inlineBundleFolder(input.name)}/`;
            const same =
              manifests &&
              Object.entries(manifests).every(
                ([f, text]) => files[`${folder}${f}`] === text,
              ) &&
              Object.keys(files).filter(f => f.startsWith(folder)).length ===
                Object.keys(manifests).length;
            return manifests && !same
              ? [{ op: 'bundleFiles', bundle: input.name, files: manifests }]
              : [];
          },
        }),
      });
    },
  });
}

/**
 * The bundle's one source. It is checked with the rest of the fleet before
 * the commit (createDefinition): a hostile URL or a version range is refused there.
 */
function sourceOf(input: {
  /** revision and type default to HEAD and directory. */
  git?: Pick<GitSource['git'], 'repoUrl' | 'path'> & Partial<GitSource['git']>;
  helmRepository?: HelmRepositorySource['helmRepository'];
}): BundleSource {
  if (input.helmRepository) return { helmRepository: input.helmRepository };
  if (input.git)
    return { git: { revision: 'HEAD', type: 'directory', ...input.git } };
  return { inline: {} };
}
