import { CrdQuantityFields, matchesSchemaPath } from './crdQuantityFields';

/**
 * Where Kubernetes types a field as `resource.Quantity`, so that `1000m` and
 * `1`, or `1Gi` and `1073741824`, are one value there (the API server stores
 * and returns them canonicalised). Anywhere else a value is only equal to
 * itself: a ConfigMap's `"1.10"` is not `"1.1"`, nor `"010"` `"10"`.
 *
 * A path is the object's field names from its root, with a number (the
 * item's position) for an item of a list. A pattern step is a field name, alternatives joined by `|`,
 * `*` for any field (the keys of a ResourceList) or `[]` for any list item.
 * Sources: k8s.io/api core/v1, apps/v1, node/v1, storage/v1, autoscaling/v2
 * types.go (fields of type `resource.Quantity` or `ResourceList`).
 */

type Pattern = readonly string[];

const REQUIREMENTS: Pattern = ['resources', 'limits|requests', '*'];

/** Inside a PodSpec (core/v1 types.go). */
const IN_POD_SPEC: Pattern[] = [
  // Container.Resources (ResourceRequirements.Limits/Requests: ResourceList)
  ['containers|initContainers|ephemeralContainers', '[]', ...REQUIREMENTS],
  // PodSpec.Resources: pod-level requirements (Kubernetes 1.32+)
  REQUIREMENTS,
  // PodSpec.Overhead: ResourceList
  ['overhead', '*'],
  // EmptyDirVolumeSource.SizeLimit: *resource.Quantity
  ['volumes', '[]', 'emptyDir', 'sizeLimit'],
  // EphemeralVolumeSource → PersistentVolumeClaimSpec.Resources (VolumeResourceRequirements)
  [
    'volumes',
    '[]',
    'ephemeral',
    'volumeClaimTemplate',
    'spec',
    ...REQUIREMENTS,
  ],
];

/**
 * Where a pod spec sits: the pod template of a Deployment, StatefulSet,
 * DaemonSet, ReplicaSet, ReplicationController or Job (and of any custom
 * resource shaped like them), and a CronJob's job template.
 */
const POD_SPEC_ANYWHERE: Pattern[] = [
  ['spec', 'template', 'spec'],
  ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
];

/** Fields of particular kinds, by `group/Kind` (the core group is empty). */
const BY_KIND = new Map<string, Pattern[]>(
  Object.entries({
    '/Pod': IN_POD_SPEC.map(p => ['spec', ...p]),
    '/PodTemplate': IN_POD_SPEC.map(p => ['template', 'spec', ...p]),
    // PersistentVolumeClaimSpec.Resources
    '/PersistentVolumeClaim': [['spec', ...REQUIREMENTS]],
    // PersistentVolumeSpec.Capacity
    '/PersistentVolume': [['spec', 'capacity', '*']],
    // ResourceQuotaSpec.Hard
    '/ResourceQuota': [['spec', 'hard', '*']],
    // LimitRangeItem.Max/Min/Default/DefaultRequest/MaxLimitRequestRatio
    '/LimitRange': [
      [
        'spec',
        'limits',
        '[]',
        'max|min|default|defaultRequest|maxLimitRequestRatio',
        '*',
      ],
    ],
    // NodeStatus.Capacity/Allocatable (normalisation drops status; a caller comparing it still gets quantities)
    '/Node': [['status', 'capacity|allocatable', '*']],
    // StatefulSetSpec.VolumeClaimTemplates[].Spec.Resources
    'apps/StatefulSet': [
      ['spec', 'volumeClaimTemplates', '[]', 'spec', ...REQUIREMENTS],
    ],
    // RuntimeClass.Overhead.PodFixed
    'node.k8s.io/RuntimeClass': [['overhead', 'podFixed', '*']],
    // CSIStorageCapacity.Capacity, .MaximumVolumeSize
    'storage.k8s.io/CSIStorageCapacity': [['capacity'], ['maximumVolumeSize']],
    // MetricTarget.Value/AverageValue of each metric source
    'autoscaling/HorizontalPodAutoscaler': [
      [
        'spec',
        'metrics',
        '[]',
        'resource|pods|object|external|containerResource',
        'target',
        'value|averageValue',
      ],
    ],
  }),
);

const ANYWHERE: Pattern[] = POD_SPEC_ANYWHERE.flatMap(at =>
  IN_POD_SPEC.map(p => [...at, ...p]),
);

/** The root fields an object's kind is read from. */
export interface ObjectType {
  apiVersion?: unknown;
  kind?: unknown;
}

/** Field names from an object's root; a number is an item of a list. */
export type FieldPath = readonly (string | number)[];

/**
 * Whether the field at `path` of an object of `type` is a Kubernetes
 * quantity: a built-in one, or one `crdFields` (read from the schemas of
 * CRDs among the objects compared) names for a custom resource.
 */
export function isQuantityField(
  type: ObjectType,
  path: FieldPath,
  crdFields?: CrdQuantityFields,
): boolean {
  const key = typeKey(type);
  const patterns = BY_KIND.get(key) ?? [];
  const custom = crdFields?.get(key) ?? [];
  return (
    ANYWHERE.some(p => matches(p, path)) ||
    patterns.some(p => matches(p, path)) ||
    custom.some(p => matchesSchemaPath(p, path))
  );
}

function typeKey({ apiVersion, kind }: ObjectType): string {
  // A manifest may say anything here (`kind: {}`): only text names a type.
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return '';
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  return `${group}/${kind}`;
}

function matches(pattern: Pattern, path: FieldPath): boolean {
  return (
    pattern.length === path.length &&
    pattern.every((step, i) => stepMatches(step, path[i]))
  );
}

function stepMatches(step: string, field: string | number): boolean {
  // A number is a list item; a field named "[]" or "0" is still a field.
  if (typeof field === 'number') return step === '[]';
  if (step === '[]') return false;
  return step === '*' || step.split('|').includes(field);
}
