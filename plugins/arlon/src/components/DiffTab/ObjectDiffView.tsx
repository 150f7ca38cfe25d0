import type { ObjectDiff } from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import { makeStyles } from '@material-ui/core/styles';
import { sideBySide } from './sideBySide';

const useStyles = makeStyles(theme => ({
  code: {
    fontFamily: 'monospace',
    fontSize: 12,
    whiteSpace: 'pre',
    overflowX: 'auto',
    margin: 0,
  },
  added: { background: theme.palette.type === 'dark' ? '#1e4620' : '#e6ffec' },
  removed: {
    background: theme.palette.type === 'dark' ? '#5a1d1d' : '#ffebe9',
  },
  hunk: { color: theme.palette.info.main },
  grid: { display: 'grid', gridTemplateColumns: '3em 1fr 3em 1fr' },
  number: {
    color: theme.palette.text.secondary,
    textAlign: 'right',
    paddingRight: 8,
  },
}));

/** One object's diff, unified or side by side, in colour. Secret values arrive masked. */
export function ObjectDiffView({
  object,
  layout,
}: {
  object: ObjectDiff;
  layout: 'unified' | 'split';
}) {
  const classes = useStyles();
  if (!object.unified) return <Box p={1}>No difference.</Box>;
  const lineClass = (line: string) => {
    if (line.startsWith('+')) return classes.added;
    if (line.startsWith('-')) return classes.removed;
    if (line.startsWith('@@')) return classes.hunk;
    return undefined;
  };
  if (layout === 'unified') {
    // The first lines repeat the object's name (=== / --- / +++).
    const lines = object.unified.split('\n').slice(3).filter(Boolean);
    return (
      <pre className={classes.code} data-testid="unified-diff">
        {lines.map((line, i) => (
          <div key={i} className={lineClass(line)}>
            {line}
          </div>
        ))}
      </pre>
    );
  }
  return (
    <div className={`${classes.code} ${classes.grid}`} data-testid="split-diff">
      {sideBySide(object.unified).map((row, i) =>
        row.hunk ? (
          <div key={i} className={classes.hunk} style={{ gridColumn: '1 / 5' }}>
            {row.hunk}
          </div>
        ) : (
          [
            <span key={`${i}ln`} className={classes.number}>
              {row.left?.number}
            </span>,
            <span
              key={`${i}l`}
              className={row.left?.changed ? classes.removed : undefined}
            >
              {row.left?.text}
            </span>,
            <span key={`${i}rn`} className={classes.number}>
              {row.right?.number}
            </span>,
            <span
              key={`${i}r`}
              className={row.right?.changed ? classes.added : undefined}
            >
              {row.right?.text}
            </span>,
          ]
        ),
      )}
    </div>
  );
}
