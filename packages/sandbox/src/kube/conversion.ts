import { copyJson } from './jsonObject';

/**
 * Conversion between served versions of one kind, as a real API server asks
 * a CRD's conversion webhook. The sandbox has no webhooks: an object is
 * stored in the version it was last written in and converted when read in
 * another. Kinds without a conversion here behave as a CRD with strategy
 * `None`: only `apiVersion` changes.
 *
 * Cluster API's own kinds convert between v1beta1 and v1beta2 for the fields
 * Arlon renders and the controllers (the sandbox's and Arlon's) read,
 * following Cluster API v1.14's conversion functions: references, the
 * KubeadmControlPlane's machine template, the topology's class, the
 * ClusterClass's template references, and the Cluster's initialization
 * status, conditions and control plane and workers counters (with their
 * versions). Other fields pass through unchanged.
 */

/** The version a reference's group and kind resolve to (Cluster API reads the provider's contract labels). */
export type VersionOf = (group: string, kind: string) => string | undefined;

type Direction = 'up' | 'down'; // up: v1beta1 -> v1beta2

const CAPI_KINDS: Record<
  string,
  (o: any, d: Direction, versionOf: VersionOf) => void
> = {
  'cluster.x-k8s.io/Cluster': convertCluster,
  'cluster.x-k8s.io/MachineDeployment': convertMachineTemplateHolder,
  'cluster.x-k8s.io/MachineSet': convertMachineTemplateHolder,
  'cluster.x-k8s.io/MachinePool': convertMachineTemplateHolder,
  'cluster.x-k8s.io/ClusterClass': convertClusterClass,
  'controlplane.cluster.x-k8s.io/KubeadmControlPlane':
    convertKubeadmControlPlane,
};

const splitApiVersion = (apiVersion: string): [string, string] => {
  const at = apiVersion.lastIndexOf('/');
  return at < 0
    ? ['', apiVersion]
    : [apiVersion.slice(0, at), apiVersion.slice(at + 1)];
};

/** `obj` (not modified) as `apiVersion` serves it. */
export function convertObject(
  obj: any,
  apiVersion: string,
  versionOf: VersionOf = () => undefined,
): any {
  if (
    !obj ||
    typeof obj.apiVersion !== 'string' ||
    obj.apiVersion === apiVersion
  )
    return obj;
  const [group, from] = splitApiVersion(obj.apiVersion);
  const [toGroup, to] = splitApiVersion(apiVersion);
  // Every watch event of another version is converted: copyJson, not structuredClone (several times the cost).
  const out = copyJson(obj);
  out.apiVersion = apiVersion;
  const convert = CAPI_KINDS[`${group}/${obj.kind}`];
  if (convert && group === toGroup && from !== to) {
    if (from === 'v1beta1' && to === 'v1beta2') convert(out, 'up', versionOf);
    if (from === 'v1beta2' && to === 'v1beta1') convert(out, 'down', versionOf);
  }
  return out;
}

/** v1beta1 `{apiVersion, kind, name, namespace?…}` <-> v1beta2 `{apiGroup, kind, name}`. */
function convertRef(ref: any, d: Direction, versionOf: VersionOf): any {
  if (!ref || typeof ref !== 'object') return ref;
  if (d === 'up') {
    if (typeof ref.apiVersion !== 'string') return ref;
    return {
      apiGroup: splitApiVersion(ref.apiVersion)[0],
      kind: ref.kind,
      name: ref.name,
    };
  }
  if (typeof ref.apiGroup !== 'string') return ref;
  const version = versionOf(ref.apiGroup, ref.kind);
  return {
    ...(version ? { apiVersion: `${ref.apiGroup}/${version}` } : {}),
    kind: ref.kind,
    name: ref.name,
  };
}

