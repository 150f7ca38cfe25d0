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
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import { arlonApiRef, ProfileAssignmentResult } from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';
import { removalImpact } from './profileRemoval';

/**
 * Remove profiles from the clusters selected on the Fleet page: first a dry
 * run that says which cluster loses which profile and which Applications
 * ArgoCD then prunes (with what they deployed), then the commit.
 */
export function RemoveProfilesDialog({
  profiles,
  clusters,
  profilesOf,
  bundlesOf,
  onClose,
  onRemoved,
}: {
  profiles: string[];
  /** The selected clusters the filters still show. */
  clusters: string[];
  profilesOf: (cluster: string) => string[];
  bundlesOf: (profile: string) => string[] | undefined;
  onClose: () => void;
  onRemoved?: (result: ProfileAssignmentResult) => void;
}) {
  const api = useApi(arlonApiRef);
  const [preview, setPreview] = useState<ProfileAssignmentResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api.assignProfiles(
        'remove',
        { profiles, clusters },
        { dryRun },
      );
      if (dryRun) setPreview(result);
      else {
        onRemoved?.(result);
        onClose();
      }
    } catch (e) {
      setError((e as Error).message);
      setPreview(undefined);
    } finally {
      setBusy(false);
    }
  };
  const impact = preview
    ? removalImpact(preview.clusters, profiles, profilesOf, bundlesOf)
    : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Remove {profiles.join(', ')} from clusters</DialogTitle>
      <DialogContent>
        <Typography variant="body2">Clusters: {clusters.join(', ')}</Typography>
        {error && (
          <Alert severity="error" style={{ marginTop: 16 }}>
            {error}
          </Alert>
        )}
        {preview && (
          <div data-testid="remove-preview" style={{ marginTop: 16 }}>
            <Typography variant="subtitle2">
              {preview.files.length
                ? `One commit would change ${preview.clusters.length} cluster(s).`
                : `Nothing would change: none of these clusters runs ${profiles.join(
                    ', ',
                  )}.`}
            </Typography>
            {impact.map(i => (
              <Typography
                key={i.cluster}
                variant="body2"
                data-testid={`remove-impact-${i.cluster}`}
              >
                {i.cluster} loses {i.profiles.join(', ') || 'no profile'}
                {i.applications.length > 0 &&
                  `: ArgoCD prunes ${i.applications.join(
                    ', ',
                  )} and deletes everything they deployed on the cluster`}
                {i.unknownBundles.length > 0 &&
                  `; the bundles of ${i.unknownBundles.join(
                    ', ',
                  )} are unknown (the profile does not parse): their Applications go too`}
                .
              </Typography>
            ))}
            {preview.files.map(f => (
              <Typography
                key={f.path}
                variant="body2"
                style={{ fontFamily: 'monospace' }}
              >
                {f.action} {f.path}
              </Typography>
            ))}
          </div>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button disabled={busy} onClick={() => run(true)}>
          Preview
        </Button>
        <PermittedButton
          permission={arlonProfileApplyPermission}
          resourceRefs={preview?.clusters.map(c => entityRef('Cluster', c))}
          color="secondary"
          variant="contained"
          disabled={busy || !preview || preview.files.length === 0}
          disabledReason={preview ? undefined : 'Preview the change first'}
          onClick={() => run(false)}
        >
          Remove
        </PermittedButton>
      </DialogActions>
    </Dialog>
  );
}
