import { validateFleet } from '../validation/validateFleet';

const FILE = 'arlon/clusterspecs/c1.yaml';

/** A GKE spec whose `providerSpec` (and any extra spec lines) the case replaces. */
const spec = (providerSpec: string, extra = '') => `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: c1
spec:
  provider: gcp
  type: gke
  kubernetesVersion: v1.30.2
  region: europe-west4
${extra}  providerSpec:
${providerSpec}
  nodePools:
    - name: workers
      machineType: e2-standard-4
      replicas: 2
`;

function refused(text: string) {
  const { fleet, problems } = validateFleet({ [FILE]: text });
  // A spec with problems never reaches the compiler.
  expect(fleet.clusterSpecs.has('c1')).toBe(false);
  return problems.map(({ file, line, field, message, hint }) => ({
    file,
    line,
    field,
    message,
    hint,
  }));
}

describe('hostile providerSpec input: refused at its file, line and field', () => {
  it('a misspelt provider field', () => {
    expect(refused(spec('    gcp:\n      projectId: acme'))).toEqual([
      {
        file: FILE,
        line: 12,
        field: 'spec.providerSpec.gcp.projectId',
        message: 'unknown field spec.providerSpec.gcp.projectId',
        hint: 'Remove it, or check its spelling and indentation.',
      },
    ]);
  });

  it('a block for a provider that does not exist', () => {
    expect(
      refused(
        spec('    gcp: { project: acme }\n    alibabacloud: { region: x }'),
      ),
    ).toEqual([
      expect.objectContaining({
        line: 12,
        field: 'spec.providerSpec.alibabacloud',
        message: 'unknown field spec.providerSpec.alibabacloud',
      }),
    ]);
  });

  it('a __proto__ key', () => {
    expect(
      refused(
        spec('    gcp: { project: acme }\n    __proto__: { polluted: true }'),
      ),
    ).toEqual([
      expect.objectContaining({
        line: 12,
        field: 'spec.providerSpec.__proto__',
        message: expect.stringContaining('"__proto__" is not allowed'),
      }),
    ]);
    expect(({} as any).polluted).toBeUndefined();
  });

  it('providerSpec as a list', () => {
    expect(refused(spec('    - gcp'))).toEqual([
      expect.objectContaining({ line: 10, field: 'spec.providerSpec' }),
    ]);
  });

  it('an empty project', () => {
    expect(refused(spec("    gcp: { project: '' }"))).toEqual([
      expect.objectContaining({
        line: 11,
        field: 'spec.providerSpec.gcp.project',
        message: expect.stringContaining('must not be empty'),
      }),
    ]);
  });

  it('a 2000-character project', () => {
    expect(refused(spec(`    gcp: { project: ${'a'.repeat(2000)} }`))).toEqual([
      expect.objectContaining({
        field: 'spec.providerSpec.gcp.project',
        message: expect.stringContaining('at most 1024 characters'),
      }),
    ]);
  });

  it("another provider's block beside its own", () => {
    expect(
      refused(
        spec('    gcp: { project: acme }\n    azure: { resourceGroup: rg }'),
      ),
    ).toEqual([
      {
        file: FILE,
        line: 12,
        field: 'spec.providerSpec.azure',
        message:
          "providerSpec.azure is for provider azure; this spec's provider is gcp",
        hint: "Remove it; gcp's own settings go under providerSpec.gcp.",
      },
    ]);
  });

  it('a generic field the provider has nowhere to put (sshKeyName on GKE)', () => {
    expect(
      refused(spec('    gcp: { project: acme }', '  sshKeyName: ops\n')),
    ).toEqual([
      expect.objectContaining({
        line: 10,
        field: 'spec.sshKeyName',
        message:
          "gcp gke clusters have no sshKeyName: the provider's CRDs have no field it could become",
      }),
    ]);
  });
});

describe('hostile providerSpec input on other providers', () => {
  const maas = (settings: string) => `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: c1
spec:
  provider: maas
  type: kubeadm
  kubernetesVersion: v1.30.2
  providerSpec:
    maas:
      dnsDomain: maas.example.com
      image: ubuntu/jammy
${settings}
  nodePools:
    - name: workers
      replicas: 2
`;

  it('a CPU count written as words', () => {
    expect(refused(maas('      minCPU: four\n      minMemory: 8192'))).toEqual([
      expect.objectContaining({
        line: 13,
        field: 'spec.providerSpec.maas.minCPU',
      }),
    ]);
  });

  it('zero memory', () => {
    expect(refused(maas('      minCPU: 4\n      minMemory: 0'))).toEqual([
      expect.objectContaining({
        line: 14,
        field: 'spec.providerSpec.maas.minMemory',
        message: expect.stringContaining('at least 1'),
      }),
    ]);
  });

  it('an identityRef carrying a kind of its own (Arlon writes AzureClusterIdentity)', () => {
    const text = `apiVersion: core.arlon.io/v1
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
      identityRef: { name: id, kind: Secret }
  nodePools:
    - name: system
      machineType: Standard_D4s_v5
      replicas: 3
`;
    expect(refused(text)).toEqual([
      expect.objectContaining({
        line: 12,
        field: 'spec.providerSpec.azure.identityRef.kind',
        message: 'unknown field spec.providerSpec.azure.identityRef.kind',
      }),
    ]);
  });

  it('a Hetzner token Secret without the key of the token', () => {
    const text = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: c1
spec:
  provider: hetzner
  type: kubeadm
  kubernetesVersion: v1.30.2
  region: fsn1
  sshKeyName: ops
  providerSpec:
    hetzner:
      hetznerSecretRef: { name: hetzner, key: {} }
  nodePools:
    - name: workers
      machineType: cpx31
      replicas: 2
`;
    expect(refused(text)).toEqual([
      expect.objectContaining({
        line: 13,
        field: 'spec.providerSpec.hetzner.hetznerSecretRef.key.hcloudToken',
      }),
    ]);
  });
});
