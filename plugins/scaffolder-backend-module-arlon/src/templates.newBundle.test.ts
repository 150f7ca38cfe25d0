import fs from 'node:fs';
import path from 'node:path';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import request from 'supertest';
import { parse } from 'yaml';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import { TestFleet } from './__testUtils__/testFleet';
import { scaffolderModuleArlon } from './module';

/** The new-bundle template's Helm repository form, through the scaffolder's dry run. */
const template = parse(
  fs.readFileSync(
    path.resolve(__dirname, '../templates/new-bundle/template.yaml'),
    'utf8',
  ),
);
const FORM = {
  name: 'podinfo',
  sourceType: 'helmRepository',
  chartRepoUrl: 'https://stefanprodan.github.io/podinfo',
  chart: 'podinfo',
  chartVersion: '6.5.4',
};

describe('templates/new-bundle: a chart from a Helm repository', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  let server: any;

  beforeAll(async () => {
    fleet = await TestFleet.start();
    ({ server } = await startTestBackend({
      features: [
        scaffolderPlugin,
        scaffolderModuleArlon,
        catalogServiceMock.factory(),
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: { url: fleet.url, branch: 'main' },
              managementClusters: [
                {
                  name: 'sandbox',
                  url: 'https://127.0.0.1:1',
                  skipTLSVerify: true,
                },
              ],
            },
          },
        }),
      ],
    }));
  });
  afterAll(() => fleet.stop());

  const dryRun = (values: object) =>
    request(server).post('/api/scaffolder/v2/dry-run').send({
      template,
      values,
      secrets: {},
      directoryContents: [],
    });
  const logOf = (res: any): string =>
    (res.body.log ?? []).map((l: any) => l.body?.message).join('\n');

  it('offers the Helm repository beside the inline and Git forms', () => {
    const [page] = template.spec.parameters;
    expect(page.properties.sourceType.enum).toEqual([
      'inline',
      'git',
      'helmRepository',
    ]);
    const branch = page.dependencies.sourceType.oneOf.find(
      (o: any) => o.properties.sourceType.const === 'helmRepository',
    );
    expect(branch.required).toEqual(['chartRepoUrl', 'chart', 'chartVersion']);
  });

  it('previews the bundle with its chart source and writes nothing', async () => {
    const before = await fleet.commits();
    const res = await dryRun(FORM);
    const log = logOf(res);
    expect(res.status).toBe(200);
    expect(log).not.toMatch(/error|fail/i);
    expect(log).toContain('create arlon/bundles/podinfo.yaml');
    const file = res.body.directoryContents.find(
      (f: { path: string }) => f.path === 'arlon/bundles/podinfo.yaml',
    );
    expect(
      parse(Buffer.from(file.base64Content, 'base64').toString()).spec,
    ).toEqual({
      source: {
        helmRepository: {
          repoUrl: 'https://stefanprodan.github.io/podinfo',
          chart: 'podinfo',
          version: '6.5.4',
        },
      },
    });
    expect(await fleet.commits()).toBe(before);
  });

  it.each([
    // Refused by the action's validation, naming the file, its line and the field:
    [
      'a version range',
      { chartVersion: '>=6.0.0' },
      /arlon\/bundles\/podinfo\.yaml:10:7: spec\.source\.helmRepository\.version is a version range/,
    ],
    [
      'credentials in the URL',
      { chartRepoUrl: 'https://bob:hunter2@charts.example.com' },
      /arlon\/bundles\/podinfo\.yaml:8:7: spec\.source\.helmRepository\.repoUrl must not carry a user name or password/,
    ],
    // Refused by the form itself (its pattern), before the action runs:
    [
      'a plain http URL',
      { chartRepoUrl: 'http://charts.example.com' },
      /does not meet dependency required by instance\.sourceType/,
    ],
  ])('refuses %s with 400 before any commit', async (_, over, message) => {
    const before = await fleet.commits();
    const res = await dryRun({ ...FORM, ...over });
    expect(res.status).toBe(400);
    const text: string =
      res.body.error?.message ?? JSON.stringify(res.body.errors ?? res.body);
    expect(text).toMatch(message);
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(await fleet.commits()).toBe(before);
  });
});
