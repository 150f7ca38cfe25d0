import {
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { stringifyEntityRef } from '@backstage/catalog-model';
import {
  describeClusterDeletion,
  Cluster,
} from '@arlon-backstage/plugin-arlon-common';
import Grid from '@material-ui/core/Grid';
import Alert from '@material-ui/lab/Alert';
import { RemoveClusterButton } from './RemoveClusterDialog';
import { useDefinition } from '../common/useDefinition';
import { EditDefinitionButton } from '../DefinitionEditor/EditDefinitionButton';
import { useTemplateLink } from '../common/useTemplateLink';
import { HeldWarning } from '../common/HeldWarning';
import { clusterTemplateLinks } from '../common/day2Templates';
import { TemplateLinks } from '../common/TemplateLinks';
import { ClusterBuild } from './ClusterBuild';
import { ClusterLive } from './ClusterLive';
import { ClusterActions } from './ClusterActions';
import { ClusterApplications } from './ClusterApplications';

/**
 * A cluster's page: how it is built (spec, mode, node pools), what CAPI and
 * ArgoCD say (phase, conditions, registration, each bundle's sync and
 * health), and what can be done (sync, refresh, update when behind, clone,
 * and the day-2 templates pre-filled for it).
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
      action={
        <>
          <EditDefinitionButton kind="clusters" name={cluster.metadata.name} />
          {cloneLink && <Link to={cloneLink}>Clone this cluster</Link>}
        </>
      }
    >
      <Grid container spacing={2}>
        {value.held && (
          <Grid item xs={12}>
            <HeldWarning held={value.held} />
          </Grid>
        )}
        <Grid item xs={12} md={6}>
          <ClusterBuild cluster={cluster} />
        </Grid>
        <Grid item xs={12} md={6}>
          <ClusterLive status={status} />
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
          <ClusterActions
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
          <TemplateLinks links={clusterTemplateLinks(cluster)} />
        </Grid>
        <Grid item xs={12}>
          <ClusterApplications applications={status?.applications ?? []} />
        </Grid>
      </Grid>
    </InfoCard>
  );
}
