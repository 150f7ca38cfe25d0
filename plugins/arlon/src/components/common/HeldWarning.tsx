import type {
  HeldDefinition,
  HeldFile,
  HeldState,
} from '@arlon-backstage/plugin-arlon-common';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import AlertTitle from '@material-ui/lab/AlertTitle';

const short = (commit: string) => commit.slice(0, 12);

/** One broken definition (or file): where, what, and the commit that broke it. */
export function HeldCause({ cause }: { cause: HeldDefinition | HeldFile }) {
  const first = cause.problems[0];
  const what = 'kind' in cause ? `${cause.kind} ${cause.name}` : cause.file;
  return (
    <Typography variant="body2" component="div">
      <strong>{what}</strong>
      {first && (
        <>
          {' — '}
          <code>
            {first.file}:{first.line}
          </code>
          {first.field ? ` (${first.field})` : ''}: {first.message}
          {cause.problems.length > 1
            ? ` (and ${cause.problems.length - 1} more)`
            : ''}
        </>
      )}
      {cause.brokenBy ? (
        <>
          {'. Broken by commit '}
          <code>{short(cause.brokenBy.commit)}</code> “{cause.brokenBy.summary}”
          by {cause.brokenBy.author}
        </>
      ) : (
        '. The commit that broke it is beyond the history read'
      )}
      {cause.lastGood ? (
        <>
          {'; last good at '}
          <code>{short(cause.lastGood)}</code>
        </>
      ) : null}
      .
    </Typography>
  );
}

/**
 * The "held at last known good" warning of a definition's page: a broken
 * definition (its own, or one it rests on) changes nothing that is
 * deployed; this says so, where the problem is, and which commit made it.
 */
export function HeldWarning({ held }: { held: HeldState }) {
  return (
    <Alert severity="warning" data-testid="held-warning">
      <AlertTitle>
        Held at last known good
        {held.shownFrom ? ` (commit ${short(held.shownFrom)})` : ''}
      </AlertTitle>
      <Typography variant="body2" paragraph>
        A definition this rests on is invalid at the head of the fleet
        repository, so nothing deployed changes: its ArgoCD labels, generated
        files and Applications stay as they were at the last valid commit until
        the problem is fixed in Git.
        {held.shownFrom
          ? ' What this page shows is that last good version.'
          : ''}
      </Typography>
      {held.because.map(cause => (
        <HeldCause
          key={'kind' in cause ? `${cause.kind}/${cause.name}` : cause.file}
          cause={cause}
        />
      ))}
    </Alert>
  );
}
