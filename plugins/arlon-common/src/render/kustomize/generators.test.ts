import { parse, parseAllDocuments } from 'yaml';
import { renderSource } from '../renderSource';
import { contentHash } from './contentHash';

const manifests = (text: string) => parseAllDocuments(text).map(d => d.toJS());

/** Base64 as the API server returns it (one line), for kustomize's wrapped expected output. */
const unwrapped = (objects: any[]) =>
  objects.map(o =>
    o.kind === 'Secret'
      ? {
          ...o,
          data: Object.fromEntries(
            Object.entries(o.data).map(([k, v]) => [
              k,
              String(v).replace(/\n/g, ''),
            ]),
          ),
        }
      : o,
  );

describe('kustomize configMapGenerator and secretGenerator', () => {
  // kustomize api/krusty/configmaps_test.go TestGeneratorBasics, files and expected output verbatim.
  it('generates what kustomize build generates, content-hash names included', () => {
    const files = new Map([
      [
        'app/kustomization.yaml',
        `
namePrefix: blah-
configMapGenerator:
- name: bob
  literals:
  - fruit=apple
  - vegetable=broccoli
  envs:
  - foo.env
  env: bar.env
  files:
  - passphrase=phrase.dat
  - forces.txt
- name: json
  literals:
  - 'v2=[{"path": "var/druid/segment-cache"}]'
  - >-
    druid_segmentCache_locations=[{"path":
    "var/druid/segment-cache",
    "maxSize": 32000000000,
    "freeSpacePercent": 1.0}]
secretGenerator:
- name: bob
  literals:
  - fruit=apple
  - vegetable=broccoli
  envs:
  - foo.env
  files:
  - passphrase=phrase.dat
  - forces.txt
  env: bar.env
`,
      ],
      ['app/foo.env', '\nMOUNTAIN=everest\nOCEAN=pacific\n'],
      ['app/bar.env', '\nBIRD=falcon\n'],
      [
        'app/phrase.dat',
        '\nLife is short.\nBut the years are long.\nNot while the evil days come not.\n',
      ],
      [
        'app/forces.txt',
        '\ngravitational\nelectromagnetic\nstrong nuclear\nweak nuclear\n',
      ],
    ]);
    const expected = manifests(`
apiVersion: v1
data:
  BIRD: falcon
  MOUNTAIN: everest
  OCEAN: pacific
  forces.txt: |2

    gravitational
    electromagnetic
    strong nuclear
    weak nuclear
  fruit: apple
  passphrase: |2

    Life is short.
    But the years are long.
    Not while the evil days come not.
  vegetable: broccoli
kind: ConfigMap
metadata:
  name: blah-bob-g9df72cd5b
---
apiVersion: v1
data:
  druid_segmentCache_locations: '[{"path": "var/druid/segment-cache", "maxSize": 32000000000,
    "freeSpacePercent": 1.0}]'
  v2: '[{"path": "var/druid/segment-cache"}]'
kind: ConfigMap
metadata:
  name: blah-json-m8529t979f
---
apiVersion: v1
data:
  BIRD: ZmFsY29u
  MOUNTAIN: ZXZlcmVzdA==
  OCEAN: cGFjaWZpYw==
  forces.txt: |
    CmdyYXZpdGF0aW9uYWwKZWxlY3Ryb21hZ25ldGljCnN0cm9uZyBudWNsZWFyCndlYWsgbn
    VjbGVhcgo=
  fruit: YXBwbGU=
  passphrase: |
    CkxpZmUgaXMgc2hvcnQuCkJ1dCB0aGUgeWVhcnMgYXJlIGxvbmcuCk5vdCB3aGlsZSB0aG
    UgZXZpbCBkYXlzIGNvbWUgbm90Lgo=
  vegetable: YnJvY2NvbGk=
kind: Secret
metadata:
  name: blah-bob-58g62h555c
type: Opaque
`);
    // kustomize breaks long base64 into lines; the API server stores (and the
    // renderer writes) it unbroken, and hashes it broken as kustomize does.
    expect(renderSource(files, 'app', false)).toEqual(unwrapped(expected));
  });

  // kustomize api/hasher/hasher_test.go TestConfigMapHash and TestSecretHash.
  it.each([
    ['apiVersion: v1\nkind: ConfigMap', '6ct58987ht'],
    ['apiVersion: v1\nkind: ConfigMap\ndata:\n  one: ""', '9g67k2htb6'],
    [
      'apiVersion: v1\nkind: ConfigMap\ndata:\n  two: 2\n  one: ""\n  three: 3',
      '7757f9kkct',
    ],
    ['apiVersion: v1\nkind: ConfigMap\nbinaryData:\n  one: ""', '6mtk2m274t'],
    [
      'apiVersion: v1\nkind: ConfigMap\ndata:\n  one: ""\nbinaryData:\n  two: ""',
      '698h7c7t9m',
    ],
    ['apiVersion: v1\nkind: Secret\ntype: my-type', '5gmgkf8578'],
    [
      'apiVersion: v1\nkind: Secret\ntype: my-type\ndata:\n  one: ""',
      '74bd68bm66',
    ],
    [
      'apiVersion: v1\nkind: Secret\ntype: my-type\ndata:\n  two: 2\n  one: ""\n  three: 3',
      '4gf75c7476',
    ],
  ])('hashes %j as kustomize hashes it', (yaml, hash) => {
    expect(contentHash(parse(yaml))).toBe(hash);
  });

  it('renames references in pod specs to the hashed names, and leaves other names alone', () => {
    const files = new Map([
      [
        'app/kustomization.yaml',
        'resources: [deploy.yaml]\nconfigMapGenerator:\n- {name: cfg, literals: [a=b]}\nsecretGenerator:\n- {name: creds, literals: [p=q]}\n',
      ],
      [
        'app/deploy.yaml',
        `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  template:
    spec:
      imagePullSecrets: [{name: creds}]
      volumes:
      - {name: a, configMap: {name: cfg}}
      - {name: b, secret: {secretName: creds}}
      - {name: c, projected: {sources: [{configMap: {name: cfg}}, {secret: {name: creds}}]}}
      - {name: d, configMap: {name: other}}
      containers:
      - name: web
        envFrom: [{configMapRef: {name: cfg}}, {secretRef: {name: creds}}]
        env:
        - {name: A, valueFrom: {configMapKeyRef: {name: cfg, key: a}}}
        - {name: P, valueFrom: {secretKeyRef: {name: creds, key: p}}}
`,
      ],
    ]);
    const [deploy, cm, secret] = renderSource(files, 'app', false);
    expect(cm.metadata.name).toMatch(/^cfg-[a-z0-9]{10}$/);
    expect(secret.metadata.name).toMatch(/^creds-[a-z0-9]{10}$/);
    const spec = deploy.spec.template.spec;
    expect(spec.imagePullSecrets[0].name).toBe(secret.metadata.name);
    expect(
      spec.volumes.map(
        (v: any) =>
          v.configMap?.name ??
          v.secret?.secretName ??
          v.projected.sources.map(
            (s: any) => s.configMap?.name ?? s.secret.name,
          ),
      ),
    ).toEqual([
      cm.metadata.name,
      secret.metadata.name,
      [cm.metadata.name, secret.metadata.name],
      'other',
    ]);
    const c = spec.containers[0];
    expect(c.envFrom).toEqual([
      { configMapRef: { name: cm.metadata.name } },
      { secretRef: { name: secret.metadata.name } },
    ]);
    expect(
      c.env.map(
        (e: any) =>
          (e.valueFrom.configMapKeyRef ?? e.valueFrom.secretKeyRef).name,
      ),
    ).toEqual([cm.metadata.name, secret.metadata.name]);
  });

  it('hashes at the top kustomization, after its namePrefix, and renames a base reference', () => {
    const files = new Map([
      ['overlay/kustomization.yaml', 'resources: [base]\nnamePrefix: x-\n'],
      [
        'overlay/base/kustomization.yaml',
        'resources: [pod.yaml]\nconfigMapGenerator:\n- {name: cfg, literals: [a=b]}\n',
      ],
      [
        'overlay/base/pod.yaml',
        'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes: [{name: v, configMap: {name: cfg}}]\n',
      ],
    ]);
    const [pod, cm] = renderSource(files, 'overlay', false);
    expect(cm.metadata.name).toBe(
      `x-cfg-${contentHash({ kind: 'ConfigMap', data: { a: 'b' } })}`,
    );
    expect(pod.metadata.name).toBe('x-p');
    expect(pod.spec.volumes[0].configMap.name).toBe(cm.metadata.name);
  });

  it('gives no suffix with generatorOptions.disableNameSuffixHash, and carries its labels, annotations and immutable', () => {
    const files = new Map([
      [
        'app/kustomization.yaml',
        'generatorOptions:\n  disableNameSuffixHash: true\n  labels: {team: a}\nconfigMapGenerator:\n- name: cfg\n  literals: [a=b]\n  options: {annotations: {note: "1.10"}, immutable: true}\nsecretGenerator:\n- {name: tls, type: kubernetes.io/tls, literals: [tls.crt=c, tls.key=k]}\n',
      ],
    ]);
    expect(renderSource(files, 'app', false)).toEqual([
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: 'cfg',
          labels: { team: 'a' },
          annotations: { note: '1.10' },
        },
        data: { a: 'b' },
        immutable: true,
      },
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'tls', labels: { team: 'a' } },
        type: 'kubernetes.io/tls',
        data: { 'tls.crt': 'Yw==', 'tls.key': 'aw==' },
      },
    ]);
  });
});
