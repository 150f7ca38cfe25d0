import fs from 'node:fs';
import path from 'node:path';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { PROVIDERS } from '@arlon-backstage/plugin-arlon-common';
import request from 'supertest';
import { parse } from 'yaml';
import { TestFleet } from './__testUtils__/testFleet';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import { scaffolderModuleArlon } from './module';

const TEMPLATES = path.resolve(__dirname, '../templates');
const template = (name: string) =>
  parse(fs.readFileSync(path.join(TEMPLATES, name, 'template.yaml'), 'utf8'));

/** What a person fills in, per template, with the entity refs pickers give. */
const FORMS: Record<
  string,
  {
    values: object;
    secrets?: object;
    writes: string;
    /** A day-2 change: the clusters its dry run says it reaches. */
    reaches?: string;
  }
> = {
  'create-cluster': {
    values: {
      name: 'qa-7',
      clusterSpec: 'resource:default/clusterspec-docker-dev',
      mode: 'linked',
      profiles: ['resource:default/profile-infrastructure'],
      owner: 'group:default/platform',
      env: 'qa',
    },
    writes: 'create arlon/clusters/qa-7.yaml',
  },
  'clone-cluster': {
    values: { source: 'resource:default/dev-local', name: 'dev-local-copy' },
    writes: 'create arlon/clusters/dev-local-copy.yaml',
  },
  'import-cluster': {
    // As the commit preview sends it: the form holds the secret's length in
    // asterisks, the preview a placeholder instead of the secret.
    values: {
      name: 'legacy-1',
      source: 'kubeconfig',
      kubeconfig: '********',
      profiles: [],
    },
    secrets: { kubeconfig: '(withheld from the preview)' },
    writes: 'create arlon/clusters/legacy-1.yaml',
  },
  'new-bundle': {
    values: {
      name: 'settings',
      sourceType: 'inline',
      manifests:
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n',
    },
    writes: 'create bundles/settings/manifests.yaml',
  },
  'new-profile': {
    values: {
      name: 'baseline',
      bundles: ['resource:default/bundle-readonly-rbac'],
      updatePolicy: 'manual',
    },
    writes: 'create arlon/profiles/baseline.yaml',
  },
  'new-clusterspec': {
    values: {
      name: 'eks-small',
      provider: 'aws',
      type: 'eks',
      region: 'eu-west-1',
      kubernetesVersion: 'v1.30.2',
      controlPlaneReplicas: 3,
      nodePools: [{ name: 'general', machineType: 'm6i.large', replicas: 2 }],
    },
    writes: 'create arlon/clusterspecs/eks-small.yaml',
  },
  'clone-clusterspec': {
    values: {
      source: 'resource:default/clusterspec-docker-dev',
      name: 'docker-dev-131',
      kubernetesVersion: 'v1.31.0',
    },
    writes: 'create arlon/clusterspecs/docker-dev-131.yaml',
  },
  'apply-profiles': {
    values: {
      profiles: ['resource:default/profile-apps'],
      by: 'selector',
      selector: 'env=prod',
    },
    writes: 'update arlon/clusters/prod-us-west.yaml',
  },
  'upgrade-kubernetes': {
    values: {
      target: 'clusterSpec',
      clusterSpec: 'resource:default/clusterspec-docker-dev',
      kubernetesVersion: 'v1.31.0',
    },
    writes: 'update arlon/clusterspecs/docker-dev.yaml',
    reaches: 'Clusters it reaches: dev-local',
  },
  'remove-profiles': {
    values: {
      profiles: ['resource:default/profile-infrastructure'],
      by: 'names',
      clusters: ['resource:default/edge-imported'],
    },
    writes: 'update arlon/clusters/edge-imported.yaml',
    reaches: 'Clusters it changes: edge-imported',
  },
  'delete-cluster': {
    values: { name: 'resource:default/prod-us-west', confirm: 'prod-us-west' },
    writes: 'delete arlon/clusters/prod-us-west.yaml',
    reaches:
      '2. Then the commit deleting its definition, which removes its root Application and so its Cluster API objects: Cluster prod-us-west',
  },
  'scale-node-pool': {
    values: {
      target: 'clusterSpec',
      clusterSpec: 'resource:default/clusterspec-docker-dev',
      nodePool: 'md-0',
      autoscale: true,
      min: 1,
      max: 5,
    },
    writes: 'update arlon/clusterspecs/docker-dev.yaml',
    reaches: 'Clusters it reaches: dev-local',
  },
  'change-machine-type': {
    values: {
      target: 'cluster',
      cluster: 'resource:default/staging-eu',
      nodePool: 'workers',
      machineType: 'm5.2xlarge',
    },
    writes: 'update arlon/clusters/staging-eu.yaml',
    reaches: 'Clusters it reaches: staging-eu',
  },
};

