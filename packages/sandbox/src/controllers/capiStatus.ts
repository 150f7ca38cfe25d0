import { now } from '../kube/objectWrites';

/**
 * A simulated Cluster's status, in the shape of the version the controller
 * writes (checked against Cluster API v1.14.0's Cluster CRD and
 * api/core/v1beta2/cluster_types.go):
 * - v1beta1: `infrastructureReady`, `controlPlaneReady`, and conditions
 *   with an optional reason and a severity;
 * - v1beta2: `initialization.{infrastructureProvisioned,
 *   controlPlaneInitialized}`, metav1.Conditions (reason and message
 *   required, the types Available, InfrastructureReady,
 *   ControlPlaneInitialized, ControlPlaneAvailable, WorkersAvailable,
 *   RemoteConnectionProbe, TopologyReconciled), and the v1beta1 conditions
 *   under `deprecated.v1beta1`, as Cluster API keeps them for v1beta1
 *   readers.
 */

export type CapiStatusVersion = 'v1beta1' | 'v1beta2';
export type Phase = 'Pending' | 'Provisioning' | 'Provisioned';

function v1beta1Condition(
  type: string,
  ok: boolean,
  reason?: string,
): Record<string, string> {
  return {
    type,
    status: ok ? 'True' : 'False',
    lastTransitionTime: now(),
    ...(ok ? {} : { reason: reason ?? 'Waiting', severity: 'Info' }),
  };
}

function condition(
  type: string,
  ok: boolean,
  reasons: [string, string],
  observedGeneration: number | undefined,
  message = '',
) {
  return {
    type,
    status: ok ? 'True' : 'False',
    reason: ok ? reasons[0] : reasons[1],
    message,
    lastTransitionTime: now(),
    ...(observedGeneration ? { observedGeneration } : {}),
  };
}

export interface StatusFacts {
  phase: Phase;
  /** A topology Cluster: TopologyReconciled is reported. */
  topology?: boolean;
  /** Why the topology cannot be reconciled (its class is missing). */
  topologyFailure?: string;
  generation?: number;
}

export function clusterStatus(
  version: CapiStatusVersion,
  facts: StatusFacts,
): object {
  const { phase, generation } = facts;
  const infra = phase !== 'Pending';
  const controlPlane = phase === 'Provisioned';
  const legacy = [
    v1beta1Condition(
      'Ready',
      controlPlane,
      infra ? 'WaitingForControlPlane' : 'WaitingForInfrastructure',
    ),
    v1beta1Condition('InfrastructureReady', infra, 'WaitingForInfrastructure'),
    v1beta1Condition(
      'ControlPlaneInitialized',
      controlPlane,
      'WaitingForControlPlane',
    ),
    ...(controlPlane ? [v1beta1Condition('ControlPlaneReady', true)] : []),
    ...(facts.topology
      ? [
          v1beta1Condition(
            'TopologyReconciled',
            !facts.topologyFailure,
            'TopologyReconcileFailed',
          ),
        ]
      : []),
  ];
  if (version === 'v1beta1')
    return {
      phase,
      infrastructureReady: infra,
      controlPlaneReady: controlPlane,
      conditions: legacy,
      ...(generation ? { observedGeneration: generation } : {}),
    };
  const available: [string, string] = ['Available', 'NotAvailable'];
  return {
    phase,
    initialization: {
      infrastructureProvisioned: infra,
      controlPlaneInitialized: controlPlane,
    },
    conditions: [
      condition('Available', controlPlane, available, generation),
      condition(
        'InfrastructureReady',
        infra,
        ['Ready', 'NotReady'],
        generation,
      ),
      condition(
        'ControlPlaneInitialized',
        controlPlane,
        ['Initialized', 'NotInitialized'],
        generation,
      ),
      condition('ControlPlaneAvailable', controlPlane, available, generation),
      condition('WorkersAvailable', controlPlane, available, generation),
      condition(
        'RemoteConnectionProbe',
        controlPlane,
        ['ProbeSucceeded', 'ProbeFailed'],
        generation,
      ),
      ...(facts.topology
        ? [
            condition(
              'TopologyReconciled',
              !facts.topologyFailure,
              ['ReconcileSucceeded', 'ReconcileFailed'],
              generation,
              facts.topologyFailure,
            ),
          ]
        : []),
    ],
    deprecated: { v1beta1: { conditions: legacy } },
    ...(generation ? { observedGeneration: generation } : {}),
  };
}