function convertCluster(o: any, d: Direction, versionOf: VersionOf) {
  const spec = o.spec ?? {};
  for (const field of ['infrastructureRef', 'controlPlaneRef'])
    if (spec[field]) spec[field] = convertRef(spec[field], d, versionOf);
  const topology = spec.topology;
  if (topology) {
    if (d === 'up' && topology.class !== undefined) {
      topology.classRef = {
        name: topology.class,
        ...(topology.classNamespace
          ? { namespace: topology.classNamespace }
          : {}),
      };
      delete topology.class;
      delete topology.classNamespace;
    }
    if (d === 'down' && topology.classRef) {
      topology.class = topology.classRef.name;
      if (topology.classRef.namespace)
        topology.classNamespace = topology.classRef.namespace;
      delete topology.classRef;
    }
  }
  const status = o.status;
  if (!status) return;
  if (d === 'up') {
    const { infrastructureReady, controlPlaneReady, conditions, v1beta2 } =
      status;
    delete status.infrastructureReady;
    delete status.controlPlaneReady;
    delete status.v1beta2;
    status.conditions = v1beta2?.conditions;
    status.controlPlane = v1beta2?.controlPlane;
    status.workers = v1beta2?.workers;
    if (conditions) status.deprecated = { v1beta1: { conditions } };
    if (infrastructureReady !== undefined || controlPlaneReady !== undefined)
      status.initialization = {
        infrastructureProvisioned: infrastructureReady,
        controlPlaneInitialized: controlPlaneReady,
      };
  } else {
    const { initialization, conditions, deprecated, controlPlane, workers } =
      status;
    delete status.initialization;
    delete status.deprecated;
    delete status.controlPlane;
    delete status.workers;
    status.conditions = deprecated?.v1beta1?.conditions;
    // Cluster API v1.14 keeps the v1beta2 counters and versions under status.v1beta2.
    if (conditions || controlPlane || workers)
      status.v1beta2 = Object.fromEntries(
        Object.entries({ conditions, controlPlane, workers }).filter(
          ([, value]) => value !== undefined,
        ),
      );
    status.infrastructureReady = !!initialization?.infrastructureProvisioned;
    status.controlPlaneReady = !!initialization?.controlPlaneInitialized;
  }
  for (const key of Object.keys(status))
    if (status[key] === undefined) delete status[key];
}

function convertMachineTemplateHolder(
  o: any,
  d: Direction,
  versionOf: VersionOf,
) {
  const spec = o.spec?.template?.spec;
  if (!spec) return;
  if (spec.infrastructureRef)
    spec.infrastructureRef = convertRef(spec.infrastructureRef, d, versionOf);
  if (spec.bootstrap?.configRef)
    spec.bootstrap.configRef = convertRef(
      spec.bootstrap.configRef,
      d,
      versionOf,
    );
}

function convertKubeadmControlPlane(
  o: any,
  d: Direction,
  versionOf: VersionOf,
) {
  const template = o.spec?.machineTemplate;
  if (!template) return;
  if (d === 'up' && template.infrastructureRef) {
    template.spec = {
      ...template.spec,
      infrastructureRef: convertRef(template.infrastructureRef, d, versionOf),
    };
    delete template.infrastructureRef;
  }
  if (d === 'down' && template.spec?.infrastructureRef) {
    template.infrastructureRef = convertRef(
      template.spec.infrastructureRef,
      d,
      versionOf,
    );
    delete template.spec.infrastructureRef;
    if (!Object.keys(template.spec).length) delete template.spec;
  }
}

/** ClusterClass references keep apiVersion in both versions: only where they sit changes. */
function convertClusterClass(o: any, d: Direction) {
  const spec = o.spec ?? {};
  const [from, to] =
    d === 'up' ? ['ref', 'templateRef'] : ['templateRef', 'ref'];
  const move = (holder: any) => {
    if (!holder?.[from]) return;
    const { apiVersion, kind, name } = holder[from];
    holder[to] = { apiVersion, kind, name };
    delete holder[from];
  };
  move(spec.infrastructure);
  move(spec.controlPlane);
  move(spec.controlPlane?.machineInfrastructure);
  for (const md of spec.workers?.machineDeployments ?? []) {
    if (d === 'up' && md.template) {
      md.bootstrap = md.template.bootstrap;
      md.infrastructure = md.template.infrastructure;
      delete md.template;
    } else if (d === 'down' && (md.bootstrap || md.infrastructure)) {
      md.template = {
        bootstrap: md.bootstrap,
        infrastructure: md.infrastructure,
      };
      delete md.bootstrap;
      delete md.infrastructure;
    }
    if (md.template) {
      move(md.template.bootstrap);
      move(md.template.infrastructure);
    } else {
      move(md.bootstrap);
      move(md.infrastructure);
    }
  }
}
