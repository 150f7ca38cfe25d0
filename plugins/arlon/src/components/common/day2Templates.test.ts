import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  clusterSpecTemplateLinks,
  clusterTemplateLinks,
  type TemplateLinkSpec,
} from './day2Templates';

const TEMPLATES = path.resolve(
  __dirname,
  '../../../../scaffolder-backend-module-arlon/templates',
);

/** Every template by its metadata.name, with the fields its form has (dependencies included). */
const templates = new Map(
  fs
    .readdirSync(TEMPLATES)
    .filter(f => f !== 'all.yaml')
    .map(f =>
      parse(fs.readFileSync(path.join(TEMPLATES, f, 'template.yaml'), 'utf8')),
    )
    .map(t => {
      const fields = new Set<string>();
      const walk = (node: any) => {
        if (!node || typeof node !== 'object') return;
        for (const key of Object.keys(node.properties ?? {})) fields.add(key);
        for (const branch of Object.values(node.dependencies ?? {}))
          for (const option of (branch as any).oneOf ?? []) walk(option);
      };
      for (const page of t.spec.parameters) walk(page);
      return [t.metadata.name as string, fields] as const;
    }),
);

const cluster = (spec: object) =>
  ({ kind: 'Cluster', metadata: { name: 'qa-1' }, spec } as any);
const titles = (links: TemplateLinkSpec[]) => links.map(l => l.title);

describe('day-2 template links', () => {
  const all = [
    ...clusterSpecTemplateLinks('docker-dev'),
    ...clusterTemplateLinks(
      cluster({ clusterSpec: 'docker-dev', mode: 'cloned', profiles: ['a'] }),
    ),
    ...clusterTemplateLinks(cluster({ clusterSpec: 'docker-dev' })),
  ];

  it.each(all.map(l => [l.title, l] as const))(
    '%s: names a shipped template and pre-fills only fields its form has',
    (_, link) => {
      const fields = templates.get(link.templateName);
      expect(fields).toBeDefined();
      expect(Object.keys(link.formData).filter(k => !fields!.has(k))).toEqual(
        [],
      );
    },
  );

  it("a linked cluster's upgrade goes to its spec, asking the spec's permission", () => {
    const [upgrade] = clusterTemplateLinks(cluster({ clusterSpec: 'aws-eks' }));
    expect(upgrade).toMatchObject({
      title: 'Upgrade Kubernetes (spec aws-eks)',
      formData: {
        target: 'clusterSpec',
        clusterSpec: 'resource:default/clusterspec-aws-eks',
      },
      permission: { name: 'arlon.definition.update' },
      resourceRef: 'resource:default/clusterspec-aws-eks',
    });
  });

  it("a cloned cluster's changes are its own, on arlon.cluster.update", () => {
    const links = clusterTemplateLinks(
      cluster({ clusterSpec: 'docker-dev', mode: 'cloned' }),
    );
    expect(links[0]).toMatchObject({
      formData: { target: 'cluster', cluster: 'resource:default/qa-1' },
      permission: { name: 'arlon.cluster.update' },
    });
    expect(
      links.find(l => l.templateName === 'arlon-delete-cluster'),
    ).toMatchObject({ permission: { name: 'arlon.cluster.delete' } });
  });

  it('an imported cluster offers only removing its profiles', () => {
    expect(
      titles(
        clusterTemplateLinks(
          cluster({ external: { server: 'https://x:6443' }, profiles: ['a'] }),
        ),
      ),
    ).toEqual(['Remove profiles']);
  });

  it('a cluster without profiles is not offered their removal', () => {
    expect(
      titles(clusterTemplateLinks(cluster({ clusterSpec: 'docker-dev' }))),
    ).not.toContain('Remove profiles');
  });
});
