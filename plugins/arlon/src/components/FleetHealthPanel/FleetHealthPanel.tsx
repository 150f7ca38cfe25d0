import {
  InfoCard,
  StatusError,
  StatusOK,
  StatusWarning,
  Table,
  TableColumn,
} from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import {
  FleetHealth,
  FleetRepositoryHealth,
  HealthProblem,
  ManagementClusterHealth,
  overallHealth,
  Reachability,
} from '@arlon-backstage/plugin-arlon-common';

const OVERALL_TEXT = {
  healthy: 'Every management cluster and the fleet repository are reachable.',
  degraded: 'Something the portal needs cannot be reached; see below.',
  notConfigured:
    'Arlon is not fully configured: set arlon.managementClusters and arlon.fleetRepo in app-config.yaml.',
};

function ReachabilityStatus({ status }: { status: Reachability }) {
  switch (status) {
    case 'reachable':
      return <StatusOK>Reachable</StatusOK>;
    case 'unreachable':
      return <StatusError>Unreachable</StatusError>;
    default:
      return <StatusWarning>Not configured</StatusWarning>;
  }
}

function Problem({ problem }: { problem?: HealthProblem }) {
  if (!problem) return null;
  return (
    <>
      <Typography variant="body2">{problem.message}</Typography>
      {problem.hint && (
        <Typography variant="body2" color="textSecondary">
          {problem.hint}
        </Typography>
      )}
    </>
  );
}

const clusterColumns: TableColumn<ManagementClusterHealth>[] = [
  { title: 'Name', field: 'name', highlight: true },
  { title: 'API server', field: 'url' },
  {
    title: 'Status',
    field: 'status',
    render: row => <ReachabilityStatus status={row.status} />,
  },
  {
    title: 'Kubernetes',
    field: 'kubernetesVersion',
    emptyValue: '—',
  },
  {
    title: 'Latency',
    field: 'latencyMs',
    render: row => `${row.latencyMs} ms`,
  },
  {
    title: 'Details',
    sorting: false,
    render: row => <Problem problem={row.problem} />,
  },
];

function ManagementClustersCard({
  clusters,
}: {
  clusters: ManagementClusterHealth[];
}) {
  return (
    <Table<ManagementClusterHealth>
      title="Management clusters"
      options={{ paging: false, search: false, padding: 'dense' }}
      columns={clusterColumns}
      data={clusters}
      emptyContent={
        <Typography style={{ padding: 16 }}>
          No management cluster is configured. Add one under
          arlon.managementClusters in app-config.yaml.
        </Typography>
      }
    />
  );
}

function FleetRepositoryCard({ repo }: { repo: FleetRepositoryHealth }) {
  return (
    <InfoCard title="Fleet repository">
      <ReachabilityStatus status={repo.status} />
      {repo.status === 'notConfigured' ? (
        <Typography variant="body2">
          No fleet repository is configured. Set arlon.fleetRepo.url in
          app-config.yaml.
        </Typography>
      ) : (
        <>
          <Typography variant="body2">URL: {repo.url}</Typography>
          <Typography variant="body2">Branch: {repo.branch}</Typography>
          {repo.headCommit && (
            <Typography variant="body2">
              Head commit: <code>{repo.headCommit.slice(0, 12)}</code>
            </Typography>
          )}
          <Problem problem={repo.problem} />
        </>
      )}
    </InfoCard>
  );
}

/** The connection status of the fleet: management clusters and fleet repository. */
export function FleetHealthPanel({ health }: { health: FleetHealth }) {
  const overall = overallHealth(health);
  return (
    <Grid container spacing={3} direction="column">
      <Grid item>
        <Typography variant="body1" data-testid="fleet-health-overall">
          {OVERALL_TEXT[overall]}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          Checked at {new Date(health.checkedAt).toLocaleString()}
        </Typography>
      </Grid>
      <Grid item>
        <ManagementClustersCard clusters={health.managementClusters} />
      </Grid>
      <Grid item>
        <FleetRepositoryCard repo={health.fleetRepository} />
      </Grid>
    </Grid>
  );
}
