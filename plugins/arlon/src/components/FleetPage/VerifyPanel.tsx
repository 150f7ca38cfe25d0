import { ResponseErrorPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import type { AsyncState } from 'react-use/esm/useAsyncFn';
import type { VerifyResponse } from '../../api/ArlonClient';
import { StatusLabel } from '../common/StatusLabel';

/** What each management cluster has and lacks for Arlon, each missing piece with what to do. */
export function VerifyPanel({
  result,
}: {
  result: AsyncState<VerifyResponse>;
}) {
  if (result.loading)
    return <Typography>Checking the management clusters…</Typography>;
  if (result.error) return <ResponseErrorPanel error={result.error} />;
  return (
    <Box>
      {result.value?.managementClusters.map(mc => (
        <Box
          key={mc.managementCluster}
          mb={2}
          data-testid={`verify-${mc.managementCluster}`}
        >
          <Typography variant="subtitle1">
            {mc.managementCluster}{' '}
            <StatusLabel value={mc.ok ? 'Healthy' : 'Degraded'} />
          </Typography>
          {mc.checks.map(c => (
            <Alert
              key={c.name}
              severity={c.ok ? 'success' : 'warning'}
              style={{ marginTop: 4 }}
            >
              <strong>{c.name}</strong>: {c.detail}
              {!c.ok && c.hint && <div>{c.hint}</div>}
            </Alert>
          ))}
        </Box>
      ))}
    </Box>
  );
}
