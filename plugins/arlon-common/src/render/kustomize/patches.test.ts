import { parseAllDocuments } from 'yaml';
import { renderSource } from '../renderSource';
import { UnrenderableSource } from '../UnrenderableSource';

const manifests = (text: string) => parseAllDocuments(text).map(d => d.toJS());
const render = (entries: Record<string, string>, dir = 'app') =>
  renderSource(new Map(Object.entries(entries)), dir, false);

// kustomize api/krusty/multiplepatch_test.go makeCommonFilesForMultiplePatchTests;
// the base sits inside the overlay (resources: [base]) because Arlon reads
// only the bundle's own tree; kustomize's output is the same either way.
const commonFiles = {
  'overlay/staging/base/kustomization.yaml': `
namePrefix: team-foo-
commonLabels:
  app: mynginx
  org: example.com
  team: foo
commonAnnotations:
  note: This is a test annotation
resources:
  - deployment.yaml
  - service.yaml
configMapGenerator:
- name: configmap-in-base
  literals:
  - foo=bar
`,
  'overlay/staging/base/deployment.yaml': `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: nginx-persistent-storage
          mountPath: /tmp/ps
      - name: sidecar
        image: sidecar:latest
      volumes:
      - configMap:
          name: configmap-in-base
        name: configmap-in-base
`,
  'overlay/staging/base/service.yaml': `
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
    - port: 80
  selector:
    app: nginx
`,
  'overlay/staging/kustomization.yaml': `
namePrefix: staging-
commonLabels:
  env: staging
patchesStrategicMerge:
  - deployment-patch1.yaml
  - deployment-patch2.yaml
resources:
  - base
configMapGenerator:
- name: configmap-in-overlay
  literals:
  - hello=world
`,
};

const additivePatch = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  template:
    spec:
      containers:
      - name: nginx
        env:
        - name: SOME_NAME
          value: somevalue
`;
const deletePatch = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  template:
    spec:
      containers:
      - $patch: delete
        name: sidecar
`;

