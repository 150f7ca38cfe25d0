import { parseAllDocuments } from 'yaml';
import { compileFleet } from '../compiler/compileFleet';
import { validateFleet } from '../validation/validateFleet';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};

/**
 * providerSpec strings are free text that ends up in generated/ manifests
 * ArgoCD applies with its own credentials. A value must stay that value: no
 * extra document (a Secret, a ClusterRoleBinding), no extra field, no Go
 * template evaluated. Values spanning lines are refused at their line;
 * single-line ones with YAML or template syntax come back exactly.
 */
const MULTI_LINE: Array<[string, string]> = [
  [
    'a document break and a second object',
    'tpl\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: stolen',
  ],
  ['a key and value on a new line', 'tpl\nextraField: injected'],
  ['a document end marker', 'tpl\n...\n---\nkind: Namespace'],
  ['carriage returns and tabs', 'tpl\r\n\tkind: Secret'],
  ['a NUL byte', 'tpl\u0000kind'],
  ['unicode line separators', 'tpl\u2028kind: Secret\u2029'],
];

const SINGLE_LINE: Array<[string, string]> = [
  ['a document marker alone', '---'],
  ['a YAML flow mapping', '{kind: Secret, metadata: {name: x}}'],
  ['a Go template', '{{ .Values.secret }}{{- lookup "v1" "Secret" "" "" }}'],
  ['a comment, an anchor, an alias and a tag', 'tpl # &a *a !!binary'],
  ['a key-looking value', 'kind: Secret'],
  ['a byte order mark', '\ufefftpl'],
  ['quotes and backslashes', `'"\\"'`],
];

const spec = (template: string) => `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: onprem
spec:
  provider: vsphere
  type: kubeadm
  kubernetesVersion: v1.30.2
  providerSpec:
    vsphere:
      server: vcenter.example.com
      template: ${JSON.stringify(template)}
      network: ${JSON.stringify(template)}
  nodePools:
    - name: workers
      replicas: 2
`;

const cluster = `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: onprem-1
spec:
  clusterSpec: onprem
`;

const validated = (template: string) =>
  validateFleet({
    'arlon/clusterspecs/onprem.yaml': spec(template),
    'arlon/clusters/onprem-1.yaml': cluster,
  });

function compiledObjects(template: string): any[] {
  const { fleet, problems } = validated(template);
  expect(problems).toEqual([]);
  const generated = compileFleet(fleet, OPTIONS);
  const docs = parseAllDocuments(
    generated['generated/clusters/onprem-1/cluster.yaml'],
  );
  for (const doc of docs) expect(doc.errors).toEqual([]);
  return docs.map(d => d.toJS());
}

describe('providerSpec strings cannot inject into the generated manifests', () => {
  it.each(MULTI_LINE)(
    '%s: refused at its line, nothing compiled',
    (_label, value) => {
      const { fleet, problems } = validated(value);
      expect(fleet.clusterSpecs.has('onprem')).toBe(false);
      expect(
        problems.map(({ file, line, field, message }) => ({
          file,
          line,
          field,
          message,
        })),
      ).toEqual([
        {
          file: 'arlon/clusterspecs/onprem.yaml',
          line: 12,
          field: 'spec.providerSpec.vsphere.template',
          message: expect.stringContaining(
            'must be one line, without control characters',
          ),
        },
        {
          file: 'arlon/clusterspecs/onprem.yaml',
          line: 13,
          field: 'spec.providerSpec.vsphere.network',
          message: expect.stringContaining(
            'must be one line, without control characters',
          ),
        },
      ]);
    },
  );

  const clean = compiledObjects('ubuntu-2204');
  const shape = (objects: any[]) =>
    objects.map(
      o =>
        `${o.apiVersion} ${o.kind} ${o.metadata.name.replace(
          /-[0-9a-f]{8}$/,
          '',
        )}`,
    );

  it.each(SINGLE_LINE)(
    '%s: the same objects, the value exactly where it was written',
    (_label, value) => {
      const objects = compiledObjects(value);
      // The same objects as a harmless value gives (content-named templates aside).
      expect(shape(objects)).toEqual(shape(clean));
      const templates = objects.filter(
        o => o.kind === 'VSphereMachineTemplate',
      );
      expect(templates.length).toBeGreaterThan(0);
      for (const t of templates) {
        // The value comes back exactly, in the field it was written to, and adds none.
        expect(t.spec.template.spec.template).toBe(value);
        expect(t.spec.template.spec.network.devices[0].networkName).toBe(value);
        expect(Object.keys(t.spec.template.spec).sort()).toEqual(
          Object.keys(
            clean.find(o => o.kind === 'VSphereMachineTemplate').spec.template
              .spec,
          ).sort(),
        );
      }
    },
  );
});

describe('object references in providerSpec are Kubernetes names', () => {
  const aks = (identityRef: string) => `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: c1
spec:
  provider: azure
  type: aks
  kubernetesVersion: v1.30.2
  region: westeurope
  providerSpec:
    azure:
      identityRef: ${identityRef}
  nodePools:
    - name: system
      machineType: Standard_D4s_v5
      replicas: 3
`;
  const problemsOf = (text: string) =>
    validateFleet({ 'arlon/clusterspecs/c1.yaml': text }).problems.map(
      ({ line, field, message }) => ({ line, field, message }),
    );

  it.each([
    ['upper case', 'Cluster-Identity'],
    ['a space', 'cluster identity'],
    ['a path', '../kube-system/admin'],
    ['a trailing dash', 'identity-'],
    ['254 characters', 'a'.repeat(254)],
  ])('an identityRef name with %s is refused at its line', (_label, name) => {
    expect(problemsOf(aks(`{ name: ${JSON.stringify(name)} }`))).toEqual([
      {
        line: 12,
        field: 'spec.providerSpec.azure.identityRef.name',
        message: expect.stringMatching(
          /must be (a Kubernetes object name|at most 253 characters)/,
        ),
      },
    ]);
  });

  it('an identityRef namespace that is not a namespace name is refused at its line', () => {
    expect(
      problemsOf(aks('{ name: cluster-identity, namespace: "capz.system" }')),
    ).toEqual([
      {
        line: 12,
        field: 'spec.providerSpec.azure.identityRef.namespace',
        message: expect.stringContaining('must be a namespace name'),
      },
    ]);
  });

  it('a dotted identity name is a valid object name', () => {
    expect(
      problemsOf(aks('{ name: identity.prod, namespace: capz-system }')),
    ).toEqual([]);
  });
});
