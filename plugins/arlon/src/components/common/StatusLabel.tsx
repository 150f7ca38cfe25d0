import {
  StatusAborted,
  StatusError,
  StatusOK,
  StatusPending,
  StatusRunning,
  StatusWarning,
} from '@backstage/core-components';

const OK = new Set([
  'Provisioned',
  'Synced',
  'Healthy',
  'registered',
  'reachable',
]);
const BAD = new Set(['Failed', 'Degraded', 'Missing', 'unreachable']);
const BUSY = new Set([
  'Provisioning',
  'Pending',
  'Progressing',
  'Deleting',
  'waitingForProvisioning',
]);
const WARN = new Set(['OutOfSync', 'Suspended', 'notBuilt']);

/** A status word with Backstage's status colours: phases, ArgoCD sync and health, registration. */
export function StatusLabel({ value }: { value?: string }) {
  const text = value ?? 'unknown';
  if (OK.has(text)) return <StatusOK>{text}</StatusOK>;
  if (BAD.has(text)) return <StatusError>{text}</StatusError>;
  if (BUSY.has(text)) return <StatusRunning>{text}</StatusRunning>;
  if (WARN.has(text)) return <StatusWarning>{text}</StatusWarning>;
  // Unknown: nobody could tell (e.g. a Helm bundle the sandbox does not render), not a failure.
  if (!value || text === 'Unknown')
    return <StatusAborted>{text}</StatusAborted>;
  return <StatusPending>{text}</StatusPending>;
}
