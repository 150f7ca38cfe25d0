import fc from 'fast-check';
import { stringify } from 'yaml';
import { fuzzParameters, fuzzTimeout } from '../../__testUtils__/fuzz';
import {
  hostileKey,
  hostileValue,
  hostileYaml,
} from '../../__testUtils__/hostile';
import { renderSource } from '../renderSource';
import { UnrenderableSource } from '../UnrenderableSource';
import { IMPLEMENTED_FIELDS } from './fields';

const SECRET = 'fuzz-s3cret-marker';

const MANIFESTS = `apiVersion: v1
kind: Secret
metadata: {name: s}
data: {pw: ${btoa(SECRET)}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, labels: {app: web}}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: "nginx:1", ports: [{containerPort: 80}], env: [{name: A, value: b}]}]
      volumes: [{name: s, secret: {secretName: s}}]
`;

/** Entries shaped like what each field takes, some valid, some not. */
const entry = fc.oneof(
  hostileValue,
  fc.record(
    {
      name: fc.constantFrom('web', 's', 'nginx'),
      literals: fc.constant([`pw=${SECRET}`]),
      newTag: fc.constantFrom('2', 2),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      patch: fc.oneof(
        hostileYaml,
        fc.constantFrom(
          `[{op: test, path: /data/pw, value: ${SECRET}}]`,
          '[{op: replace, path: /spec/template/spec/containers/0/image, value: x}]',
          '[{op: remove, path: /metadata}]',
          `{apiVersion: v1, kind: Secret, metadata: {name: s}, data: {pw: [${SECRET}]}}`,
          'spec: {template: {spec: {containers: [{name: web, $patch: delete}]}}}',
        ),
      ),
      path: fc.constantFrom('p.yaml', '../x', '/etc/passwd'),
      target: fc.oneof(
        hostileValue,
        fc.record(
          { kind: fc.constantFrom('Secret', 'Deployment', '.*', '(a+)+') },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
);

const kustomization = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...IMPLEMENTED_FIELDS), hostileKey),
    fc.oneof(hostileValue, fc.array(entry, { maxLength: 3 })),
    {
      maxKeys: 4,
      noNullPrototype: true,
    },
  )
  .map(k => ({ resources: ['m.yaml'], ...k }));

describe('kustomize renderer under generated kustomizations', () => {
  it(
    'refuses with UnrenderableSource or renders; never another exception, never a Secret value in a message',
    () => {
      fc.assert(
        fc.property(
          kustomization,
          fc.oneof(hostileYaml, fc.constant(`pw=${SECRET}\n`)),
          (k, patchFile) => {
            const files = new Map([
              ['app/kustomization.yaml', stringify(k)],
              ['app/m.yaml', MANIFESTS],
              ['app/p.yaml', patchFile],
            ]);
            let thrown: unknown;
            try {
              renderSource(files, 'app', false);
            } catch (error) {
              thrown = error;
            }
            if (thrown !== undefined && !(thrown instanceof UnrenderableSource))
              throw thrown;
            const message = thrown instanceof Error ? thrown.message : '';
            expect(message).not.toContain(SECRET);
            expect(message).not.toContain(btoa(SECRET));
          },
        ),
        fuzzParameters(300),
      );
    },
    fuzzTimeout(60_000),
  );
});
