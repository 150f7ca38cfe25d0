import type { ClusterStatus } from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { StatusLabel } from '../common/StatusLabel';
import { ControlPlaneVersion } from './ControlPlaneVersion';

/** What Cluster API and ArgoCD say of a cluster: its phase, Kubernetes version, conditions, registration and root application. */
export function ClusterLive({ status }: { status?: ClusterStatus }) {
  if (!status)
    return (
      <Typography>
        No live status: no management cluster reports this cluster yet.
      </Typography>
    );
  return (
    <Box>
      <Typography variant="subtitle2">Cluster API</Typography>
      <Typography component="div" data-testid="phase">
        <StatusLabel value={status.capi?.phase} />
      </Typography>
      <ControlPlaneVersion versions={status.capi?.controlPlaneVersions} />
      {(status.capi?.conditions ?? []).map(c => (
        <Typography key={c.type} variant="body2">
          {c.type}: {c.status}
          {c.reason ? ` (${c.reason})` : ''}
          {c.message ? ` – ${c.message}` : ''}
        </Typography>
      ))}
      <Typography variant="subtitle2" style={{ marginTop: 8 }}>
        ArgoCD
      </Typography>
      <Typography component="div" data-testid="registration">
        <StatusLabel value={status.registration} />
      </Typography>
      {status.root && (
        <Typography variant="body2">
          Root application: {status.root.sync}, {status.root.health}
        </Typography>
      )}
    </Box>
  );
}
