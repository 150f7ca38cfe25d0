import { parse } from 'yaml';
import { renderSource } from '../renderSource';
import { applyImageRule, imageMatches, splitImage } from './images';

describe('kustomize images', () => {
  // Cases from kustomize api/internal/image/image_test.go TestSplit.
  it.each([
    ['nginx', 'nginx', '', ''],
    ['nginx:1.2.3', 'nginx', '1.2.3', ''],
    ['nginx@sha256:12345', 'nginx', '', 'sha256:12345'],
    ['nginx:1.2.3@sha256:12345', 'nginx', '1.2.3', 'sha256:12345'],
    ['docker.io/nginx:1.2.3', 'docker.io/nginx', '1.2.3', ''],
    ['foo.com:443/nginx:1.2.3', 'foo.com:443/nginx', '1.2.3', ''],
    [
      'foo.com:443/nginx:1.2.3@sha256:12345',
      'foo.com:443/nginx',
      '1.2.3',
      'sha256:12345',
    ],
  ])('splits %s as kustomize does', (image, name, tag, digest) => {
    expect(splitImage(image)).toEqual({ name, tag, digest });
  });

  // Cases from kustomize api/internal/image/image_test.go TestIsImageMatched.
  it.each([
    ['nginx', 'nginx', true],
    ['nginx:12345', 'nginx', true],
    ['nginx@sha256:xyz', 'nginx', true],
    ['nginx:12345@sha256:xyz', 'nginx', true],
    [
      'nginx@multihash+base58:QmRZxt2b1FVZPNqd8hsiykDL3TdBDeTSPX9Kv46HmX4Gx8',
      'nginx',
      true,
    ],
    ['apache:12345', 'nginx', false],
    ['nginx', '[', false],
    // Not a prefix match: nginx-exporter is another image.
    ['nginx-exporter:1', 'nginx', false],
  ])('%s is selected by %s: %s', (image, name, matched) => {
    expect(imageMatches(image, name)).toBe(matched);
  });

  // updater.go: newTag drops the digest, digest drops the tag, both keep both.
  it('rewrites name, tag and digest as the image tag updater does', () => {
    expect(
      applyImageRule('nginx:1.2.1', {
        name: 'nginx',
        newName: 'apache',
        digest: '12345',
      }),
    ).toBe('apache@12345');
    expect(
      applyImageRule('nginx@sha256:aa', { name: 'nginx', newTag: '2' }),
    ).toBe('nginx:2');
    expect(
      applyImageRule('nginx:1', {
        name: 'nginx',
        newTag: '2',
        digest: 'sha256:bb',
      }),
    ).toBe('nginx:2@sha256:bb');
    expect(
      applyImageRule('nginx:1', { name: 'nginx', tagSuffix: '-debug' }),
    ).toBe('nginx:1-debug');
    expect(applyImageRule('redis:1', { name: 'nginx', newTag: '2' })).toBe(
      'redis:1',
    );
  });

  // Expected output from kustomize api/filters/imagetag/legacy_test.go
  // "updates on multiple depths", run through a kustomization.
  it('updates containers and initContainers at any depth, as kustomize build does', () => {
    const files = new Map([
      [
        'app/kustomization.yaml',
        'resources: [foo.yaml]\nimages:\n- name: nginx\n  newName: apache\n  newTag: 3.2.1\n',
      ],
      [
        'app/foo.yaml',
        `apiVersion: example.com/v1
kind: Foo
metadata:
  name: instance
spec:
  containers:
  - image: nginx:1.2.1
  - image: tomcat:1.2.3
  template:
    spec:
      initContainers:
      - image: nginx:1.2.1
      - image: apache:1.2.3
`,
      ],
    ]);
    expect(renderSource(files, 'app', false)).toEqual([
      parse(`apiVersion: example.com/v1
kind: Foo
metadata:
  name: instance
spec:
  containers:
  - image: apache:3.2.1
  - image: tomcat:1.2.3
  template:
    spec:
      initContainers:
      - image: apache:3.2.1
      - image: apache:1.2.3
`),
    ]);
  });

  it('reads a numeric newTag as the tag kustomize reads, and leaves CRDs alone', () => {
    const files = new Map([
      [
        'app/kustomization.yaml',
        'resources: [a.yaml]\nimages:\n- {name: nginx, newTag: 1.20}\n',
      ],
      [
        'app/a.yaml',
        'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: nginx}]\n  volumes: [{name: v, image: {reference: "nginx:1"}}]\n---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x}\nspec: {containers: [{image: nginx}]}\n',
      ],
    ]);
    const [pod, crd] = renderSource(files, 'app', false);
    // kustomize's Go string field keeps 1.20 as written (sigs.k8s.io/yaml), not the number 1.2.
    expect(pod.spec.containers[0].image).toBe('nginx:1.20');
    expect(pod.spec.volumes[0].image.reference).toBe('nginx:1.20');
    expect(crd.spec.containers[0].image).toBe('nginx');
  });
});
