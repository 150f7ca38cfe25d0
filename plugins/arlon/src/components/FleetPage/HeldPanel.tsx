import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import AlertTitle from '@material-ui/lab/AlertTitle';
import type { LastKnownGoodReport } from '@arlon-backstage/plugin-arlon-common';
import { HeldCause } from '../common/HeldWarning';

/**
 * The Fleet page's "held at last known good" warning: every definition that
 * is invalid at the head, where, the commit that broke it and the clusters
 * it holds (their deployed state does not change until it is fixed).
 * Nothing when nothing is held.
 */
export function HeldPanel({ report }: { report?: LastKnownGoodReport }) {
  if (report?.status === 'unknown')
    return (
      <Alert severity="info" data-testid="held-unknown">
        Held definitions are unknown: {report.message}
      </Alert>
    );
  if (report?.status !== 'ok') return null;
  const { definitions, unattributed } = report.held;
  if (!definitions.length && !unattributed.length) return null;
  return (
    <Alert severity="warning" data-testid="fleet-held">
      <AlertTitle>Held at last known good</AlertTitle>
      <Typography variant="body2" paragraph>
        These definitions are invalid at the head of the fleet repository
        (commit {report.held.commit.slice(0, 12)}). The clusters that rest on
        them keep the labels, generated files and Applications of their last
        valid commit until the problem is fixed in Git.
      </Typography>
      {definitions.map(d => (
        <Box key={`${d.kind}/${d.name}`} mb={1}>
          <HeldCause cause={d} />
          {d.clusters.length > 0 && (
            <Typography variant="caption" display="block">
              Holds: {d.clusters.join(', ')}
            </Typography>
          )}
        </Box>
      ))}
      {unattributed.map(f => (
        <Box key={f.file} mb={1}>
          <HeldCause cause={f} />
          <Typography variant="caption" display="block">
            Names no definition: every cluster missing from the valid fleet is
            held until it is fixed or removed.
          </Typography>
        </Box>
      ))}
    </Alert>
  );
}
