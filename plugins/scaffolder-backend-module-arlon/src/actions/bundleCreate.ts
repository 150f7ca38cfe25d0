import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  ARLON_API_VERSION,
  arlonDefinitionCreatePermission,
  Bundle,
  BundleSource,
  FleetEdit,
  GitSource,
  HelmRepositorySource,
  inlineBundleFolder,
} from '@arlon-backstage/plugin-arlon-common';
import { examples } from './bundleCreate.examples';
import {
  ArlonActionsOptions,
  createOnce,
  definition,
  outputEntityRef,
  writeFleet,
  writeOutputs,
} from './fleetWrite';
import { metadataInputs, metadataOf } from './metadata';

/**
 * `arlon:bundle:create`: a bundle of inline manifests (written to
 * `bundles/<name>/` in the same commit), a reference to manifests in Git, or
 * a chart from a Helm chart repository, with its parameters.
 *
 * @public
 */
export function createBundleCreateAction(options: ArlonActionsOptions) {
  return createTemplateAction({
    id: 'arlon:bundle:create',
    description:
      'Writes a new Arlon bundle (inline manifests, a Git directory, Kustomization or Helm chart, or a chart from a Helm repository) with its parameters, as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...metadataInputs,
        tags: (z: any) => z.array(z.string()).optional(),
        manifests: (z: any) =>
          z
            .record(z.string())
            .optional()
            .describe(
              'Inline manifests: file name (e.g. deployment.yaml) to YAML text, written under bundles/<name>/',
            ),
        git: (z: any) =>
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
        helmRepository: (z: any) =>
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
        parameters: (z: any) =>
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
      await writeFleet(ctx, options, {
        permission: arlonDefinitionCreatePermission,
        what: 'write bundles',
        message: `Create Bundle ${input.name}`,
        edits: files => {
          const edits: FleetEdit[] = createOnce(files, bundle);
          // The same manifests again are no change; different ones under an existing bundle are.
          const folder = `${inlineBundleFolder(input.name)}/`;
          const same =
            input.manifests &&
            Object.entries(input.manifests).every(
              ([f, text]) => files[`${folder}${f}`] === text,
            ) &&
            Object.keys(files).filter(f => f.startsWith(folder)).length ===
              Object.keys(input.manifests).length;
          if (input.manifests && !same)
            edits.push({
              op: 'bundleFiles',
              bundle: input.name,
              files: input.manifests,
            });
          return edits;
        },
      });
      outputEntityRef(ctx, bundle);
    },
  });
}

/**
 * The bundle's one source. It is checked with the rest of the fleet before
 * the commit (writeFleet): a hostile URL or a version range is refused there.
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
