import { FieldPath, isQuantityField } from './quantityFields';

/** `a.b.[].c~d` → ['a', 'b', 0, 'c.d']: `[]` is a list item, `~` a dot inside a key. */
const path = (text: string): FieldPath =>
  text.split('.').map(step => (step === '[]' ? 0 : step.replaceAll('~', '.')));

const POD_SPEC_FIELDS = [
  'containers.[].resources.limits.cpu',
  'containers.[].resources.requests.memory',
  'initContainers.[].resources.limits.nvidia~com/gpu',
  'ephemeralContainers.[].resources.requests.ephemeral-storage',
  'resources.limits.cpu',
  'overhead.memory',
  'volumes.[].emptyDir.sizeLimit',
  'volumes.[].ephemeral.volumeClaimTemplate.spec.resources.requests.storage',
];

describe('isQuantityField', () => {
  describe.each([
    ['Deployment', 'apps/v1', 'spec.template.spec'],
    ['StatefulSet', 'apps/v1', 'spec.template.spec'],
    ['DaemonSet', 'apps/v1', 'spec.template.spec'],
    ['ReplicaSet', 'apps/v1', 'spec.template.spec'],
    ['Job', 'batch/v1', 'spec.template.spec'],
    ['CronJob', 'batch/v1', 'spec.jobTemplate.spec.template.spec'],
    ['Rollout', 'argoproj.io/v1alpha1', 'spec.template.spec'],
    ['Pod', 'v1', 'spec'],
    ['PodTemplate', 'v1', 'template.spec'],
  ])('in the pod spec of a %s (%s, at %s)', (kind, apiVersion, at) => {
    it.each(POD_SPEC_FIELDS)('%s is a quantity', field => {
      expect(
        isQuantityField({ apiVersion, kind }, path(`${at}.${field}`)),
      ).toBe(true);
    });

    it.each([
      'containers.[].env.[].value',
      'containers.[].image',
      'containers.[].resources.claims.[].name',
      'containers.[].resources.limits',
      'volumes.[].emptyDir.medium',
      'nodeSelector.memory',
    ])('%s is not', field => {
      expect(
        isQuantityField({ apiVersion, kind }, path(`${at}.${field}`)),
      ).toBe(false);
    });
  });

  it.each([
    ['v1', 'PersistentVolumeClaim', 'spec.resources.requests.storage'],
    ['v1', 'PersistentVolumeClaim', 'spec.resources.limits.storage'],
    ['v1', 'PersistentVolume', 'spec.capacity.storage'],
    ['v1', 'ResourceQuota', 'spec.hard.requests~cpu'],
    ['v1', 'ResourceQuota', 'spec.hard.pods'],
    ['v1', 'LimitRange', 'spec.limits.[].max.memory'],
    ['v1', 'LimitRange', 'spec.limits.[].min.cpu'],
    ['v1', 'LimitRange', 'spec.limits.[].default.cpu'],
    ['v1', 'LimitRange', 'spec.limits.[].defaultRequest.cpu'],
    ['v1', 'LimitRange', 'spec.limits.[].maxLimitRequestRatio.cpu'],
    ['v1', 'Node', 'status.capacity.cpu'],
    ['v1', 'Node', 'status.allocatable.memory'],
    [
      'apps/v1',
      'StatefulSet',
      'spec.volumeClaimTemplates.[].spec.resources.requests.storage',
    ],
    ['node.k8s.io/v1', 'RuntimeClass', 'overhead.podFixed.memory'],
    ['storage.k8s.io/v1', 'CSIStorageCapacity', 'capacity'],
    ['storage.k8s.io/v1', 'CSIStorageCapacity', 'maximumVolumeSize'],
    [
      'autoscaling/v2',
      'HorizontalPodAutoscaler',
      'spec.metrics.[].resource.target.averageValue',
    ],
    [
      'autoscaling/v2',
      'HorizontalPodAutoscaler',
      'spec.metrics.[].pods.target.averageValue',
    ],
    [
      'autoscaling/v2',
      'HorizontalPodAutoscaler',
      'spec.metrics.[].object.target.value',
    ],
    [
      'autoscaling/v2',
      'HorizontalPodAutoscaler',
      'spec.metrics.[].external.target.value',
    ],
    [
      'autoscaling/v2',
      'HorizontalPodAutoscaler',
      'spec.metrics.[].containerResource.target.averageValue',
    ],
  ])('%s %s: %s is a quantity', (apiVersion, kind, field) => {
    expect(isQuantityField({ apiVersion, kind }, path(field))).toBe(true);
  });

  it.each([
    ['v1', 'ConfigMap', 'data.appVersion'],
    ['v1', 'ConfigMap', 'data.memory'],
    ['v1', 'Secret', 'data.cpu'],
    ['v1', 'Service', 'spec.ports.[].port'],
    ['apps/v1', 'Deployment', 'metadata.annotations.cpu'],
    ['apps/v1', 'Deployment', 'metadata.labels.version'],
    ['apps/v1', 'Deployment', 'spec.replicas'],
    ['v1', 'PersistentVolumeClaim', 'spec.storageClassName'],
    ['v1', 'PersistentVolume', 'spec.capacity'],
    ['v1', 'LimitRange', 'spec.limits.[].type'],
    ['v1', 'Node', 'spec.podCIDR'],
    ['autoscaling/v2', 'HorizontalPodAutoscaler', 'spec.maxReplicas'],
    [
      'autoscaling/v2',
      'HorizontalPodAutoscaler',
      'spec.metrics.[].resource.target.averageUtilization',
    ],
    ['storage.k8s.io/v1', 'CSIStorageCapacity', 'storageClassName'],
  ])('%s %s: %s is not', (apiVersion, kind, field) => {
    expect(isQuantityField({ apiVersion, kind }, path(field))).toBe(false);
  });

  it('reads kind-bound fields only for that kind and group', () => {
    const storage = path('spec.resources.requests.storage');
    expect(
      isQuantityField(
        { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
        storage,
      ),
    ).toBe(true);
    // A custom resource of the same kind name in another group is not a PVC.
    expect(
      isQuantityField(
        { apiVersion: 'example.com/v1', kind: 'PersistentVolumeClaim' },
        storage,
      ),
    ).toBe(false);
    expect(
      isQuantityField({ apiVersion: 'v1', kind: 'ConfigMap' }, storage),
    ).toBe(false);
    // A pod's own spec paths belong to Pods only.
    expect(
      isQuantityField(
        { apiVersion: 'v1', kind: 'ConfigMap' },
        path('spec.containers.[].resources.limits.cpu'),
      ),
    ).toBe(false);
    expect(
      isQuantityField(
        { apiVersion: 'v1', kind: 'ConfigMap' },
        path('template.spec.containers.[].resources.limits.cpu'),
      ),
    ).toBe(false);
  });

  it('matches whole paths only: neither a prefix nor a longer path', () => {
    const type = { apiVersion: 'v1', kind: 'Pod' };
    expect(isQuantityField(type, path('spec.containers.[].resources'))).toBe(
      false,
    );
    expect(
      isQuantityField(type, path('spec.containers.[].resources.limits.cpu.x')),
    ).toBe(false);
    expect(
      isQuantityField(type, path('x.spec.containers.[].resources.limits.cpu')),
    ).toBe(false);
  });
});
