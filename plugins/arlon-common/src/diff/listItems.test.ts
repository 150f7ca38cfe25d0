import { documentObjects } from './listItems';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
};
const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web' },
};

describe('documentObjects', () => {
  it('gives a single object as it is', () => {
    expect(documentObjects(deployment, 'a.yaml')).toEqual([deployment]);
  });

  it('gives the items of a kubectl List, each with its own kind', () => {
    expect(
      documentObjects(
        {
          apiVersion: 'v1',
          kind: 'List',
          metadata: { resourceVersion: '' },
          items: [deployment, service],
        },
        'a.yaml',
      ),
    ).toEqual([deployment, service]);
    expect(
      documentObjects({ apiVersion: 'v1', kind: 'List', items: [] }, 'a.yaml'),
    ).toEqual([]);
    // A List's item that names no kind is left without one (it is skipped as no object).
    expect(
      documentObjects(
        {
          apiVersion: 'v1',
          kind: 'List',
          items: [{ metadata: { name: 'x' } }],
        },
        'a.yaml',
      ),
    ).toEqual([{ metadata: { name: 'x' } }]);
  });

  it("gives a typed collection's items the list's kind and apiVersion, keeping any they name", () => {
    expect(
      documentObjects(
        {
          apiVersion: 'apps/v1',
          kind: 'DeploymentList',
          metadata: { resourceVersion: '9' },
          items: [{ metadata: { name: 'web' } }, service],
        },
        'a.yaml',
      ),
    ).toEqual([deployment, service]);
    expect(
      documentObjects(
        { kind: 'ConfigMapList', items: [{ metadata: { name: 'c' } }] },
        'a.yaml',
      ),
    ).toEqual([{ kind: 'ConfigMap', metadata: { name: 'c' } }]);
  });

  it('takes a named object whose kind ends in List for one object (a custom resource)', () => {
    const allowList = {
      apiVersion: 'example.com/v1',
      kind: 'AllowList',
      metadata: { name: 'office' },
      items: ['10.0.0.0/8'],
    };
    expect(documentObjects(allowList, 'a.yaml')).toEqual([allowList]);
    const noItems = { apiVersion: 'example.com/v1', kind: 'AllowList' };
    expect(documentObjects(noItems, 'a.yaml')).toEqual([noItems]);
  });
});
