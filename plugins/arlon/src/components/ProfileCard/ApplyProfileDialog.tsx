import { useApi } from '@backstage/frontend-plugin-api';
import {
  arlonProfileApplyPermission,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import Autocomplete from '@material-ui/lab/Autocomplete';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import {
  arlonApiRef,
  ProfileAssignment,
  ProfileAssignmentResult,
} from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';
import { LiveImpact } from './LiveImpact';

/**
 * Apply profiles to clusters picked by name or by a label selector: first a
 * preview of what the commit would change (a dry run) and what that would do
 * on the live clusters (their pre-flights), then the commit.
 */
export function ApplyProfileDialog({
  profiles,
  clusters: known,
  initialClusters = [],
  open,
  onClose,
  onApplied,
}: {
  profiles: string[];
  /** Clusters to offer. */
  clusters: string[];
  initialClusters?: string[];
  open: boolean;
  onClose: () => void;
  onApplied?: (result: ProfileAssignmentResult) => void;
}) {
  const api = useApi(arlonApiRef);
  const [by, setBy] = useState<'names' | 'selector'>('names');
  const [picked, setPicked] = useState<string[]>(initialClusters);
  const [selector, setSelector] = useState('');
  const [preview, setPreview] = useState<ProfileAssignmentResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const request: ProfileAssignment =
    by === 'names' ? { profiles, clusters: picked } : { profiles, selector };
  const incomplete = by === 'names' ? picked.length === 0 : !selector.trim();

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api.assignProfiles('apply', request, { dryRun });
      if (dryRun) setPreview(result);
      else {
        onApplied?.(result);
        onClose();
      }
    } catch (e) {
      setError((e as Error).message);
      setPreview(undefined);
    } finally {
      setBusy(false);
    }
  };
  const changed = () => setPreview(undefined);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Apply {profiles.join(', ')} to clusters</DialogTitle>
      <DialogContent>
        <RadioGroup
          row
          value={by}
          onChange={e => {
            setBy(e.target.value as 'names' | 'selector');
            changed();
          }}
        >
          <FormControlLabel
            value="names"
            control={<Radio />}
            label="Clusters I pick"
          />
          <FormControlLabel
            value="selector"
            control={<Radio />}
            label="Label selector"
          />
        </RadioGroup>
        {by === 'names' ? (
          <Autocomplete
            multiple
            options={known}
            value={picked}
            onChange={(_e, value) => {
              setPicked(value);
              changed();
            }}
            renderInput={params => (
              <TextField {...params} label="Clusters" variant="outlined" />
            )}
          />
        ) : (
          <TextField
            id="apply-profile-selector"
            fullWidth
            variant="outlined"
            label="Label selector"
            placeholder="env=prod or env in (prod,staging)"
            value={selector}
            onChange={e => {
              setSelector(e.target.value);
              changed();
            }}
          />
        )}
        {error && (
          <Alert severity="error" style={{ marginTop: 16 }}>
            {error}
          </Alert>
        )}
        {preview && (
          <div data-testid="apply-preview" style={{ marginTop: 16 }}>
            <Typography variant="subtitle2">
              {preview.files.length
                ? `One commit would change ${
                    preview.clusters.length
                  } cluster(s): ${preview.clusters.join(', ')}`
                : 'Nothing would change: these clusters already have the profiles.'}
            </Typography>
            {preview.files.map(f => (
              <Typography
                key={f.path}
                variant="body2"
                style={{ fontFamily: 'monospace' }}
              >
                {f.action} {f.path}
              </Typography>
            ))}
            {preview.files.length > 0 && (
              <LiveImpact profiles={profiles} clusters={preview.clusters} />
            )}
          </div>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button disabled={busy || incomplete} onClick={() => run(true)}>
          Preview
        </Button>
        <PermittedButton
          permission={arlonProfileApplyPermission}
          resourceRefs={preview?.clusters.map(c => entityRef('Cluster', c))}
          color="primary"
          variant="contained"
          disabled={busy || !preview || preview.files.length === 0}
          disabledReason={preview ? undefined : 'Preview the change first'}
          onClick={() => run(false)}
        >
          Apply
        </PermittedButton>
      </DialogActions>
    </Dialog>
  );
}