describe('kustomize patches', () => {
  // kustomize api/krusty/multiplepatch_test.go TestMultiplePatchesWithOnePatchDeleteDirective, expected output verbatim.
  it.each([
    ['first', deletePatch, additivePatch],
    ['second', additivePatch, deletePatch],
  ])(
    'merges strategic patches with the delete directive %s as kustomize build does',
    (_, patch1, patch2) => {
      const objects = render(
        {
          ...commonFiles,
          'overlay/staging/deployment-patch1.yaml': patch1,
          'overlay/staging/deployment-patch2.yaml': patch2,
        },
        'overlay/staging',
      );
      expect(objects).toEqual(
        manifests(`apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: foo
  name: staging-team-foo-nginx
spec:
  selector:
    matchLabels:
      app: mynginx
      env: staging
      org: example.com
      team: foo
  template:
    metadata:
      annotations:
        note: This is a test annotation
      labels:
        app: mynginx
        env: staging
        org: example.com
        team: foo
    spec:
      containers:
      - env:
        - name: SOME_NAME
          value: somevalue
        image: nginx
        name: nginx
        volumeMounts:
        - mountPath: /tmp/ps
          name: nginx-persistent-storage
      volumes:
      - configMap:
          name: staging-team-foo-configmap-in-base-798k5k7g9f
        name: configmap-in-base
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: foo
  name: staging-team-foo-nginx
spec:
  ports:
  - port: 80
  selector:
    app: mynginx
    env: staging
    org: example.com
    team: foo
---
apiVersion: v1
data:
  foo: bar
kind: ConfigMap
metadata:
  annotations:
    note: This is a test annotation
  labels:
    app: mynginx
    env: staging
    org: example.com
    team: foo
  name: staging-team-foo-configmap-in-base-798k5k7g9f
---
apiVersion: v1
data:
  hello: world
kind: ConfigMap
metadata:
  labels:
    env: staging
  name: staging-configmap-in-overlay-dc6fm46dhm
`),
      );
    },
  );

  // kustomize api/krusty/multiplepatch_test.go TestPatchAddNewServicePort:
  // the patch's new port comes first, then the object's others.
  it('merges Service ports by port, the patch first, as kustomize build does', () => {
    const service = `
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
    - port: 30900
      targetPort: 30900
      protocol: TCP
  type: NodePort
`;
    const patch = (port: number) => `
apiVersion: v1
kind: Service
metadata:
  name: web
  labels:
    service: web
spec:
  ports:
    - port: ${port}
      targetPort: ${port}
  selector:
    service: web
`;
    const kustomization =
      'resources:\n  - service.yaml\npatchesStrategicMerge:\n  - patch.yaml\n';
    expect(
      render({
        'app/kustomization.yaml': kustomization,
        'app/service.yaml': service,
        'app/patch.yaml': patch(30901),
      }),
    ).toEqual(
      manifests(`
apiVersion: v1
kind: Service
metadata:
  labels:
    service: web
  name: web
spec:
  ports:
  - port: 30901
    targetPort: 30901
  - port: 30900
    protocol: TCP
    targetPort: 30900
  selector:
    service: web
  type: NodePort
`),
    );
    // TestPatchPortHasNoProtocol: the same port merges, keeping the protocol.
    expect(
      render({
        'app/kustomization.yaml': kustomization,
        'app/service.yaml': service,
        'app/patch.yaml': patch(30900),
      })[0].spec.ports,
    ).toEqual([{ port: 30900, protocol: 'TCP', targetPort: 30900 }]);
  });

  // kustomize api/krusty/multiplepatch_test.go TestSmpDeleteOnResource.
  it('deletes a whole object with an inline $patch: delete', () => {
    const objects = render({
      'app/kustomization.yaml': `
resources:
- workloads.yaml
patches:
- patch: |
    apiVersion: monitoring.coreos.com/v1
    kind: PrometheusRule
    metadata:
      name: rule1
    $patch: delete
`,
      'app/workloads.yaml': `
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  labels:
    role: alert-rules
  name: rule1
spec:
  groups:
  - name: rabbitmq.rules
---
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  labels:
    role: alert-rules
  name: rule2
spec:
  groups:
  - name: rabbitmq.rules
`,
    });
    expect(objects).toEqual(
      manifests(`
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  labels:
    role: alert-rules
  name: rule2
spec:
  groups:
  - name: rabbitmq.rules
`),
    );
  });

  const deployment = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeploy
spec:
  replica: 2
  template:
    metadata:
      labels:
        old-label: old-value
    spec:
      containers:
      - image: nginx
        name: nginx
`;

  // kustomize api/filters/patchjson6902/patchjson6902_test.go "multiple operations, json".
  it('applies a JSON 6902 patch to its target as kustomize does', () => {
    const objects = render({
      'app/kustomization.yaml':
        'resources: [d.yaml]\npatches:\n- path: ops.json\n  target: {kind: Deployment, name: myDeploy}\n',
      'app/d.yaml': deployment,
      'app/ops.json': `[
{"op": "replace", "path": "/spec/template/spec/containers/0/name", "value": "my-nginx"},
{"op": "add", "path": "/spec/replica", "value": 999},
{"op": "add", "path": "/spec/template/spec/containers/0/command", "value": ["arg1", "arg2", "arg3"]}
]`,
    });
    expect(objects).toEqual(
      manifests(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myDeploy
spec:
  replica: 999
  template:
    metadata:
      labels:
        old-label: old-value
    spec:
      containers:
      - command:
        - arg1
        - arg2
        - arg3
        image: nginx
        name: my-nginx
`),
    );
  });

  it('types a YAML list of operations as JSON 6902 and applies the older patchesJson6902 after the name prefix', () => {
    const [d] = render({
      'app/kustomization.yaml': `resources: [d.yaml]
namePrefix: p-
patchesJson6902:
- target: {group: apps, version: v1, kind: Deployment, name: p-myDeploy}
  patch: |-
    - op: remove
      path: /spec/template/metadata/labels/old-label
    - op: add
      path: /spec/template/spec/containers/-
      value: {name: sidecar, image: envoy}
`,
      'app/d.yaml': deployment,
    });
    expect(d.spec.template.metadata.labels).toEqual({});
    expect(d.spec.template.spec.containers).toEqual([
      { image: 'nginx', name: 'nginx' },
      { name: 'sidecar', image: 'envoy' },
    ]);
  });

  it('selects targets by kind pattern, namespace, labelSelector and annotationSelector', () => {
    const objects = render({
      'app/kustomization.yaml': `resources: [cms.yaml]
patches:
- target: {kind: Config.*, labelSelector: "tier in (web,api),!legacy", annotationSelector: "owner=a"}
  patch: |-
    - {op: add, path: /data/patched, value: "yes"}
- target: {namespace: other}
  patch: |-
    - {op: add, path: /data/other, value: "yes"}
`,
      'app/cms.yaml': [
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, labels: {tier: web}, annotations: {owner: a}}\ndata: {}',
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b, labels: {tier: web, legacy: "y"}, annotations: {owner: a}}\ndata: {}',
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, labels: {tier: db}, annotations: {owner: a}}\ndata: {}',
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: d, namespace: other, labels: {tier: api}, annotations: {owner: b}}\ndata: {}',
      ].join('\n---\n'),
    });
    expect(objects.map(o => [o.metadata.name, o.data])).toEqual([
      ['a', { patched: 'yes' }],
      ['b', {}],
      ['c', {}],
      ['d', { other: 'yes' }],
    ]);
  });

  it("replaces a custom resource's lists, which kustomize has no merge key for", () => {
    const [rule] = render({
      'app/kustomization.yaml':
        'resources: [r.yaml]\npatches:\n- path: p.yaml\n',
      'app/r.yaml':
        'apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata: {name: r}\nspec:\n  groups: [{name: a, rules: []}, {name: b}]\n',
      'app/p.yaml':
        'apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata: {name: r}\nspec:\n  groups: [{name: b, interval: 1m}]\n',
    });
    expect(rule.spec.groups).toEqual([{ name: 'b', interval: '1m' }]);
  });

  it('merges container ports by containerPort, volumeMounts by mountPath, removes a field set to null', () => {
    const [d] = render({
      'app/kustomization.yaml':
        'resources: [d.yaml]\npatches:\n- path: p.yaml\n  target: {kind: Deployment}\n',
      'app/d.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  template:
    spec:
      containers:
      - name: web
        image: web:1
        ports: [{containerPort: 80, name: http}, {containerPort: 9090, name: metrics}]
        volumeMounts: [{mountPath: /a, name: a}, {mountPath: /b, name: b}]
        args: [--one, --two]
`,
      // With a target the patch's own name does not matter (kustomize takes the target's).
      'app/p.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: {name: anything}
spec:
  replicas: null
  template:
    spec:
      containers:
      - name: web
        ports: [{containerPort: 80, protocol: TCP}]
        volumeMounts: [{mountPath: /b, readOnly: true}, {mountPath: /a, $patch: delete}]
        args: [--three]
      volumes: [{name: gone, $patch: delete}, {name: kept}]
`,
    });
    expect(d.metadata.name).toBe('web');
    // A deletion in a list the object does not have yet adds nothing.
    expect(d.spec.template.spec.volumes).toEqual([{ name: 'kept' }]);
    expect(d.spec.replicas).toBeUndefined();
    expect(d.spec.template.spec.containers[0]).toEqual({
      name: 'web',
      image: 'web:1',
      ports: [
        { containerPort: 80, name: 'http', protocol: 'TCP' },
        { containerPort: 9090, name: 'metrics' },
      ],
      volumeMounts: [{ mountPath: '/b', name: 'b', readOnly: true }],
      args: ['--three'],
    });
  });

  // kustomize api/krusty/multiplepatch_test.go TestSmpWithDifferentKeysOnDifferentPorts:
  // a targeted patch without apiVersion; ports on one number with two protocols stay.
  it('keeps ports that share a number across protocols when the patch does not touch them', () => {
    const ports = `
            - containerPort: 8500
              name: http
            - containerPort: 8501
              name: https
            - containerPort: 8301
              protocol: "TCP"
              name: serflan-tcp
            - containerPort: 8301
              protocol: "UDP"
              name: serflan-udp
            - containerPort: 8302
              name: serfwan
            - containerPort: 8300
              name: server
            - containerPort: 8600
              name: dns-tcp
              protocol: "TCP"
            - containerPort: 8600
              name: dns-udp
              protocol: "UDP"`;
    const files = {
      'app/kustomization.yaml': `
resources:
  - resource.yaml
patches:
  - path: patch.yaml
    target:
      kind: StatefulSet
      name: myapp
`,
      'app/resource.yaml': `
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: myapp
spec:
  template:
    spec:
      containers:
        - name: consul
          image: "dashicorp/consul:1.9.1"
          ports:${ports}`,
      'app/patch.yaml': `
kind: StatefulSet
metadata:
  name: myapp
  labels:
    test: label
`,
    };
    expect(render(files)).toEqual(
      manifests(`
apiVersion: apps/v1
kind: StatefulSet
metadata:
  labels:
    test: label
  name: myapp
spec:
  template:
    spec:
      containers:
      - image: dashicorp/consul:1.9.1
        name: consul
        ports:
        - containerPort: 8500
          name: http
        - containerPort: 8501
          name: https
        - containerPort: 8301
          name: serflan-tcp
          protocol: TCP
        - containerPort: 8301
          name: serflan-udp
          protocol: UDP
        - containerPort: 8302
          name: serfwan
        - containerPort: 8300
          name: server
        - containerPort: 8600
          name: dns-tcp
          protocol: TCP
        - containerPort: 8600
          name: dns-udp
          protocol: UDP
`),
    );
    // Patching one of the pair is refused rather than merged into the wrong one.
    let thrown: unknown;
    try {
      render({
        ...files,
        'app/patch.yaml':
          'kind: StatefulSet\nspec:\n  template:\n    spec:\n      containers:\n      - name: consul\n        ports: [{containerPort: 8600, protocol: UDP, hostPort: 53}]\n',
      });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toBe(
      "app/patch.yaml: the list at spec.template.spec.containers.ports has several elements with the same `containerPort` (different protocols?); Arlon's renderer does not merge those, so patch the list with a JSON 6902 patch instead",
    );
  });

  it('refuses, naming the patch, what it cannot merge the way kustomize would', () => {
    const withGates = deployment.replace(
      '    spec:\n      containers:',
      '    spec:\n      schedulingGates: [{name: quota}]\n      containers:',
    );
    const base = {
      'app/kustomization.yaml':
        'resources: [d.yaml]\npatches:\n- path: p.yaml\n',
      'app/d.yaml': withGates,
    };
    const refusal = (patch: string) => {
      let thrown: unknown;
      try {
        render({ ...base, 'app/p.yaml': patch });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UnrenderableSource);
      return (thrown as Error).message;
    };
    const head =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: myDeploy}\n';
    // schedulingGates merge by name in Kubernetes' schema; Arlon's table does not have it.
    expect(
      refusal(
        `${head}spec: {template: {spec: {schedulingGates: [{name: zone}]}}}`,
      ),
    ).toBe(
      "app/p.yaml: the list at spec.template.spec.schedulingGates needs Kubernetes' merge key for this kind, which Arlon's renderer does not carry; patch it with a JSON 6902 patch (op: replace) instead",
    );
    expect(
      refusal(
        `${head}spec: {template: {spec: {$setElementOrder/containers: [{name: nginx}]}}}`,
      ),
    ).toMatch(
      /^app\/p\.yaml: the strategic merge directive `\$setElementOrder\/containers` at spec\.template\.spec is not supported/,
    );
    expect(
      refusal(
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: other}\nspec: {replica: 1}',
      ),
    ).toBe(
      'app/p.yaml: no resource matches the strategic merge patch for Deployment other; check its apiVersion, kind, name and namespace',
    );
    expect(refusal('- {op: replace, path: /spec/replica, value: 1}')).toBe(
      'app/p.yaml: a JSON 6902 patch needs a target (kind, name, ...)',
    );
  });
});
