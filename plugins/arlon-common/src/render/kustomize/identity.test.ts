import { parseAllDocuments } from 'yaml';
import { renderSource } from '../renderSource';

const manifests = (text: string) => parseAllDocuments(text).map(d => d.toJS());

describe('kustomize namespace, prefix and suffix, and the references that follow them', () => {
  // kustomize api/krusty/namespaces_test.go TestNameAndNsTransformation, input and expected output verbatim.
  it('moves and renames objects and their references as kustomize build does', () => {
    const files = new Map([
      [
        'app/kustomization.yaml',
        `
namePrefix: p1-
nameSuffix: -s1
namespace: newnamespace
resources:
- resources.yaml
`,
      ],
      [
        'app/resources.yaml',
        `
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm1
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm2
  namespace: ns1
---
apiVersion: v1
kind: Service
metadata:
  name: svc1
  namespace: ns1
---
apiVersion: v1
kind: Service
metadata:
  name: svc2
  namespace: ns1
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa1
  namespace: ns1
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa2
  namespace: ns1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: manager-rolebinding
subjects:
- kind: ServiceAccount
  name: sa1
  namespace: ns1
- kind: ServiceAccount
  name: sa2
  namespace: ns1
- kind: ServiceAccount
  name: sa3
  namespace: random
- kind: ServiceAccount
  name: default
  namespace: irrelevant
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: example
webhooks:
  - name: example1
    clientConfig:
      service:
        name: svc1
        namespace: ns1
  - name: example2
    clientConfig:
      service:
        name: svc2
        namespace: ns1
  - name: example3
    clientConfig:
      service:
        name: svc3
        namespace: random
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crds.my.org
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: namespace.crds.my.org
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: crd-svc
          namespace: random
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: cr1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: crb1
subjects:
- kind: ServiceAccount
  name: default
  namespace: irrelevant
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv1
`,
      ],
    ]);
    expect(renderSource(files, 'app', false)).toEqual(
      manifests(`
apiVersion: v1
kind: ConfigMap
metadata:
  name: p1-cm1-s1
  namespace: newnamespace
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: p1-cm2-s1
  namespace: newnamespace
---
apiVersion: v1
kind: Service
metadata:
  name: p1-svc1-s1
  namespace: newnamespace
---
apiVersion: v1
kind: Service
metadata:
  name: p1-svc2-s1
  namespace: newnamespace
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: p1-sa1-s1
  namespace: newnamespace
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: p1-sa2-s1
  namespace: newnamespace
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: p1-manager-rolebinding-s1
subjects:
- kind: ServiceAccount
  name: p1-sa1-s1
  namespace: newnamespace
- kind: ServiceAccount
  name: p1-sa2-s1
  namespace: newnamespace
- kind: ServiceAccount
  name: sa3
  namespace: random
- kind: ServiceAccount
  name: default
  namespace: newnamespace
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: p1-example-s1
webhooks:
- clientConfig:
    service:
      name: p1-svc1-s1
      namespace: newnamespace
  name: example1
- clientConfig:
    service:
      name: p1-svc2-s1
      namespace: newnamespace
  name: example2
- clientConfig:
    service:
      name: svc3
      namespace: random
  name: example3
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crds.my.org
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: namespace.crds.my.org
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: crd-svc
          namespace: newnamespace
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: p1-cr1-s1
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: p1-crb1-s1
subjects:
- kind: ServiceAccount
  name: default
  namespace: newnamespace
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: p1-pv1-s1
`),
    );
  });

  it('follows a prefixed ServiceAccount, Service and TLS Secret from pod specs, StatefulSets and Ingresses in the same namespace', () => {
    const files = new Map([
      ['app/kustomization.yaml', 'namePrefix: p-\nresources: [all.yaml]\n'],
      [
        'app/all.yaml',
        `apiVersion: v1
kind: ServiceAccount
metadata: {name: runner}
---
apiVersion: v1
kind: Service
metadata: {name: web}
---
apiVersion: v1
kind: Secret
metadata: {name: tls}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: web
  template:
    spec:
      serviceAccountName: runner
      containers: [{name: db, image: db}]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web}
spec:
  tls: [{secretName: tls}]
  rules:
  - http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
      - {path: /x, pathType: Prefix, backend: {service: {name: elsewhere, port: {number: 80}}}}
`,
      ],
    ]);
    const [, , , db, ingress] = renderSource(files, 'app', false);
    expect(db.spec.serviceName).toBe('p-web');
    expect(db.spec.template.spec.serviceAccountName).toBe('p-runner');
    expect(ingress.spec.tls[0].secretName).toBe('p-tls');
    expect(
      ingress.spec.rules[0].http.paths.map((p: any) => p.backend.service.name),
    ).toEqual(['p-web', 'elsewhere']);
  });

  it('leaves a reference to an object of another namespace alone', () => {
    const files = new Map([
      ['app/kustomization.yaml', 'namePrefix: p-\nresources: [all.yaml]\n'],
      [
        'app/all.yaml',
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg, namespace: a}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: pod, namespace: b}\nspec:\n  volumes: [{name: v, configMap: {name: cfg}}]\n',
      ],
    ]);
    expect(
      renderSource(files, 'app', false)[1].spec.volumes[0].configMap.name,
    ).toBe('cfg');
  });
});
