import {
  CodeSnippet,
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/frontend-plugin-api';
import {
  Cluster,
  ClusterSpec,
  renderClusterManifests,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import useAsync from 'react-use/esm/useAsync';
import { stringify } from 'yaml';
import { arlonApiRef } from '../../api/ArlonClient';
import { useDefinition } from '../common/useDefinition';
import { EditDefinitionButton } from '../DefinitionEditor/EditDefinitionButton';
import { useTemplateLink } from '../common/useTemplateLink';
import { EntityChips } from '../common/EntityChips';
import { clusterSpecTemplateLinks } from '../common/day2Templates';
import { TemplateLinks } from '../common/TemplateLinks';

/**
 * A cluster spec's page: its fields, the Cluster API manifests it renders
 * (the same compiler as the fleet repository's, run here), the clusters built
 * from it, "Clone this spec" and the day-2 templates pre-filled for it.
 */
export function ClusterSpecCard() {
  const api = useApi(arlonApiRef);
  const { value, loading, error, entity } = useDefinition(0);
  const clusters = useAsync(() => api.list('clusters'), [api]);
  const cloneLink = useTemplateLink('arlon-clone-clusterspec', {
    source: stringifyEntityRef(entity),
  });
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!value) return null;
  const spec = value.definition as ClusterSpec;
  const name = spec.metadata.name;
  const builtFrom = (clusters.value?.items ?? []).filter(
    c => (c.definition as Cluster).spec.clusterSpec === name,
  );
  let manifests: string;
  try {
    manifests = renderClusterManifests('example', 'example', spec.spec)
      .map(o => stringify(o))
      .join('---\n');
  } catch (e) {
    manifests = `# Cannot render: ${(e as Error).message}`;
  }
  const s = spec.spec;
  return (
    <InfoCard
      title={`Cluster spec ${name}`}
      subheader={s.description}
      action={
        <>
          <EditDefinitionButton kind="clusterspecs" name={name} />
          {cloneLink && <Link to={cloneLink}>Clone this spec</Link>}
        </>
      }
    >
      <Grid container spacing={2}>
        <Grid item xs={12} md={5}>
          <Typography variant="body2">
            Provider: {s.provider} ({s.type})
          </Typography>
          <Typography variant="body2">
            Kubernetes: {s.kubernetesVersion}
          </Typography>
          {s.region && (
            <Typography variant="body2">Region: {s.region}</Typography>
          )}
          {s.controlPlane && (
            <Typography variant="body2">
              Control plane: {s.controlPlane.replicas ?? 1} ×{' '}
              {s.controlPlane.machineType ?? 'default'}
            </Typography>
          )}
          <Typography variant="subtitle2" style={{ marginTop: 8 }}>
            Node pools
          </Typography>
          {s.nodePools.map(pool => (
            <Typography key={pool.name} variant="body2">
              {pool.name}: {pool.replicas} × {pool.machineType}
            </Typography>
          ))}
          <Typography variant="subtitle2" style={{ marginTop: 8 }}>
            Clusters built from it
          </Typography>
          {clusters.value && builtFrom.length === 0 && (
            <Typography variant="body2">None yet.</Typography>
          )}
          <Box>
            <EntityChips kind="Cluster" names={builtFrom.map(c => c.name)} />
          </Box>
          <Box mt={2}>
            <TemplateLinks links={clusterSpecTemplateLinks(name)} />
          </Box>
        </Grid>
        <Grid item xs={12} md={7}>
          <Typography variant="subtitle2">
            Cluster API manifests for a cluster named "example"
          </Typography>
          <CodeSnippet language="yaml" text={manifests} showCopyCodeButton />
        </Grid>
      </Grid>
    </InfoCard>
  );
}