/** The new-bundle template's Helm repository form. */
const HELM_FORM = {
  name: 'podinfo',
  sourceType: 'helmRepository',
  chartRepoUrl: 'https://stefanprodan.github.io/podinfo',
  chart: 'podinfo',
  chartVersion: '6.5.4',
};

describe('software templates', () => {
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

  /** A template's scaffolder dry run with what a person filled in. */
  const dryRun = (name: string, values: object, secrets: object = {}) =>
    request(server)
      .post('/api/scaffolder/v2/dry-run')
      .send({
        template: template(name),
        values,
        secrets,
        directoryContents: [],
      });
  const logOf = (res: any): string =>
    (res.body.log ?? []).map((l: any) => l.body?.message).join('\n');

  it('has a form for every template in templates/', () => {
    const folders = fs.readdirSync(TEMPLATES).filter(f => f !== 'all.yaml');
    expect(folders.sort()).toEqual(Object.keys(FORMS).sort());
    expect(
      parse(
        fs.readFileSync(path.join(TEMPLATES, 'all.yaml'), 'utf8'),
      ).spec.targets.sort(),
    ).toEqual(folders.map(f => `./${f}/template.yaml`).sort());
  });

  it.each(Object.keys(FORMS))(
    '%s ends with a review page that previews its commit',
    name => {
      const pages = template(name).spec.parameters;
      const fields = Object.values(pages[pages.length - 1].properties);
      expect(fields.map((f: any) => f['ui:field'])).toEqual([
        'ArlonCommitPreview',
      ]);
    },
  );

  it.each(Object.keys(FORMS))(
    '%s runs in the scaffolder dry run, writing nothing',
    async name => {
      const before = await fleet.commits();
      const form = FORMS[name];
      const res = await dryRun(name, form.values, form.secrets);
      const log = logOf(res);
      expect({
        status: res.status,
        error: /error|fail/i.test(log) ? log : undefined,
      }).toEqual({
        status: 200,
        error: undefined,
      });
      expect(log).toContain(form.writes);
      expect(log).toContain(form.reaches ?? '');
      // The definition itself comes back for the commit preview to show
      // (an import's registration is not dry-run, so it has only the list).
      const shown = res.body.directoryContents.map(
        (f: { path: string }) => f.path,
      );
      // (A deleted definition has nothing to show.)
      expect(shown.includes(form.writes.split(' ')[1])).toBe(
        name !== 'import-cluster' && name !== 'delete-cluster',
      );
      // Without a pull request (commit mode, a dry run), its link is hidden.
      expect(
        (res.body.output?.links ?? []).map((l: { title: string }) => l.title),
      ).not.toContain('Review the pull request');
      expect(await fleet.commits()).toBe(before);
    },
  );

  it.each(Object.keys(FORMS))(
    '%s links the pull request when the fleet repository takes changes that way',
    name => {
      const { steps, output } = template(name).spec;
      const step = steps.find((s: { action: string }) =>
        s.action.startsWith('arlon:'),
      );
      const pr = `steps.${step.id}.output.pullRequestUrl`;
      expect(output.links).toContainEqual({
        title: 'Review the pull request',
        icon: 'github',
        url: `\${{ ${pr} }}`,
        // (A condition that renders to nothing would keep the link.)
        if: `\${{ ${pr} is defined }}`,
      });
    },
  );

  it("offers exactly the catalog's providers, each with its cluster types and required fields", () => {
    const [page] = template('new-clusterspec').spec.parameters;
    expect(page.properties.provider.enum).toEqual(PROVIDERS.map(p => p.id));
    for (const provider of PROVIDERS) {
      const branch = page.dependencies.provider.oneOf.find(
        (o: any) => o.properties.provider.const === provider.id,
      );
      const types = Object.values(provider.clusterTypes);
      expect(branch.properties.type.enum).toEqual(
        Object.keys(provider.clusterTypes),
      );
      const everywhere = (f: string) =>
        types.every(t => t.requires.includes(f));
      const own = [
        ...new Set(types.flatMap(t => Object.keys(t.fields))),
      ].filter(f => f.startsWith(`providerSpec.${provider.id}.`));
      expect(branch.required.sort()).toEqual(
        [
          'type',
          ...(['region', 'sshKeyName'] as const).filter(everywhere),
          ...(own.some(everywhere) ? ['providerSpec'] : []),
        ].sort(),
      );
      // A region the provider's CRD constrains is offered as that list.
      const regions = types.find(t => t.values?.region)?.values?.region;
      expect(branch.properties.region?.enum).toEqual(regions);
      // Every provider setting the catalog maps is offered, those every type requires required.
      const block = branch.properties.providerSpec?.properties[provider.id];
      expect(Object.keys(block?.properties ?? {}).sort()).toEqual(
        own.map(f => f.split('.')[2]).sort(),
      );
      expect((block?.required ?? []).sort()).toEqual(
        own
          .filter(everywhere)
          .map(f => f.split('.')[2])
          .sort(),
      );
    }
  });

  /** The new-bundle template's Helm repository form, through the scaffolder's dry run. */
  describe('new-bundle: a chart from a Helm repository', () => {
    it('offers the Helm repository beside the inline and Git forms', () => {
      const [page] = template('new-bundle').spec.parameters;
      expect(page.properties.sourceType.enum).toEqual([
        'inline',
        'git',
        'helmRepository',
      ]);
      const branch = page.dependencies.sourceType.oneOf.find(
        (o: any) => o.properties.sourceType.const === 'helmRepository',
      );
      expect(branch.required).toEqual([
        'chartRepoUrl',
        'chart',
        'chartVersion',
      ]);
    });

    it('previews the bundle with its chart source and writes nothing', async () => {
      const before = await fleet.commits();
      const res = await dryRun('new-bundle', HELM_FORM);
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
      const res = await dryRun('new-bundle', { ...HELM_FORM, ...over });
      expect(res.status).toBe(400);
      const text: string =
        res.body.error?.message ?? JSON.stringify(res.body.errors ?? res.body);
      expect(text).toMatch(message);
      expect(JSON.stringify(res.body)).not.toContain('hunter2');
      expect(await fleet.commits()).toBe(before);
    });
  });

  describe('node pool templates', () => {
    const fileOf = (res: any, file: string) =>
      parse(
        Buffer.from(
          res.body.directoryContents.find(
            (f: { path: string }) => f.path === file,
          ).base64Content,
          'base64',
        ).toString(),
      );

    it('scale-node-pool: a fixed size stops autoscaling and sets the machines', async () => {
      const res = await dryRun('scale-node-pool', {
        target: 'clusterSpec',
        clusterSpec: 'resource:default/clusterspec-aws-eks',
        nodePool: 'general',
        autoscale: false,
        replicas: 4,
      });
      expect(res.status).toBe(200);
      expect(
        fileOf(res, 'arlon/clusterspecs/aws-eks.yaml').spec.nodePools,
      ).toEqual([{ name: 'general', machineType: 't3.large', replicas: 4 }]);
    });

    it('scale-node-pool: an autoscaling range reaches the spec as { min, max }', async () => {
      const res = await dryRun(
        'scale-node-pool',
        FORMS['scale-node-pool'].values,
      );
      expect(
        fileOf(res, 'arlon/clusterspecs/docker-dev.yaml').spec.nodePools[0],
      ).toEqual({
        name: 'md-0',
        machineType: 'kindest/node:v1.30.0',
        replicas: 2,
        autoscaling: { min: 1, max: 5 },
      });
    });

    it('change-machine-type: the review says Cluster API rolls the pool onto a new template', async () => {
      const res = await dryRun(
        'change-machine-type',
        FORMS['change-machine-type'].values,
      );
      expect(logOf(res)).toMatch(
        /new AWSMachineTemplate staging-eu-workers-[0-9a-f]{8}: a template is named by its content, so Cluster API rolls the machines/,
      );
    });

    it.each([
      [
        'scale-node-pool',
        { autoscale: true, min: 6, max: 2 },
        /autoscaling\.min \(6\) is above .*autoscaling\.max \(2\)/,
      ],
      [
        'scale-node-pool',
        { autoscale: false, replicas: 100000 },
        /does not meet dependency required by instance\.autoscale/,
      ],
      [
        'change-machine-type',
        { machineType: 'm5.large; rm -rf /' },
        /machineType does not match pattern/,
      ],
      [
        'change-machine-type',
        { nodePool: '__proto__', machineType: 'm5.large' },
        /nodePool does not match pattern/,
      ],
    ])(
      '%s refuses %j with 400 before any commit',
      async (name, over, message) => {
        const before = await fleet.commits();
        const res = await dryRun(name, {
          target: 'clusterSpec',
          clusterSpec: 'resource:default/clusterspec-aws-eks',
          nodePool: 'general',
          ...over,
        });
        expect(res.status).toBe(400);
        const text: string =
          res.body.error?.message ??
          JSON.stringify(res.body.errors ?? res.body);
        expect(text).toMatch(message);
        expect(await fleet.commits()).toBe(before);
      },
    );
  });

  describe('remove-profiles: refusals', () => {
    it.each([
      [
        'a selector matching no cluster',
        { by: 'selector', selector: 'env=mars' },
        /No cluster matches selector "env=mars"/,
      ],
      [
        'a blank selector, which would select every cluster',
        { by: 'selector', selector: '   ' },
        /The selector is blank: it would select every cluster/,
      ],
      [
        // An entity ref's last segment is its name: no path is built from the rest.
        'a cluster path instead of a cluster',
        {
          by: 'names',
          clusters: ['resource:default/../../generated/x'],
        },
        /Not in the fleet repository: Cluster x/,
      ],
    ])('refuses %s before any commit', async (_, over, message) => {
      const before = await fleet.commits();
      const res = await dryRun('remove-profiles', {
        profiles: ['resource:default/profile-infrastructure'],
        ...over,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const text: string =
        res.body.error?.message ?? JSON.stringify(res.body.errors ?? res.body);
      expect(text).toMatch(message);
      expect(await fleet.commits()).toBe(before);
    });
  });

  it("remove-profiles: a profile named __proto__ that no cluster has leaves the cluster's profiles as they are", async () => {
    const before = await fleet.commits();
    const res = await dryRun('remove-profiles', {
      profiles: ['__proto__'],
      by: 'names',
      clusters: ['resource:default/dev-local'],
    });
    expect(res.status).toBe(200);
    // (assignProfiles in arlon-node still rewrites the file's layout: a known gap.)
    const file = res.body.directoryContents.find(
      (f: { path: string }) => f.path === 'arlon/clusters/dev-local.yaml',
    );
    expect(
      parse(Buffer.from(file.base64Content, 'base64').toString()).spec.profiles,
    ).toEqual(['infrastructure', 'apps']);
    expect(({} as any).polluted).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
  });

  describe('delete-cluster: refusals', () => {
    it.each([
      [
        'a confirmation that is not the name',
        { name: 'resource:default/prod-us-west', confirm: 'dev-local' },
        /"confirm" must repeat the cluster's name, "prod-us-west"/,
      ],
      [
        'an imported cluster, sent to unregister',
        { name: 'resource:default/edge-imported', confirm: 'edge-imported' },
        /is external \(spec\.external\).*arlon:cluster:unregister/,
      ],
      [
        'a confirmation carrying a shell command (the form)',
        { name: 'resource:default/prod-us-west', confirm: 'x; rm -rf /' },
        /confirm does not match pattern/,
      ],
    ])('refuses %s with 400 before any commit', async (_, values, message) => {
      const before = await fleet.commits();
      const res = await dryRun('delete-cluster', values);
      expect(res.status).toBe(400);
      const text: string =
        res.body.error?.message ?? JSON.stringify(res.body.errors ?? res.body);
      expect(text).toMatch(message);
      expect(await fleet.commits()).toBe(before);
    });
  });

  /** The upgrade-kubernetes template's refusals, through the scaffolder's dry run. */
  describe('upgrade-kubernetes: refusals', () => {
    const UPGRADE = {
      target: 'clusterSpec',
      clusterSpec: 'resource:default/clusterspec-aws-eks',
    };
    it.each([
      // Refused by the action, naming the file and the field:
      [
        'a skipped minor version',
        { kubernetesVersion: 'v1.31.0' },
        /arlon\/clusterspecs\/aws-eks\.yaml: spec\.kubernetesVersion: v1\.29\.4 → v1\.31\.0 skips v1\.30/,
      ],
      [
        'a downgrade',
        { kubernetesVersion: 'v1.28.0' },
        /spec\.kubernetesVersion: v1\.29\.4 → v1\.28\.0 is a downgrade/,
      ],
      [
        'a linked cluster instead of its spec',
        {
          target: 'cluster',
          cluster: 'resource:default/prod-us-west',
          kubernetesVersion: 'v1.30.0',
        },
        /follows ClusterSpec "aws-eks" \(mode linked\): change that spec/,
      ],
      // Refused by the form itself (its pattern), before the action runs:
      [
        'a version carrying a shell command',
        { kubernetesVersion: 'v1.30.0; rm -rf /' },
        /kubernetesVersion does not match pattern/,
      ],
    ])('refuses %s with 400 before any commit', async (_, over, message) => {
      const before = await fleet.commits();
      const res = await dryRun('upgrade-kubernetes', { ...UPGRADE, ...over });
      expect(res.status).toBe(400);
      const text: string =
        res.body.error?.message ?? JSON.stringify(res.body.errors ?? res.body);
      expect(text).toMatch(message);
      expect(await fleet.commits()).toBe(before);
    });
  });
});
