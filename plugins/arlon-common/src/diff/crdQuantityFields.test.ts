import fs from 'node:fs';
import path from 'node:path';
import {
  ANY_ITEM,
  ANY_KEY,
  QUANTITY_PATTERN,
  quantityFieldsFromCrds,
} from './crdQuantityFields';
import { diffObjects } from './diffObjects';

/** A `resource.Quantity` as controller-gen writes it into a CRD schema. */
const quantity = {
  anyOf: [{ type: 'integer' }, { type: 'string' }],
  pattern: QUANTITY_PATTERN,
  'x-kubernetes-int-or-string': true,
};

/** A CRD as a bundle ships it (trimmed to what matters). */
const workspaceCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'workspaces.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Workspace', plural: 'workspaces' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  diskSize: quantity,
                  release: { type: 'string' },
                  // int-or-string without the quantity pattern: `25%` is no quantity
                  maxUnavailable: {
                    anyOf: [{ type: 'integer' }, { type: 'string' }],
                    'x-kubernetes-int-or-string': true,
                  },
                  resources: {
                    type: 'object',
                    properties: {
                      limits: {
                        type: 'object',
                        additionalProperties: quantity,
                      },
                    },
                  },
                  volumes: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        name: { type: 'string' },
                        capacity: quantity,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

describe('quantityFieldsFromCrds', () => {
  it('finds every int-or-string field with the quantity pattern, through properties, items and additionalProperties', () => {
    expect(quantityFieldsFromCrds([workspaceCrd])).toEqual(
      new Map([
        [
          'example.com/Workspace',
          [
            ['spec', 'diskSize'],
            ['spec', 'resources', 'limits', ANY_KEY],
            ['spec', 'volumes', ANY_ITEM, 'capacity'],
          ],
        ],
      ]),
    );
  });

  it('gathers the fields of every version', () => {
    const v2 = structuredClone(workspaceCrd.spec.versions[0]) as any;
    v2.name = 'v2';
    v2.schema.openAPIV3Schema.properties.spec.properties = { size: quantity };
    const crd = {
      ...workspaceCrd,
      spec: {
        ...workspaceCrd.spec,
        versions: [...workspaceCrd.spec.versions, v2],
      },
    };
    expect(
      quantityFieldsFromCrds([crd]).get('example.com/Workspace'),
    ).toContainEqual(['spec', 'size']);
    expect(
      quantityFieldsFromCrds([crd]).get('example.com/Workspace'),
    ).toHaveLength(4);
  });

  it("reads the pattern of a real upstream CRD (Cluster API AWS's AWSMachineTemplate)", () => {
    const crd = JSON.parse(
      fs.readFileSync(
        path.resolve(
          __dirname,
          '../../../../packages/sandbox/crds/aws/awsmachinetemplates.infrastructure.cluster.x-k8s.io.json',
        ),
        'utf8',
      ),
    );
    expect(
      quantityFieldsFromCrds([crd]).get(
        'infrastructure.cluster.x-k8s.io/AWSMachineTemplate',
      ),
    ).toContainEqual(['status', 'capacity', ANY_KEY]);
  });

  it('finds nothing without CRDs', () => {
    expect(
      quantityFieldsFromCrds([{ apiVersion: 'v1', kind: 'ConfigMap' }]).size,
    ).toBe(0);
  });
});

describe('diffObjects with a CRD among the objects', () => {
  const options = { defaultNamespace: 'apps', isNamespaced: () => true };
  const workspace = (spec: object) => ({
    apiVersion: 'example.com/v1',
    kind: 'Workspace',
    metadata: { name: 'w', namespace: 'apps' },
    spec,
  });
  const desired = workspace({
    diskSize: '10Gi',
    release: '1.10',
    maxUnavailable: '1',
    resources: { limits: { cpu: '1' } },
    volumes: [{ name: 'data', capacity: 1073741824 }],
  });
  const live = workspace({
    diskSize: '10240Mi',
    release: '1.10',
    maxUnavailable: '1',
    resources: { limits: { cpu: '1000m' } },
    volumes: [{ name: 'data', capacity: '1Gi' }],
  });

  it("compares the custom resource's quantity fields as quantities", () => {
    const [diff] = diffObjects([workspaceCrd, desired], [live], options).filter(
      d => d.kind === 'Workspace',
    );
    expect(diff.action).toBe('unchanged');
  });

  it('compares them exactly without the CRD, and its other fields exactly always', () => {
    expect(
      diffObjects([desired], [live], options)[0].changes.map(c => c.path),
    ).toEqual([
      'spec.diskSize',
      'spec.resources.limits.cpu',
      'spec.volumes[name=data].capacity',
    ]);
    const changed = workspace({
      ...desired.spec,
      release: '1.1',
      maxUnavailable: '1.0',
    });
    const [diff] = diffObjects([changed], [workspaceCrd, live], options).filter(
      d => d.kind === 'Workspace',
    );
    expect(diff.changes.map(c => c.path)).toEqual([
      'spec.release',
      'spec.maxUnavailable',
    ]);
  });

  it('writes equivalent custom quantities as desired writes them in the text diff', () => {
    const changed = workspace({ ...desired.spec, release: '2.0' });
    const [diff] = diffObjects([workspaceCrd, changed], [live], options).filter(
      d => d.kind === 'Workspace',
    );
    expect(diff.unified.split('\n').filter(l => /^[-+] /.test(l))).toEqual([
      '-  release: "1.10"',
      '+  release: "2.0"',
    ]);
  });
});
