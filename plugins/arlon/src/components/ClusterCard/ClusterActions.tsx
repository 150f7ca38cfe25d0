import { useApi } from '@backstage/frontend-plugin-api';
import {
  arlonClusterUpdatePermission,
  type ClusterApplicationsAction,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import { arlonApiRef } from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';

/** Sync, refresh, and update when behind: the cluster's ArgoCD applications, and what each did. */
export function ClusterActions({
  name,
  behind,
  onDone,
}: {
  name: string;
  behind: boolean;
  onDone: () => void;
}) {
  const api = useApi(arlonApiRef);
  // The policy decides on this cluster's entity (owners may act on their own).
  const resourceRef = entityRef('Cluster', name);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const run = async (action: ClusterApplicationsAction) => {
    setBusy(true);
    try {
      const { applications } = await api.clusterAction(name, action);
      setResult({
        ok: true,
        text: `${action}: ${applications.join(', ') || 'nothing to do'}`,
      });
      onDone();
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      display="flex"
      alignItems="center"
      style={{ gap: 8 }}
      role="group"
      aria-label="Cluster actions"
    >
      <PermittedButton
        permission={arlonClusterUpdatePermission}
        resourceRef={resourceRef}
        variant="outlined"
        disabled={busy}
        onClick={() => run('sync')}
      >
        Sync
      </PermittedButton>
      <PermittedButton
        permission={arlonClusterUpdatePermission}
        resourceRef={resourceRef}
        variant="outlined"
        disabled={busy}
        onClick={() => run('refresh')}
      >
        Refresh
      </PermittedButton>
      {behind && (
        <PermittedButton
          permission={arlonClusterUpdatePermission}
          resourceRef={resourceRef}
          variant="contained"
          color="primary"
          disabled={busy}
          onClick={() => run('update')}
        >
          Update
        </PermittedButton>
      )}
      {result && (
        <Typography color={result.ok ? 'textSecondary' : 'error'} role="status">
          {result.text}
        </Typography>
      )}
    </Box>
  );
}
