import { useState } from 'react';
import { useApi } from '@backstage/frontend-plugin-api';
import { Progress } from '@backstage/core-components';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import useAsync from 'react-use/esm/useAsync';
import {
  arlonClusterDeletePermission,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import { arlonApiRef, type ClusterRemovalOutcome } from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';

type Action = 'delete' | 'unregister';

/**
 * Deleting a built cluster, or unregistering an imported one: the dialog
 * shows what will be removed, in the order it goes (its bundle Applications,
 * then its Cluster API objects or ArgoCD's account, then the ArgoCD
 * registration and the definition), and enables the button only once the
 * cluster's name is typed.
 */
export function RemoveClusterDialog({
  name,
  action,
  open,
  onClose,
  onDone,
}: {
  name: string;
  action: Action;
  open: boolean;
  onClose: () => void;
  onDone: (outcome: ClusterRemovalOutcome) => void;
}) {
  const api = useApi(arlonApiRef);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const preview = useAsync(
    async () => (open ? api.previewClusterRemoval(name, action) : undefined),
    [api, name, action, open],
  );
  const verb = action === 'delete' ? 'Delete' : 'Unregister';
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      onDone(await api.removeCluster(name, action));
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const plan = preview.value;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {verb} cluster {name}
      </DialogTitle>
      <DialogContent>
        {preview.loading && <Progress />}
        {preview.error && (
          <Alert severity="error">{preview.error.message}</Alert>
        )}
        {plan && (
          <div data-testid="removal-plan">
            <Typography variant="subtitle2">
              1. Its bundles, with what they deployed
            </Typography>
            <Typography variant="body2" paragraph>
              {plan.bundleApplications.length
                ? plan.bundleApplications.join(', ')
                : 'none'}
            </Typography>
            <Typography variant="subtitle2">
              {action === 'delete'
                ? '2. Its Cluster API objects (the cluster itself)'
                : "2. ArgoCD's service account, binding and token in the cluster (the cluster keeps running)"}
            </Typography>
            {action === 'delete' && (
              <Typography variant="body2" paragraph>
                {plan.clusterObjects.length
                  ? plan.clusterObjects
                      .map(o => `${o.kind} ${o.name}`)
                      .join(', ')
                  : 'none (not built yet)'}
              </Typography>
            )}
            <Typography variant="subtitle2">
              3. Its ArgoCD registration and its definition
            </Typography>
            <Typography variant="body2" paragraph>
              {plan.registration
                ? `Secret ${plan.registration.secret} on ${plan.registration.managementCluster}`
                : 'not registered'}
              ; {plan.files.map(f => `${f.action} ${f.path}`).join(', ')}
            </Typography>
          </div>
        )}
        <TextField
          label={`Type ${name} to confirm`}
          value={typed}
          onChange={e => setTyped(e.target.value)}
          fullWidth
          variant="outlined"
          margin="dense"
          inputProps={{ 'aria-label': 'Cluster name to confirm' }}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="secondary"
          variant="contained"
          disabled={typed !== name || !plan || busy}
          onClick={confirm}
        >
          {verb} {name}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The button on a cluster's page: Delete for a built cluster, Unregister for an imported one. */
export function RemoveClusterButton({
  name,
  external,
  onDone,
}: {
  name: string;
  external: boolean;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string>();
  const action: Action = external ? 'unregister' : 'delete';
  return (
    <>
      <PermittedButton
        permission={arlonClusterDeletePermission}
        resourceRef={entityRef('Cluster', name)}
        variant="outlined"
        color="secondary"
        onClick={() => setOpen(true)}
      >
        {external ? 'Unregister' : 'Delete'}
      </PermittedButton>
      {outcome && (
        <Typography role="status" color="textSecondary">
          {outcome}
        </Typography>
      )}
      <RemoveClusterDialog
        name={name}
        action={action}
        open={open}
        onClose={() => setOpen(false)}
        onDone={result => {
          setOpen(false);
          setOutcome(
            result.message ??
              (result.pullRequest
                ? `Proposed in ${result.pullRequest.url}`
                : `${external ? 'Unregistered' : 'Deleted'}${
                    result.commit
                      ? ` (commit ${result.commit.slice(0, 12)})`
                      : ''
                  }`),
          );
          onDone();
        }}
      />
    </>
  );
}
