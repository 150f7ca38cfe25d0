import {
  BOOTSTRAP_GROUP,
  CAPI_GROUP,
  CONTROL_PLANE_GROUP,
  KindRef,
} from '../catalog';
import type { KubeObject } from '../renderCluster';
import type { CapiVersion } from './version';

/**
 * Cluster API's own objects (Cluster, MachineDeployment, MachinePool,
 * KubeadmControlPlane, KubeadmConfigTemplate) in the shape each API version
 * has (checked against the CRDs of Cluster API v1.14.0). What differs:
 * - references: v1beta1 `{apiVersion, kind, name}`; v1beta2 `{apiGroup,
 *   kind, name}` (Cluster API picks the version from the provider's
 *   contract labels);
 * - KubeadmControlPlane: v1beta1 `machineTemplate.infrastructureRef`;
 *   v1beta2 `machineTemplate.spec.infrastructureRef`;
 * - topology: v1beta1 `class` and `classNamespace`; v1beta2 `classRef`
 *   with `name` and `namespace`.
 */

type Meta = KubeObject['metadata'];

/** A kubeadm kind (control plane or bootstrap) at the rendered Cluster API version. */
export const kubeadmKind = (
  group: typeof CONTROL_PLANE_GROUP | typeof BOOTSTRAP_GROUP,
  kind: string,
  version: CapiVersion,
): KindRef => ({ group, version, kind });

/** Kubeadm's own kinds follow Cluster API's version; a provider's kinds keep the catalog's. */
export function atCapiVersion(k: KindRef, version: CapiVersion): KindRef {
  return k.kind.startsWith('Kubeadm') &&
    (k.group === CONTROL_PLANE_GROUP || k.group === BOOTSTRAP_GROUP)
    ? { ...k, version }
    : k;
}

export function capiRef(version: CapiVersion, k: KindRef, name: string) {
  return version === 'v1beta2'
    ? { apiGroup: k.group, kind: k.kind, name }
    : { apiVersion: `${k.group}/${k.version}`, kind: k.kind, name };
}

export function capiCluster(
  version: CapiVersion,
  metadata: Meta,
  clusterNetwork: object,
  infrastructure: KindRef,
  controlPlane: KindRef,
): KubeObject {
  return {
    apiVersion: `${CAPI_GROUP}/${version}`,
    kind: 'Cluster',
    metadata,
    spec: {
      clusterNetwork,
      infrastructureRef: capiRef(version, infrastructure, metadata.name),
      controlPlaneRef: capiRef(
        version,
        atCapiVersion(controlPlane, version),
        `${metadata.name}-control-plane`,
      ),
    },
  };
}

/**
 * The node registration every kubeadm config here sets; a new object each
 * time, so YAML never writes one as an anchor and an alias.
 */
const nodeRegistration = () => ({
  nodeRegistration: { name: '{{ ds.meta_data.local_hostname }}' },
});

export const kubeadmConfigSpec = () => ({
  initConfiguration: nodeRegistration(),
  joinConfiguration: nodeRegistration(),
});

export function kubeadmControlPlane(
  version: CapiVersion,
  metadata: Meta,
  fields: {
    replicas: number;
    kubernetesVersion: string;
    machineTemplate: KindRef;
    machineTemplateName: string;
  },
): KubeObject {
  const infrastructureRef = capiRef(
    version,
    fields.machineTemplate,
    fields.machineTemplateName,
  );
  return {
    apiVersion: `${CONTROL_PLANE_GROUP}/${version}`,
    kind: 'KubeadmControlPlane',
    metadata,
    spec: {
      replicas: fields.replicas,
      version: fields.kubernetesVersion,
      machineTemplate:
        version === 'v1beta2'
          ? { spec: { infrastructureRef } }
          : { infrastructureRef },
      kubeadmConfigSpec: kubeadmConfigSpec(),
    },
  };
}

/** A worker's kubeadm bootstrap: the same in both versions (no extraArgs, whose shape changed). */
export const kubeadmConfigTemplateSpec = () => ({
  template: { spec: { joinConfiguration: nodeRegistration() } },
});

export function kubeadmConfigTemplate(
  version: CapiVersion,
  metadata: Meta,
): KubeObject {
  return {
    apiVersion: `${BOOTSTRAP_GROUP}/${version}`,
    kind: 'KubeadmConfigTemplate',
    metadata,
    spec: kubeadmConfigTemplateSpec(),
  };
}

export function machineDeployment(
  version: CapiVersion,
  metadata: Meta,
  fields: {
    clusterName: string;
    replicas: number;
    kubernetesVersion: string;
    bootstrapTemplateName: string;
    machineTemplate: KindRef;
    machineTemplateName: string;
  },
): KubeObject {
  return {
    apiVersion: `${CAPI_GROUP}/${version}`,
    kind: 'MachineDeployment',
    metadata,
    spec: {
      clusterName: fields.clusterName,
      replicas: fields.replicas,
      selector: { matchLabels: {} },
      template: {
        spec: {
          clusterName: fields.clusterName,
          version: fields.kubernetesVersion,
          bootstrap: {
            configRef: capiRef(
              version,
              kubeadmKind(BOOTSTRAP_GROUP, 'KubeadmConfigTemplate', version),
              fields.bootstrapTemplateName,
            ),
          },
          infrastructureRef: capiRef(
            version,
            fields.machineTemplate,
            fields.machineTemplateName,
          ),
        },
      },
    },
  };
}

export function machinePool(
  version: CapiVersion,
  metadata: Meta,
  fields: {
    clusterName: string;
    replicas: number;
    kubernetesVersion: string;
    pool: KindRef;
  },
): KubeObject {
  return {
    apiVersion: `${CAPI_GROUP}/${version}`,
    kind: 'MachinePool',
    metadata,
    spec: {
      clusterName: fields.clusterName,
      replicas: fields.replicas,
      template: {
        spec: {
          clusterName: fields.clusterName,
          version: fields.kubernetesVersion,
          // Managed pools bootstrap themselves: no bootstrap config.
          bootstrap: { dataSecretName: '' },
          infrastructureRef: capiRef(version, fields.pool, metadata.name),
        },
      },
    },
  };
}

export interface TopologyWorker {
  class: string;
  name: string;
  replicas: number;
  annotations?: Record<string, string>;
}

export function topologyCluster(
  version: CapiVersion,
  metadata: Meta,
  clusterNetwork: object,
  fields: {
    className: string;
    /** Where the class lives, when not in the Cluster's namespace. */
    classNamespace?: string;
    kubernetesVersion: string;
    controlPlaneReplicas: number;
    workers: TopologyWorker[];
  },
): KubeObject {
  const ns = fields.classNamespace;
  const classOf =
    version === 'v1beta2'
      ? {
          classRef: {
            name: fields.className,
            ...(ns ? { namespace: ns } : {}),
          },
        }
      : { class: fields.className, ...(ns ? { classNamespace: ns } : {}) };
  return {
    apiVersion: `${CAPI_GROUP}/${version}`,
    kind: 'Cluster',
    metadata,
    spec: {
      clusterNetwork,
      topology: {
        ...classOf,
        version: fields.kubernetesVersion,
        controlPlane: { replicas: fields.controlPlaneReplicas },
        ...(fields.workers.length
          ? {
              workers: {
                machineDeployments: fields.workers.map(w => ({
                  class: w.class,
                  name: w.name,
                  replicas: w.replicas,
                  ...(w.annotations
                    ? { metadata: { annotations: w.annotations } }
                    : {}),
                })),
              },
            }
          : {}),
      },
    },
  };
}
