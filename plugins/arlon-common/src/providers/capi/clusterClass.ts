import type { NodePool } from '../../model/types';
import {
  BOOTSTRAP_GROUP,
  CAPI_GROUP,
  CONTROL_PLANE_GROUP,
  KindRef,
} from '../catalog';
import type { KubeObject } from '../renderCluster';
import { apiVersionOf, type Meta } from '../infrastructure/types';
import { contentName } from './contentName';
import {
  kubeadmConfigSpec,
  kubeadmConfigTemplateSpec,
  kubeadmKind,
} from './core';
import type { CapiVersion } from './version';

/**
 * ArgoCD applies these a wave before the Cluster: Cluster API's topology
 * controller reconciles a Cluster only once its class exists.
 */
const BEFORE_CLUSTER = { 'argocd.argoproj.io/sync-wave': '-1' };

/**
 * The ClusterClass a topology Cluster names, generated beside it in its own
 * namespace with every template it references, so nothing has to be
 * installed there by hand (a class is namespaced: a Cluster finds it in its
 * own namespace unless it names another). One worker class per node pool,
 * named after it, so each pool keeps its own machine template. Templates are
 * named by their content: a changed spec gives new names, the class points
 * at them, and Cluster API's topology controller rotates the templates of
 * the Cluster it manages and rolls its machines out.
 */
export function renderClusterClass(
  version: CapiVersion,
  meta: Meta,
  fields: {
    className: string;
    infrastructureCluster: KindRef;
    machineTemplate: KindRef;
    controlPlaneMachineSpec: object;
    pools: Array<{ pool: NodePool; machineSpec: object }>;
  },
): KubeObject[] {
  const { className } = fields;
  const at = (name: string) => meta(name, { annotations: BEFORE_CLUSTER });
  const template = (
    k: KindRef,
    base: string,
    templateSpec: object,
  ): KubeObject => {
    const spec = { template: { spec: templateSpec } };
    return {
      apiVersion: apiVersionOf(k),
      kind: k.kind,
      metadata: at(contentName(base, spec)),
      spec,
    };
  };
  const ref = (o: KubeObject) =>
    version === 'v1beta2'
      ? {
          templateRef: {
            apiVersion: o.apiVersion,
            kind: o.kind,
            name: o.metadata.name,
          },
        }
      : {
          ref: {
            apiVersion: o.apiVersion,
            kind: o.kind,
            name: o.metadata.name,
          },
        };

  const infrastructure = template(
    {
      ...fields.infrastructureCluster,
      kind: `${fields.infrastructureCluster.kind}Template`,
    },
    `${className}-cluster`,
    {},
  );
  const controlPlane = template(
    kubeadmKind(CONTROL_PLANE_GROUP, 'KubeadmControlPlaneTemplate', version),
    `${className}-control-plane`,
    { kubeadmConfigSpec: kubeadmConfigSpec() },
  );
  const controlPlaneMachines = template(
    fields.machineTemplate,
    `${className}-control-plane`,
    fields.controlPlaneMachineSpec,
  );
  const workers = fields.pools.map(({ pool, machineSpec }) => ({
    pool,
    bootstrap: template(
      kubeadmKind(BOOTSTRAP_GROUP, 'KubeadmConfigTemplate', version),
      `${className}-${pool.name}`,
      kubeadmConfigTemplateSpec().template.spec,
    ),
    machines: template(
      fields.machineTemplate,
      `${className}-${pool.name}`,
      machineSpec,
    ),
  }));

  const machineDeployments = workers.map(w =>
    version === 'v1beta2'
      ? {
          class: w.pool.name,
          bootstrap: ref(w.bootstrap),
          infrastructure: ref(w.machines),
        }
      : {
          class: w.pool.name,
          template: {
            bootstrap: ref(w.bootstrap),
            infrastructure: ref(w.machines),
          },
        },
  );
  const clusterClass: KubeObject = {
    apiVersion: `${CAPI_GROUP}/${version}`,
    kind: 'ClusterClass',
    metadata: at(className),
    spec: {
      infrastructure: ref(infrastructure),
      controlPlane: {
        ...ref(controlPlane),
        machineInfrastructure: ref(controlPlaneMachines),
      },
      ...(machineDeployments.length ? { workers: { machineDeployments } } : {}),
    },
  };
  return [
    clusterClass,
    infrastructure,
    controlPlane,
    controlPlaneMachines,
    ...workers.flatMap(w => [w.bootstrap, w.machines]),
  ];
}
