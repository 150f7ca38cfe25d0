import {
  Content,
  ContentHeader,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import Button from '@material-ui/core/Button';
import Grid from '@material-ui/core/Grid';
import useAsync from 'react-use/esm/useAsync';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';
import { FleetHealthPanel } from '../FleetHealthPanel/FleetHealthPanel';
import { FleetClusters } from './FleetClusters';
import { VerifyPanel } from './VerifyPanel';
import { HeldPanel } from './HeldPanel';

/** The Fleet page: every cluster at a glance, and the connections and checks that everything rests on. */
export const FleetPage = () => {
  const arlonApi = useApi(arlonApiRef);
  const health = useAsyncRetry(() => arlonApi.getHealth(), [arlonApi]);
  // One GET /verify (it probes every management cluster) feeds both panels.
  const verify = useAsync(() => arlonApi.verify(), [arlonApi]);

  return (
    <Content>
      <ContentHeader title="Fleet" />
      <Grid container spacing={3}>
        <Grid item xs={12}>
          <HeldPanel report={verify.value?.lastKnownGood} />
        </Grid>
        <Grid item xs={12}>
          <InfoCard title="Clusters">
            <FleetClusters />
          </InfoCard>
        </Grid>
        <Grid item xs={12} md={6}>
          <InfoCard
            title="Connections"
            action={
              <Button
                variant="outlined"
                onClick={health.retry}
                disabled={health.loading}
              >
                Check again
              </Button>
            }
          >
            {health.loading && <Progress />}
            {!health.loading && health.error && (
              <ResponseErrorPanel error={health.error} />
            )}
            {!health.loading && health.value && (
              <FleetHealthPanel health={health.value} />
            )}
          </InfoCard>
        </Grid>
        <Grid item xs={12} md={6}>
          <InfoCard title="Management clusters">
            <VerifyPanel result={verify} />
          </InfoCard>
        </Grid>
      </Grid>
    </Content>
  );
};
