import { compareKubeVersions } from './versionPriority';

describe('compareKubeVersions', () => {
  it('orders as Kubernetes discovery does', () => {
    expect(
      [
        'v1alpha1',
        'v1beta1',
        'foo',
        'v1',
        'v2beta1',
        'v1beta2',
        'v2',
        'v10alpha3',
        'bar',
      ].sort(compareKubeVersions),
    ).toEqual([
      'v2',
      'v1',
      'v2beta1',
      'v1beta2',
      'v1beta1',
      'v10alpha3',
      'v1alpha1',
      'bar',
      'foo',
    ]);
  });
});
