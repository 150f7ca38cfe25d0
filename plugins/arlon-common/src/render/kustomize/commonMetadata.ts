import { splitApiVersion } from './selector';
import { setOwn } from './ownKeys';

/** Where kustomize writes a field for which objects (api/types/fieldspec.go). */
interface FieldSpec {
  path: string;
  create: boolean;
  kind?: string;
  group?: string;
  version?: string;
}

const spec = (
  path: string,
  create: boolean,
  kind?: string,
  group?: string,
  version?: string,
): FieldSpec => ({ path, create, kind, group, version });

const AFFINITY = [
  'spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels',
];

/** Template metadata of workloads (builtinpluginconsts/metadatalabels.go), for labels and annotations alike. */
const templateMetadata = (field: 'labels' | 'annotations'): FieldSpec[] => [
  spec(`metadata/${field}`, true),
  spec(
    `spec/template/metadata/${field}`,
    true,
    'ReplicationController',
    '',
    'v1',
  ),
  spec(`spec/template/metadata/${field}`, true, 'Deployment'),
  spec(`spec/template/metadata/${field}`, true, 'ReplicaSet'),
  spec(`spec/template/metadata/${field}`, true, 'DaemonSet'),
  spec(
    `spec/template/metadata/${field}`,
    true,
    'StatefulSet',
    field === 'labels' ? 'apps' : undefined,
  ),
  spec(`spec/template/metadata/${field}`, true, 'Job', 'batch'),
  spec(`spec/jobTemplate/metadata/${field}`, true, 'CronJob', 'batch'),
  spec(
    `spec/jobTemplate/spec/template/metadata/${field}`,
    true,
    'CronJob',
    'batch',
  ),
];

/** builtinpluginconsts/commonlabels.go, metadatalabels.go and volumeclaimmetadatalabels.go. */
export const COMMON_LABELS: FieldSpec[] = [
  spec('spec/selector', true, 'Service', '', 'v1'),
  spec('spec/selector', true, 'ReplicationController', '', 'v1'),
  spec('spec/selector/matchLabels', true, 'Deployment'),
  ...AFFINITY.map(p => spec(p, false, 'Deployment', 'apps')),
  spec('spec/selector/matchLabels', true, 'ReplicaSet'),
  spec('spec/selector/matchLabels', true, 'DaemonSet'),
  spec('spec/selector/matchLabels', true, 'StatefulSet', 'apps'),
  ...AFFINITY.map(p => spec(p, false, 'StatefulSet', 'apps')),
  spec('spec/selector/matchLabels', false, 'Job', 'batch'),
  spec('spec/jobTemplate/spec/selector/matchLabels', false, 'CronJob', 'batch'),
  spec('spec/selector/matchLabels', false, 'PodDisruptionBudget', 'policy'),
  spec(
    'spec/podSelector/matchLabels',
    false,
    'NetworkPolicy',
    'networking.k8s.io',
  ),
  spec(
    'spec/ingress/from/podSelector/matchLabels',
    false,
    'NetworkPolicy',
    'networking.k8s.io',
  ),
  spec(
    'spec/egress/to/podSelector/matchLabels',
    false,
    'NetworkPolicy',
    'networking.k8s.io',
  ),
  ...templateMetadata('labels'),
  spec(
    'spec/volumeClaimTemplates/metadata/labels',
    true,
    'StatefulSet',
    'apps',
  ),
];

/** builtinpluginconsts/commonannotations.go. */
export const COMMON_ANNOTATIONS: FieldSpec[] = templateMetadata('annotations');

/**
 * Adds `values` to the maps the field specs name in `o`, as kustomize's
 * label and annotation transformers do: a path through a list applies to
 * each element, and a missing map is created only where the spec says so.
 */
export function addToFields(
  o: any,
  specs: FieldSpec[],
  values: Record<string, string>,
): void {
  const [group, version] = splitApiVersion(o?.apiVersion);
  for (const s of specs) {
    if (s.kind !== undefined && s.kind !== o.kind) continue;
    if (s.group !== undefined && s.group !== group) continue;
    if (s.version !== undefined && s.version !== version) continue;
    apply(o, s.path.split('/'), s.create, values);
  }
}

function apply(
  node: any,
  path: string[],
  create: boolean,
  values: Record<string, string>,
): void {
  if (Array.isArray(node)) {
    for (const item of node) apply(item, path, create, values);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const [head, ...rest] = path;
  let next = Object.prototype.hasOwnProperty.call(node, head)
    ? node[head]
    : undefined;
  if (next === undefined || next === null) {
    if (!create) return;
    next = {};
  } else if (rest.length === 0 || !Array.isArray(next))
    next = Array.isArray(next) ? next : { ...next };
  if (rest.length === 0) {
    if (typeof next !== 'object' || Array.isArray(next)) return;
    for (const [k, v] of Object.entries(values)) setOwn(next, k, v);
    setOwn(node, head, next);
    return;
  }
  setOwn(node, head, next);
  apply(next, rest, create, values);
}
