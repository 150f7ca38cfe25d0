import {
  ResponseErrorPanel,
  Table,
  TableColumn,
} from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  arlonProfileApplyPermission,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { useMemo, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';
import { StatusLabel } from '../common/StatusLabel';
import { ApplyProfileDialog } from '../ProfileCard/ApplyProfileDialog';
import { AssignmentAlert } from '../ProfileCard/AssignmentAlert';
import {
  AssignmentOutcome,
  assignmentOutcome,
} from '../ProfileCard/assignmentOutcome';
import { countBy, FleetRow, fleetRows } from './fleetRows';
import { removalOutcome } from './profileRemoval';
import { RemoveProfilesDialog } from './RemoveProfilesDialog';

/** Stable across renders: material-table forgets its selection when its columns change. */
const columns: TableColumn<FleetRow>[] = [
  {
    title: 'Cluster',
    field: 'name',
    render: r => (
      <EntityRefLink entityRef={entityRef('Cluster', r.name)}>
        {r.name}
      </EntityRefLink>
    ),
  },
  {
    title: 'Phase',
    field: 'phase',
    render: r => <StatusLabel value={r.phase} />,
  },
  {
    title: 'Health',
    field: 'health',
    render: r => <StatusLabel value={r.health} />,
  },
  { title: 'Provider', field: 'provider' },
  { title: 'Kubernetes', field: 'kubernetesVersion' },
  {
    title: 'Profiles',
    render: r => (
      <>
        {r.profiles.map(p => (
          <Chip key={p} size="small" label={p} />
        ))}
        {r.behind && <Chip size="small" color="secondary" label="behind" />}
      </>
    ),
  },
];

/** Every cluster: phase, health, provider, version, profiles; filters, counts by phase, and bulk "apply profile" and "remove profile". */
export function FleetClusters() {
  const api = useApi(arlonApiRef);
  const data = useAsyncRetry(async () => {
    const [clusters, specs, profiles] = await Promise.all([
      api.list('clusters'),
      api.list('clusterspecs'),
      api.list('profiles'),
    ]);
    return {
      rows: fleetRows(clusters.items, specs.items),
      profiles: profiles.items.map(p => p.name),
      // A profile whose definition does not parse has no bundles to name.
      bundles: new Map(
        profiles.items.map(p => [p.name, bundlesOfDefinition(p.definition)]),
      ),
    };
  }, [api]);
  const [phase, setPhase] = useState('');
  const [provider, setProvider] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [profile, setProfile] = useState('');
  const [applying, setApplying] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [applied, setApplied] = useState<AssignmentOutcome>();

  const visible = useMemo(
    () =>
      (data.value?.rows ?? []).filter(
        r =>
          (!phase || r.phase === phase) &&
          (!provider || r.provider === provider),
      ),
    [data.value, phase, provider],
  );
  // Only what is on screen counts as selected: a filter hides a row, not a bulk apply's target.
  const targets = selected.filter(name => visible.some(r => r.name === name));
  // The selection is ours, not the table's: its checkboxes show `selected` at
  // once, even while a reload still shows the previous rows.
  const rows = useMemo(
    () =>
      visible.map(r => ({
        ...r,
        tableData: { checked: selected.includes(r.name) },
      })),
    [visible, selected],
  );
  if (data.error) return <ResponseErrorPanel error={data.error} />;
  const all = data.value?.rows ?? [];

  return (
    <Box>
      <Box
        display="flex"
        alignItems="flex-end"
        style={{ gap: 24 }}
        mb={2}
        data-testid="phase-counts"
      >
        {countBy(all, 'phase').map(([name, count]) => (
          <Box key={name} textAlign="center">
            <Box
              bgcolor="primary.main"
              width={40}
              height={Math.max(4, (count / Math.max(1, all.length)) * 80)}
              mx="auto"
              aria-hidden
            />
            <Typography variant="caption" display="block">
              {name}: {count}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box display="flex" alignItems="center" style={{ gap: 16 }} mb={2}>
        <Filter
          field="phase"
          label="Phase"
          rows={all}
          value={phase}
          onChange={setPhase}
        />
        <Filter
          field="provider"
          label="Provider"
          rows={all}
          value={provider}
          onChange={setProvider}
        />
        <Box flexGrow={1} />
        <TextField
          select
          id="fleet-bulk-profile"
          label="Profile"
          value={profile}
          onChange={e => setProfile(e.target.value)}
          style={{ minWidth: 180 }}
          inputProps={{ 'data-testid': 'bulk-profile' }}
        >
          {(data.value?.profiles ?? []).map(p => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <PermittedButton
          permission={arlonProfileApplyPermission}
          resourceRefs={targets.map(t => entityRef('Cluster', t))}
          variant="contained"
          color="primary"
          disabledReason={
            !profile || targets.length === 0
              ? 'Select clusters and a profile'
              : undefined
          }
          onClick={() => setApplying(true)}
        >
          Apply profile to {targets.length} selected
        </PermittedButton>
        <PermittedButton
          permission={arlonProfileApplyPermission}
          resourceRefs={targets.map(t => entityRef('Cluster', t))}
          variant="outlined"
          color="secondary"
          disabledReason={
            !profile || targets.length === 0
              ? 'Select clusters and a profile'
              : undefined
          }
          onClick={() => setRemoving(true)}
        >
          Remove profile from {targets.length} selected
        </PermittedButton>
      </Box>
      {applied && (
        <AssignmentAlert
          outcome={applied}
          onClose={() => setApplied(undefined)}
        />
      )}
      <Table<FleetRow>
        title={`Clusters (${rows.length})`}
        // Keep the rows on screen while a refresh runs.
        isLoading={data.loading && !data.value}
        data={rows}
        columns={columns}
        options={{
          selection: true,
          paging: rows.length > 20,
          pageSize: 20,
          padding: 'dense',
        }}
        onSelectionChange={checked => setSelected(checked.map(r => r.name))}
        emptyContent={
          <Box p={2}>
            No clusters in the fleet repository
            {phase || provider ? ' match these filters' : ''}.
          </Box>
        }
      />
      {applying && (
        <ApplyProfileDialog
          open
          profiles={[profile]}
          clusters={all.map(r => r.name)}
          initialClusters={targets}
          onClose={() => setApplying(false)}
          onApplied={result => {
            setApplied(assignmentOutcome([profile], result));
            setSelected([]);
            data.retry();
          }}
        />
      )}
      {removing && (
        <RemoveProfilesDialog
          profiles={[profile]}
          clusters={targets}
          profilesOf={name => all.find(r => r.name === name)?.profiles ?? []}
          bundlesOf={name => data.value?.bundles.get(name)}
          onClose={() => setRemoving(false)}
          onRemoved={result => {
            setApplied(removalOutcome([profile], targets, result));
            setSelected([]);
            data.retry();
          }}
        />
      )}
    </Box>
  );
}

/** The bundles a profile lists, or undefined when its definition is not a readable profile. */
function bundlesOfDefinition(definition: unknown): string[] | undefined {
  const bundles = (definition as { spec?: { bundles?: unknown } } | undefined)
    ?.spec?.bundles;
  return Array.isArray(bundles) && bundles.every(b => typeof b === 'string')
    ? bundles
    : undefined;
}

/** A filter on one column: any, or one of the values the rows have. */
function Filter({
  field,
  label,
  rows,
  value,
  onChange,
}: {
  field: 'phase' | 'provider';
  label: string;
  rows: FleetRow[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      id={`fleet-filter-${field}`}
      label={label}
      value={value}
      onChange={e => onChange(e.target.value)}
      style={{ minWidth: 160 }}
    >
      <MenuItem value="">Any</MenuItem>
      {countBy(rows, field).map(([v]) => (
        <MenuItem key={v} value={v}>
          {v}
        </MenuItem>
      ))}
    </TextField>
  );
}
