import {
  Content,
  ContentHeader,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import Button from '@material-ui/core/Button';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';
import { FleetHealthPanel } from '../FleetHealthPanel/FleetHealthPanel';

/** The Fleet page: where the fleet's connections and, later, its clusters show. */
export const FleetPage = () => {
  const arlonApi = useApi(arlonApiRef);
  const health = useAsyncRetry(() => arlonApi.getHealth(), [arlonApi]);

  return (
    <Content>
      <ContentHeader title="Connections">
        <Button
          variant="outlined"
          onClick={health.retry}
          disabled={health.loading}
        >
          Check again
        </Button>
      </ContentHeader>
      {health.loading && <Progress />}
      {!health.loading && health.error && (
        <ResponseErrorPanel error={health.error} />
      )}
      {!health.loading && health.value && (
        <FleetHealthPanel health={health.value} />
      )}
    </Content>
  );
};
