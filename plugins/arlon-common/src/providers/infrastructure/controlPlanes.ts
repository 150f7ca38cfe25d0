import type { KubeObject } from '../renderCluster';
import { CONTROL_PLANE_GROUP, INFRA_GROUP } from '../catalog';
import type { InfrastructureRenderer } from './types';
import { apiVersionOf } from './types';

const NESTED_VERSION = 'v1alpha4';
const nested = (kind: string) => ({
  apiVersion: `${CONTROL_PLANE_GROUP}/${NESTED_VERSION}`,
  kind,
});

/**
 * CAPN: the NestedControlPlane has no version of its own; it refers to one
 * object per component (etcd, API server, controller manager), each with
 * its replica count (CAPN's config/samples).
 */
export const nestedControlPlane: InfrastructureRenderer = {
  cluster: () => ({}),
  controlPlane: (spec, name, meta, kind) => {
    const replicas = spec.controlPlane?.replicas ?? 1;
    const components: Array<[string, string, string]> = [
      ['etcd', 'NestedEtcd', `${name}-etcd`],
      ['apiserver', 'NestedAPIServer', `${name}-apiserver`],
      [
        'controllerManager',
        'NestedControllerManager',
        `${name}-controller-manager`,
      ],
    ];
    return [
      {
        apiVersion: apiVersionOf(kind),
        kind: kind.kind,
        metadata: meta(`${name}-control-plane`),
        spec: Object.fromEntries(
          components.map(([field, k, n]) => [field, { ...nested(k), name: n }]),
        ),
      },
      ...components.map(
        ([, k, n]): KubeObject => ({
          ...nested(k),
          metadata: meta(n),
          spec: { replicas },
        }),
      ),
    ];
  },
};

const SIDERO_VERSION = 'v1alpha3';

/**
 * Sidero with the Talos control plane provider: TalosControlPlane needs the
 * machine template of its machines (a MetalMachineTemplate picking servers
 * of a ServerClass, Sidero's `any` by default) and what to generate.
 */
export const sidero: InfrastructureRenderer = {
  cluster: () => ({}),
  controlPlane: (spec, name, meta, kind) => {
    const templateName = `${name}-control-plane`;
    return [
      {
        apiVersion: apiVersionOf(kind),
        kind: kind.kind,
        metadata: meta(`${name}-control-plane`),
        spec: {
          version: spec.kubernetesVersion,
          replicas: spec.controlPlane?.replicas ?? 3,
          infrastructureTemplate: {
            apiVersion: `${INFRA_GROUP}/${SIDERO_VERSION}`,
            kind: 'MetalMachineTemplate',
            name: templateName,
          },
          controlPlaneConfig: {
            controlplane: { generateType: 'controlplane' },
          },
        },
      },
      {
        apiVersion: `${INFRA_GROUP}/${SIDERO_VERSION}`,
        kind: 'MetalMachineTemplate',
        metadata: meta(templateName),
        spec: {
          template: {
            spec: {
              serverClassRef: {
                apiVersion: 'metal.sidero.dev/v1alpha2',
                kind: 'ServerClass',
                name: spec.providerSpec?.sidero?.serverClass ?? 'any',
              },
            },
          },
        },
      },
    ];
  },
};
