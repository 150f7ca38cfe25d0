import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createValidateAction } from './validate';
import { examples } from './validate.examples';

describe('arlon:validate examples', () => {
  const env = withFleet(fleet => createValidateAction(fleet.options));

  it.each(examples.map(e => [e.description, e.example]))(
    '%s: validates what fetch:template laid out',
    async (_description, example) => {
      const steps = parse(example).steps as any[];
      expect(steps.map(s => s.action)).toEqual([
        'fetch:template',
        'arlon:validate',
      ]);
      // What the skeleton's fetch:template step would leave in the workspace.
      const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-'));
      await fs.mkdir(path.join(workspace, 'arlon/profiles'), {
        recursive: true,
      });
      await fs.writeFile(
        path.join(workspace, 'arlon/profiles/web.yaml'),
        'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: web\nspec:\n  bundles: [readonly-rbac]\n',
      );
      const { ctx, outputs } = stepContext(steps[1].input ?? {});
      ctx.workspacePath = workspace;
      await env().action.handler(ctx);
      expect(outputs.definitions).toEqual(['Profile web']);
    },
  );
});
