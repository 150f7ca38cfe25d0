import { parse } from 'yaml';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createBundleCreateAction } from './bundleCreate';

const CHART = {
  repoUrl: 'https://stefanprodan.github.io/podinfo',
  chart: 'podinfo',
  version: '6.5.4',
};

describe('arlon:bundle:create with a Helm repository', () => {
  const env = withFleet(fleet => createBundleCreateAction(fleet.options));

  it('commits a bundle whose source is the chart at its exact version', async () => {
    const { fleet, action } = env();
    await action.handler(
      stepContext({
        name: 'podinfo',
        helmRepository: CHART,
        parameters: [{ name: 'replicaCount', default: 2 }],
      }).ctx,
    );
    expect(
      parse((await fleet.file('arlon/bundles/podinfo.yaml'))!).spec,
    ).toEqual({
      source: { helmRepository: CHART },
      parameters: [{ name: 'replicaCount', default: 2 }],
    });
  });

  // Each refused before the commit, naming the field and its line; nothing written.
  it.each([
    [
      'an http repository',
      { repoUrl: 'http://charts.example.com' },
      'repoUrl',
      /must be an https:\/\/ URL/,
    ],
    [
      'credentials in the URL',
      { repoUrl: 'https://bob:hunter2@charts.example.com' },
      'repoUrl',
      /must not carry a user name or password/,
    ],
    [
      'a file: URL',
      { repoUrl: 'file:///etc/passwd' },
      'repoUrl',
      /must be an https:\/\/ URL/,
    ],
    ['a chart with a path', { chart: '../../x' }, 'chart', /without '\/'/],
    ['a version range', { version: '^6.5.0' }, 'version', /is a version range/],
    [
      'template braces in the version',
      { version: '{{ .server }}' },
      'version',
      /exact chart version|version range/,
    ],
  ])('%s is refused, nothing written', async (_, over, field, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const run = action.handler(
      stepContext({ name: 'charted', helmRepository: { ...CHART, ...over } })
        .ctx,
    );
    await expect(run).rejects.toMatchObject({ name: 'InputError' });
    await expect(run).rejects.toThrow(
      new RegExp(
        `arlon/bundles/charted\\.yaml:\\d+:\\d+: spec\\.source\\.helmRepository\\.${field} `,
      ),
    );
    await expect(run).rejects.toThrow(message);
    await expect(run).rejects.not.toThrow(/hunter2/);
    expect(await fleet.commits()).toBe(before);
    expect(await fleet.file('arlon/bundles/charted.yaml')).toBeUndefined();
  });

  it('refuses a Helm repository together with another source', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    await expect(
      action.handler(
        stepContext({
          name: 'twice',
          helmRepository: CHART,
          git: { repoUrl: 'https://github.com/acme/x.git', path: '.' },
        }).ctx,
      ),
    ).rejects.toThrow('Give the bundle one source');
    expect(await fleet.commits()).toBe(before);
  });
});
