import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createValidateAction } from './validate';

async function workspace(files: Record<string, string>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'workspace-'));
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  return dir;
}

const cluster = (profiles: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-5\nspec:\n  clusterSpec: docker-dev\n  profiles: [${profiles}]\n`;

describe('arlon:validate', () => {
  const env = withFleet(fleet => createValidateAction(fleet.options));
  const run = async (files: Record<string, string>) => {
    const { ctx, outputs } = stepContext({});
    ctx.workspacePath = await workspace(files);
    await env().action.handler(ctx);
    return outputs;
  };

  it('accepts definitions that reference what the fleet repository has', async () => {
    expect(await run({ 'arlon/clusters/qa-5.yaml': cluster('apps') })).toEqual({
      definitions: ['Cluster qa-5'],
    });
  });

  it('fails with each problem at its file, line and field, writing nothing', async () => {
    const before = await env().fleet.commits();
    await expect(
      run({ 'arlon/clusters/qa-5.yaml': cluster('apps, nope') }),
    ).rejects.toThrow(
      /^The definitions have problems:\narlon\/clusters\/qa-5\.yaml:7:\d+: .*nope/,
    );
    await expect(
      run({ 'arlon/profiles/p.yaml': 'kind: Profile\nmetadata: {name: p\n' }),
    ).rejects.toThrow(/arlon\/profiles\/p\.yaml:\d+:\d+: /);
    expect(await env().fleet.commits()).toBe(before);
  });

  it('refuses a path outside the workspace, even one that shares its prefix', async () => {
    const { ctx } = stepContext({});
    ctx.workspacePath = await workspace({
      'arlon/clusters/qa-5.yaml': cluster('apps'),
    });
    const sibling = `../${path.basename(ctx.workspacePath)}-other`;
    ctx.input = { path: sibling };
    await expect(env().action.handler(ctx)).rejects.toThrow(
      `${sibling} is outside the workspace`,
    );
  });

  it('says when there is nothing to validate', async () => {
    await expect(run({ 'README.md': 'hi' })).rejects.toThrow(
      'No definitions in .: expected arlon/<kind>/<name>.yaml files',
    );
  });
});
