import { attributesOf } from './requestAttributes';

const at = (method: string, path: string) =>
  attributesOf(method, new URL(path, 'https://sandbox'));

/** Cases from upstream's requestinfo_test.go, as the sandbox serves them. */
describe('attributesOf', () => {
  it.each([
    ['GET', '/api/v1/namespaces', 'list', '', 'namespaces', '', '', ''],
    [
      'GET',
      '/api/v1/namespaces/team',
      'get',
      'team',
      'namespaces',
      'team',
      '',
      '',
    ],
    [
      'PUT',
      '/api/v1/namespaces/team/status',
      'update',
      'team',
      'namespaces',
      'team',
      'status',
      '',
    ],
    [
      'PUT',
      '/api/v1/namespaces/team/finalize',
      'update',
      'team',
      'namespaces',
      'team',
      'finalize',
      '',
    ],
    ['GET', '/api/v1/namespaces/team/pods', 'list', 'team', 'pods', '', '', ''],
    [
      'GET',
      '/api/v1/namespaces/team/pods?watch=true',
      'watch',
      'team',
      'pods',
      '',
      '',
      '',
    ],
    [
      'GET',
      '/api/v1/namespaces/team/pods?watch=false',
      'list',
      'team',
      'pods',
      '',
      '',
      '',
    ],
    [
      'GET',
      '/api/v1/namespaces/team/pods?watch=1&fieldSelector=metadata.name%3Dweb',
      'watch',
      'team',
      'pods',
      'web',
      '',
      '',
    ],
    [
      'DELETE',
      '/api/v1/namespaces/team/pods',
      'deletecollection',
      'team',
      'pods',
      '',
      '',
      '',
    ],
    [
      'DELETE',
      '/api/v1/namespaces/team/pods/web',
      'delete',
      'team',
      'pods',
      'web',
      '',
      '',
    ],
    [
      'PATCH',
      '/apis/apps/v1/namespaces/team/deployments/web/status',
      'patch',
      'team',
      'deployments',
      'web',
      'status',
      'apps',
    ],
    [
      'POST',
      '/api/v1/namespaces/team/serviceaccounts/robot/token',
      'create',
      'team',
      'serviceaccounts',
      'robot',
      'token',
      '',
    ],
    [
      'GET',
      '/apis/argoproj.io/v1alpha1/applications',
      'list',
      '',
      'applications',
      '',
      '',
      'argoproj.io',
    ],
  ])(
    '%s %s is %s',
    (method, path, verb, namespace, resource, name, subresource, group) => {
      expect(at(method, path)).toMatchObject({
        resourceRequest: true,
        verb,
        namespace,
        resource,
        name,
        subresource,
        group,
      });
    },
  );

  it.each([
    ['GET', '/version', 'get'],
    ['GET', '/api', 'get'],
    ['GET', '/api/v1', 'get'],
    ['GET', '/apis/apps/v1', 'get'],
    ['PUT', '/_sandbox/faults', 'put'],
  ])('%s %s is a non-resource %s', (method, path, verb) => {
    expect(at(method, path)).toEqual({ resourceRequest: false, verb, path });
  });

  it('ignores a field selector that does not pin one name', () => {
    expect(
      at('GET', '/api/v1/pods?fieldSelector=metadata.name!%3Dweb'),
    ).toMatchObject({ verb: 'list', name: '' });
  });
});
