import {
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
  Table,
} from '@backstage/core-components';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/frontend-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  arlonClusterUpdatePermission,
  describeClusterDeletion,
  Cluster,
  ClusterSpec,
  ClusterStatus,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { arlonApiRef } from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';
import { RemoveClusterButton } from './RemoveClusterDialog';
import { StatusLabel } from '../common/StatusLabel';
import { useDefinition } from '../common/useDefinition';
import { useTemplateLink } from '../common/useTemplateLink';
import { EntityChips } from '../common/EntityChips';
import { HeldWarning } from '../common/HeldWarning';

type Application = ClusterStatus['applications'][number];

/**
 * A cluster's page: how it is built (spec, mode, node pools), what CAPI and
 * ArgoCD say (phase, conditions, registration, each bundle's sync and
 * health), and what can be done (sync, refresh, update when behind, clone).
 */
export function ClusterCard() {
  const { value, loading, error, retry, entity } = useDefinition();
  const cloneLink = useTemplateLink('arlon-clone-cluster', {
    source: stringifyEntityRef(entity),
  });
  if (loading && !value) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  if (!value) return null;
  const cluster = value.definition as Cluster;
  const status = value.status ?? undefined;
  return (
    <InfoCard
      title={`Cluster ${cluster.metadata.name}`}
      subheader={cluster.spec.description}
      action={cloneLink && <Link to={cloneLink}>Clone this cluster</Link>}
    >
      <Grid container spacing={2}>
        {value.held && (
          <Grid item xs={12}>
            <HeldWarning held={value.held} />
          </Grid>
        )}
        <Grid item xs={12} md={6}>
          <Build cluster={cluster} />
        </Grid>
        <Grid item xs={12} md={6}>
          <Live status={status} />
        </Grid>
        {status?.behind && (
          <Grid item xs={12}>
            <Alert severity="info" data-testid="behind">
              Behind: {status.behindReasons.join('; ')}. This cluster updates
              only when someone asks (manual update policy).
            </Alert>
          </Grid>
        )}
        {status?.deletion && (
          <Grid item xs={12}>
            <Alert
              severity={status.deletion.problem ? 'error' : 'warning'}
              data-testid="deletion"
            >
              {describeClusterDeletion(status.deletion)}
            </Alert>
          </Grid>
        )}
        <Grid item xs={12}>
          <Actions
            name={cluster.metadata.name}
            behind={!!status?.behind}
            onDone={retry}
          />
          <RemoveClusterButton
            name={cluster.metadata.name}
            external={!!cluster.spec.external}
            onDone={retry}
          />
        </Grid>
        <Grid item xs={12}>
          <Applications applications={status?.applications ?? []} />
        </Grid>
      </Grid>
    </InfoCard>
  );
}

function Build({ cluster }: { cluster: Cluster }) {
  const api = useApi(arlonApiRef);
  const { spec } = cluster;
  // A linked cluster follows its spec; a cloned one keeps the copy it was made from.
  const nodeSpec = useAsync(async () => {
    if (spec.clonedFrom) return spec.clonedFrom.spec;
    if (!spec.clusterSpec) return undefined;
    return (
      (await api.get('clusterspecs', spec.clusterSpec))
        .definition as ClusterSpec
    ).spec;
  }, [api, spec.clusterSpec, spec.clonedFrom]);
  return (
    <Box>
      <Typography variant="subtitle2">Built from</Typography>
      {spec.external ? (
        <Typography>Imported: {spec.external.server}</Typography>
      ) : (
        <Typography component="div">
          {spec.clusterSpec && (
            <EntityRefLink
              entityRef={entityRef('ClusterSpec', spec.clusterSpec)}
            >
              {spec.clusterSpec}
            </EntityRefLink>
          )}{' '}
          <Chip size="small" label={spec.mode ?? 'linked'} />
          {spec.clonedFrom && (
            <Typography variant="caption" display="block">
              Cloned from revision {spec.clonedFrom.revision.slice(0, 12)}
            </Typography>
          )}
        </Typography>
      )}
      <Typography variant="subtitle2" style={{ marginTop: 8 }}>
        Profiles
      </Typography>
      <Box>
        {(spec.profiles ?? []).length === 0 && <Typography>None</Typography>}
        <EntityChips kind="Profile" names={spec.profiles ?? []} />
      </Box>
      {nodeSpec.value && (
        <>
          <Typography variant="subtitle2" style={{ marginTop: 8 }}>
            Kubernetes {nodeSpec.value.kubernetesVersion} on{' '}
            {nodeSpec.value.provider} {nodeSpec.value.type}
          </Typography>
          {nodeSpec.value.nodePools.map(pool => (
            <Typography key={pool.name} variant="body2">
              {pool.name}: {pool.replicas} × {pool.machineType}
              {pool.autoscaling
                ? ` (autoscaling ${pool.autoscaling.min}–${pool.autoscaling.max})`
                : ''}
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
}

function Live({ status }: { status?: ClusterStatus }) {
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

function Actions({
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
  const run = async (action: 'sync' | 'refresh' | 'update') => {
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

function Applications({ applications }: { applications: Application[] }) {
  return (
    <Table<Application>
      title="Bundles"
      options={{ paging: false, search: false, padding: 'dense' }}
      data={applications.filter(a => a.bundle)}
      emptyContent={<Box p={2}>No bundle applications yet.</Box>}
      columns={[
        {
          title: 'Bundle',
          field: 'bundle',
          // ArgoCD's message (it can run to paragraphs) on one line under the name, whole on hover.
          render: a => (
            <>
              <EntityRefLink entityRef={entityRef('Bundle', a.bundle!)}>
                {a.bundle}
              </EntityRefLink>
              {a.message && (
                <Typography
                  variant="caption"
                  color="textSecondary"
                  display="block"
                  noWrap
                  title={a.message}
                  style={{ maxWidth: 240 }}
                >
                  {a.message}
                </Typography>
              )}
            </>
          ),
        },
        { title: 'Profile', field: 'profile' },
        {
          title: 'Sync',
          cellStyle: { whiteSpace: 'nowrap' },
          render: a => <StatusLabel value={a.sync} />,
        },
        {
          title: 'Health',
          cellStyle: { whiteSpace: 'nowrap' },
          render: a => <StatusLabel value={a.health} />,
        },
      ]}
    />
  );
}
