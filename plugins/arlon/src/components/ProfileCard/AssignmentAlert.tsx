import { Link } from '@backstage/core-components';
import Alert from '@material-ui/lab/Alert';
import type { AssignmentOutcome } from './assignmentOutcome';

/** The outcome of an apply, with the pull request to review when there is one. */
export function AssignmentAlert({
  outcome,
  onClose,
}: {
  outcome: AssignmentOutcome;
  onClose: () => void;
}) {
  return (
    <Alert severity="success" onClose={onClose}>
      {outcome.text}
      {outcome.link && (
        <>
          {' '}
          <Link to={outcome.link}>Review the pull request</Link>
        </>
      )}
    </Alert>
  );
}
