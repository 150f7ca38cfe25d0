import fs from 'node:fs/promises';
import path from 'node:path';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  arlonDefinitionReadPermission,
  formatProblems,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { decideOnDefinitions } from '@arlon-backstage/plugin-arlon-node';
import { examples } from './validate.examples';
import type { ArlonActionsOptions } from './options';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';

/** What of a workspace is fleet content: definitions and inline bundle manifests. */
const FLEET_CONTENT = /^(arlon|bundles)\//;

/**
 * `arlon:validate`: checks the definitions in the workspace (as a template's
 * `fetch:template` laid them out) together with the fleet repository's
 * head, so references to existing profiles, specs and bundles resolve.
 * Fails with every problem, at its file, line and field.
 *
 * @public
 */
export function createValidateAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:validate',
    description:
      "Validates the workspace's Arlon definitions (arlon/, bundles/) against the fleet repository before anything is published",
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        path: (z: ScaffolderZod) =>
          z
            .string()
            .default('.')
            .describe('Folder of the workspace that holds arlon/ and bundles/'),
      },
      output: {
        definitions: (z: ScaffolderZod) =>
          z
            .array(z.string())
            .describe('The definitions checked, as "Kind name"'),
      },
    },
    async handler(ctx) {
      // It reads the fleet's head as the user who started the task.
      (
        await decideOnDefinitions(
          options.permissions,
          arlonDefinitionReadPermission,
          await ctx.getInitiatorCredentials(),
        )
      ).requireSome('read the fleet repository');
      const root = path.resolve(ctx.workspacePath, ctx.input.path ?? '.');
      const inside = path.relative(ctx.workspacePath, root);
      if (inside.startsWith('..') || path.isAbsolute(inside))
        throw new InputError(`${ctx.input.path} is outside the workspace`);
      const workspace = await readTree(root);
      const mine = Object.keys(workspace).filter(f => FLEET_CONTENT.test(f));
      if (!mine.length)
        throw new InputError(
          `No definitions in ${
            ctx.input.path ?? '.'
          }: expected arlon/<kind>/<name>.yaml files`,
        );
      const head = await options.definitions.read();
      const files = { ...head.files };
      for (const f of mine) files[f] = workspace[f];
      // As every write checks them: spec.managementCluster against the
      // config, profiles' `<library>/<bundle>` against the libraries read.
      const { fleet, problems } = validateFleet(files, {
        managementClusters: options.managementClusters.placementNames(),
        libraries: options.definitions.libraryCatalog?.(),
      });
      const relevant = problems.filter(p => mine.includes(p.file));
      if (relevant.length)
        throw new InputError(
          `The definitions have problems:\n${formatProblems(relevant)}`,
        );
      const checked = [
        ...fleet.bundles.values(),
        ...fleet.profiles.values(),
        ...fleet.clusterSpecs.values(),
        ...fleet.clusters.values(),
      ]
        .filter(d => mine.includes(d.source.file))
        .map(d => `${d.object.kind} ${d.object.metadata.name}`);
      for (const d of checked) ctx.logger.info(`${d}: valid`);
      ctx.output('definitions', checked);
    },
  });
}

async function readTree(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const e of await fs.readdir(path.join(root, rel), {
      withFileTypes: true,
    })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile())
        files[child] = await fs.readFile(path.join(root, child), 'utf8');
    }
  };
  await walk('');
  return files;
}
