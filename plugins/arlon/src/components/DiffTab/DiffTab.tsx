import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  arlonDiffReadPermission,
  arlonDiffReportWritePermission,
  DiffReport,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { arlonApiRef } from '../../api/ArlonClient';
import { arlonDefinitionOf } from '../common/arlonEntity';
import { PermittedButton } from '../common/PermittedButton';
import { chooseSides, comparable, DiffChoice } from './chooseSides';
import { DiffReportView } from './DiffReportView';
import { SavedReports } from './SavedReports';

type ChoiceKind = DiffChoice['kind'];

const KIND_LABEL: Record<ChoiceKind, string> = {
  cluster: 'A live cluster',
  allClusters: 'Every cluster',
  bundle: 'A bundle',
  profile: 'A profile',
};

/**
 * The Diff tab: compare this bundle, profile or cluster with any bundle,
 * profile or cluster (a bundle or profile against a live cluster is its
 * pre-flight), read the report object by object, save it, and open, export
 * or import saved ones.
 */
export function DiffTab() {
  const api = useApi(arlonApiRef);
  const { entity } = useEntity();
  const self = arlonDefinitionOf(entity);
  const [kind, setKind] = useState<ChoiceKind>(
    self?.kind === 'Cluster' ? 'cluster' : 'cluster',
  );
  const [name, setName] = useState('');
  const [report, setReport] = useState<DiffReport>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(0);
  const [savedNote, setSavedNote] = useState<string>();

  const options = useAsync(async () => {
    if (kind === 'allClusters') return [];
    const segment = (
      { cluster: 'clusters', bundle: 'bundles', profile: 'profiles' } as const
    )[kind];
    return (await api.list(segment)).items.map(i => i.name);
  }, [api, kind]);

  if (!self || !comparable(self.kind))
    return (
      <InfoCard title="Diff">
        <Typography>
          Cluster specs have no Kubernetes objects of their own to compare:
          compare the clusters built from this spec instead.
        </Typography>
      </InfoCard>
    );

  const compare = async () => {
    setBusy(true);
    setError(undefined);
    setSavedNote(undefined);
    try {
      const choice: DiffChoice =
        kind === 'allClusters' ? { kind } : { kind, name };
      setReport(await api.compare(chooseSides(self, choice)));
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!report) return;
    try {
      await api.saveReport(report);
      setSaved(n => n + 1);
      setSavedNote('Saved.');
    } catch (e) {
      setError(e as Error);
    }
  };

  return (
    <Grid container spacing={3}>
      <Grid item xs={12}>
        <InfoCard
          title={`Compare ${self.kind.toLowerCase()} ${self.name} with`}
        >
          <Box display="flex" alignItems="center" style={{ gap: 16 }}>
            <TextField
              select
              id="diff-kind"
              label="Compare with"
              value={kind}
              variant="outlined"
              style={{ minWidth: 200 }}
              onChange={e => {
                setKind(e.target.value as ChoiceKind);
                setName('');
              }}
              inputProps={{ 'data-testid': 'diff-kind' }}
            >
              {(Object.keys(KIND_LABEL) as ChoiceKind[])
                .filter(k => self.kind !== 'Cluster' || k !== 'allClusters')
                .map(k => (
                  <MenuItem key={k} value={k}>
                    {KIND_LABEL[k]}
                  </MenuItem>
                ))}
            </TextField>
            {kind !== 'allClusters' && (
              <TextField
                select
                id="diff-name"
                label="Name"
                value={name}
                variant="outlined"
                style={{ minWidth: 240 }}
                onChange={e => setName(e.target.value)}
                disabled={!options.value}
                inputProps={{ 'data-testid': 'diff-name' }}
              >
                {(options.value ?? [])
                  .filter(
                    n => !(n === self.name && kind === self.kind.toLowerCase()),
                  )
                  .map(n => (
                    <MenuItem key={n} value={n}>
                      {n}
                    </MenuItem>
                  ))}
              </TextField>
            )}
            <PermittedButton
              permission={arlonDiffReadPermission}
              variant="contained"
              color="primary"
              disabled={busy}
              disabledReason={
                kind !== 'allClusters' && !name
                  ? 'Pick what to compare with'
                  : undefined
              }
              onClick={compare}
            >
              Compare
            </PermittedButton>
            {report && (
              <PermittedButton
                permission={arlonDiffReportWritePermission}
                variant="outlined"
                onClick={save}
              >
                Save report
              </PermittedButton>
            )}
            {savedNote && <Typography role="status">{savedNote}</Typography>}
          </Box>
          {options.error && <ResponseErrorPanel error={options.error} />}
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        {busy && <Progress />}
        {error && <ResponseErrorPanel error={error} />}
        {!busy && report && (
          <InfoCard>
            <DiffReportView report={report} />
          </InfoCard>
        )}
        {!busy && !report && !error && (
          <Alert severity="info">
            Pick a bundle, profile or cluster and press Compare. Against a live
            cluster, a bundle or profile shows what applying it would change,
            before anything is applied.
          </Alert>
        )}
      </Grid>
      <Grid item xs={12}>
        <InfoCard>
          <SavedReports onOpen={setReport} refreshKey={saved} />
        </InfoCard>
      </Grid>
    </Grid>
  );
}
