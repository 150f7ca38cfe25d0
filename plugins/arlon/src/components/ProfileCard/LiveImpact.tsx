import { Progress } from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import { mapLimit } from '@arlon-backstage/plugin-arlon-common';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import useAsync from 'react-use/esm/useAsync';
import { arlonApiRef } from '../../api/ArlonClient';
import { METHOD_LABEL } from '../DiffTab/DiffReportView';
import {
  ClusterImpact,
  clusterImpact,
  describeImpact,
  PREFLIGHT_LIMIT,
} from './liveImpact';

/**
 * What applying the profiles would change on each live cluster: a pre-flight
 * of every profile against the first {@link PREFLIGHT_LIMIT} clusters, a few
 * at a time. A cluster that cannot be reached says so on its own row.
 */
export function LiveImpact({
  profiles,
  clusters,
}: {
  profiles: string[];
  clusters: string[];
}) {
  const api = useApi(arlonApiRef);
  const shown = clusters.slice(0, PREFLIGHT_LIMIT);
  const impacts = useAsync(
    () =>
      mapLimit(shown, 4, async (cluster): Promise<ClusterImpact> => {
        try {
          const reports = await Promise.all(
            profiles.map(name =>
              api.compare({
                left: { kind: 'profile', name },
                right: { kind: 'cluster', name: cluster },
              }),
            ),
          );
          return clusterImpact(cluster, reports);
        } catch (e) {
          return { cluster, notes: [], error: (e as Error).message };
        }
      }),
    [profiles.join(','), shown.join(',')],
  );

  return (
    <div data-testid="live-impact" style={{ marginTop: 16 }}>
      <Typography variant="subtitle2">On the live clusters</Typography>
      {impacts.loading && <Progress />}
      {impacts.value && (
        <Table size="small">
          <TableBody>
            {impacts.value.map(i => (
              <TableRow key={i.cluster}>
                <TableCell style={{ whiteSpace: 'nowrap' }}>
                  {i.cluster}
                </TableCell>
                <TableCell>
                  {i.summary ? (
                    <>
                      {describeImpact(i.summary, i.notes)}
                      {i.method && (
                        <Typography variant="caption" component="span">
                          {' '}
                          ({METHOD_LABEL[i.method]})
                        </Typography>
                      )}
                      {i.notes.map(note => (
                        <Typography key={note} variant="caption" component="p">
                          {note}
                        </Typography>
                      ))}
                    </>
                  ) : (
                    <Alert severity="warning">
                      Could not pre-flight: {i.error}
                    </Alert>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {clusters.length > shown.length && (
        <Typography variant="body2">
          and {clusters.length - shown.length} more clusters: compare them in
          the profile's Diff tab.
        </Typography>
      )}
    </div>
  );
}
